import type { BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestUser } from '../support/auth-users.js';
import { APP_URL, screenshotPath } from '../support/browser.js';
import { launchBrowserWithSpeechMicrophone, sessionIdFromLink, signInThroughUi, waitForRecordingUploaded } from '../support/record-flow.js';
import { api, waitForStatus } from '../support/stack.js';

// The real offline engine end to end: Chromium's fake microphone plays the synthesized dialogue, the app
// records and uploads it, the pipeline transcribes it with pocketsphinx and writes the note. Runs on a stack
// started with it: CHARTA_TEST_TRANSCRIBER=pocketsphinx CHARTA_FULL_STACK=1 npm run test:some -- <this file>
// (the usual stack keeps the emulator, whose transcripts tests need exactly).
// The script's plain words of four letters or more (the microphone path adds Opus at browser settings, so it
// hears fewer of them than the adapter test does from the file).
const HEARD = ['morning', 'brings', 'today', 'cough', 'three', 'days', 'mild', 'fever', 'last', 'night', 'shortness', 'breath', 'chest', 'pain', 'little', 'breathless', 'stairs'];

let browser: BrowserContext | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

describe.skipIf(process.env['TRANSCRIBER'] !== 'pocketsphinx')('Recording transcribed by pocketsphinx', () => {
  it('Words spoken into the microphone are in the transcript and in the note, marked as pocketsphinx', { timeout: 240_000 }, async () => {
    const user = await createTestUser();
    browser = await launchBrowserWithSpeechMicrophone();
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
    await signInThroughUi(page, user).catch(async (err: unknown) => {
      await page.screenshot({ path: screenshotPath('local-engine-sign-in-failed'), fullPage: true });
      throw new Error(`sign-in failed at ${page.url()}: ${problems.join(' | ')}`, { cause: err });
    });
    await page.getByLabel('Patient name').fill('Local Engine');
    await expect.poll(() => page.getByLabel('Template', { exact: true }).inputValue(), { timeout: 20_000 }).not.toBe('');
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    // The fixture is about 14.4 s: one full pass of the dialogue.
    await new Promise((resolve) => setTimeout(resolve, 16_000));
    await page.getByRole('button', { name: 'Stop' }).click();
    await waitForRecordingUploaded(page, 'local-engine');
    const sessionId = await sessionIdFromLink(page, 'Open the session');

    await waitForStatus(user, sessionId, ['ready'], 180_000);
    const transcript = (await api(user, '/session/transcription', { sessionId }).expect(200)).body.transcript as { engine: string; text: string };
    expect(transcript.engine).toBe('pocketsphinx/en-us');
    const heard = HEARD.filter((word) => transcript.text.toLowerCase().split(/\W+/).includes(word));
    console.log(`pocketsphinx heard through the microphone: "${transcript.text}" (script words: ${heard.join(', ')})`);
    expect(heard.length).toBeGreaterThanOrEqual(2);
    const documentation = (await api(user, '/documentation/by_session', { sessionId }).expect(200)).body.documentation as { sections: { content: string }[] };
    const note = documentation.sections.map((s) => s.content).join(' ').toLowerCase();
    expect(heard.some((word) => note.includes(word))).toBe(true);

    await page.goto(`${APP_URL}/sessions/${sessionId}`);
    await page.getByText(heard[0]!, { exact: false }).first().waitFor({ timeout: 20_000 });
    await page.screenshot({ path: screenshotPath('local-engine-session'), fullPage: true });
  });
});
