import { isSimulatedEngine, noteProvenance, sectionSourceLabel, provenanceChipLabel, provenanceHeader, provenanceLabel, sessionProvenance, SIMULATED_TRANSCRIPT_NOTICE, transcriptProvenance } from '@charta/contract';
import type { BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { uniqueDialogueWav } from '../support/audio-fixtures.js';
import { createTestUser } from '../support/auth-users.js';
import { APP_URL, launchBrowser, shootAndCheck } from '../support/browser.js';
import { signInThroughUi } from '../support/record-flow.js';
import { api, sessionWithAudio, waitForStatus } from '../support/stack.js';

// Issue 13: the local AI emulator is what runs without a cloud account or a local model. Audio it does not
// know gets its bundled sample consultation, and its notes are stitched from quotes: the API says so (the
// engines, the transcript's first line) and the app says so on the session, in the list and when copying.

let browser: BrowserContext | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

describe('Simulated output in Chromium', () => {
  it('A WAV the emulator does not know: the API marks the transcript simulated; the list, the transcript and the note say so, and copying asks first', async () => {
    const user = await createTestUser();
    const sessionId = await sessionWithAudio(user, uniqueDialogueWav(), { patientName: 'Ada Quist', filename: 'consultation.wav' });
    const ready = await waitForStatus(user, sessionId, ['ready', 'failed'], 90_000);
    expect(ready['status']).toBe('ready');

    // The API: the engine names the emulator, and the transcript's first line says it is not this recording.
    const transcript = (await api(user, '/session/transcription', { sessionId }).expect(200)).body.transcript as { engine: string; segments: { text: string }[] };
    expect(isSimulatedEngine(transcript.engine)).toBe(true);
    expect(transcript.segments[0]!.text.startsWith(`[${SIMULATED_TRANSCRIPT_NOTICE}]`)).toBe(true);
    const documentation = (await api(user, '/documentation/by_session', { sessionId }).expect(200)).body.documentation as { engine: string };
    expect(isSimulatedEngine(documentation.engine)).toBe(true);
    expect(ready['transcriptEngine']).toBe(transcript.engine);
    expect(ready['documentationEngine']).toBe(documentation.engine);

    browser = await launchBrowser();
    await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await signInThroughUi(page, user);

    // The list row.
    await page.goto(`${APP_URL}/sessions`);
    // Every surface says it in the contract's words (provenance.ts).
    const chip = provenanceChipLabel(sessionProvenance({ transcriptEngine: transcript.engine, documentationEngine: documentation.engine })!)!;
    const row = page.getByRole('listitem', { name: String(ready['title']) });
    await row.getByText(chip, { exact: true }).waitFor({ timeout: 30_000 });
    await shootAndCheck(page, 'simulated-01-list');

    // The session page: the transcript and the note, each above its text.
    await row.getByRole('link').click();
    await page.waitForURL(`**/sessions/${sessionId}`);
    const transcriptRegion = page.getByRole('region', { name: 'Transcript' });
    await transcriptRegion.getByText(provenanceLabel(transcriptProvenance(transcript.engine)), { exact: true }).waitFor({ timeout: 30_000 });
    await transcriptRegion.getByText(SIMULATED_TRANSCRIPT_NOTICE, { exact: false }).first().waitFor();
    const note = page.getByRole('region', { name: 'Documentation' });
    await note.getByText(provenanceLabel(noteProvenance(documentation.engine, transcript.engine)), { exact: true }).waitFor();
    await shootAndCheck(page, 'simulated-02-session');

    // Copying asks first; Cancel leaves the clipboard alone; confirming copies the note with its provenance line.
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await page.getByRole('button', { name: 'Copy note' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy a simulated note?' });
    await dialog.waitFor();
    await shootAndCheck(page, 'simulated-03-copy-question');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('before');

    await page.getByRole('button', { name: 'Copy note' }).click();
    await dialog.getByRole('button', { name: 'Copy simulated note' }).click();
    await page.getByText(/^Note copied/).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.startsWith(`${provenanceHeader(noteProvenance(documentation.engine, transcript.engine))!}\n\n`)).toBe(true);
    expect(copied).toContain('\n\nSubjective\n');

    // A line typed under the emulator's plan; History names who wrote the text before it in the same words.
    const plan = page.getByRole('textbox', { name: 'Plan' });
    await plan.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nAmoxicillin 500 mg three times daily.');
    const planSection = page.getByRole('region', { name: 'Plan' });
    // Saved on the server (the section's "Saved" shows before the typing too, so it cannot say this).
    await expect
      .poll(async () => {
        const { sections } = (await api(user, '/documentation/by_session', { sessionId }).expect(200)).body.documentation as { sections: { title: string; content: string }[] };
        return sections.find((s) => s.title === 'Plan')?.content ?? '';
      }, { timeout: 30_000 })
      .toContain('Amoxicillin 500 mg three times daily.');
    await planSection.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History: Plan' });
    await history.getByText(sectionSourceLabel('generated', noteProvenance(documentation.engine, transcript.engine)), { exact: false }).waitFor();
    await shootAndCheck(page, 'simulated-04-history');
    await history.getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'hidden' });

    // Regenerate note is a proposal: the typed line it would remove is called out, and Discard keeps it.
    await page.getByRole('button', { name: 'Regenerate note' }).click();
    const review = page.getByRole('dialog', { name: 'Review: Regenerate note' });
    await review.waitFor({ timeout: 60_000 });
    await review.getByText('Amoxicillin 500 mg three times daily.', { exact: false }).first().waitFor();
    await shootAndCheck(page, 'simulated-05-regenerate-proposal');
    await review.getByRole('button', { name: 'Discard' }).click();
    await review.waitFor({ state: 'hidden' });
    expect(await plan.inputValue()).toContain('Amoxicillin 500 mg three times daily.');
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
