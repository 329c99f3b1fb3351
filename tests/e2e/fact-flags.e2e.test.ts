import { FACT_FLAG_LABEL, FACT_KIND_LABELS, type Documentation } from '@charta/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestUser } from '../support/auth-users.js';
import { APP_URL, DESKTOP, launchBrowser, PHONE, shootAndCheck } from '../support/browser.js';
import { signInThroughUi } from '../support/record-flow.js';
import { api } from '../support/stack.js';

// Issue 21 end to end: a note made from pasted text (POST /creation) with one dose changed so the
// transcript no longer supports it. The session page marks the fact inline with "Not found in the
// transcript", Copy asks first, "I confirm this" resolves it, and Copy no longer asks about facts.

let browser: BrowserContext | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const PASTED = [
  'Clinician: What brings you in today?',
  'Patient: I have had pain in my left knee for three weeks.',
  'Clinician: Are you taking anything for it?',
  'Patient: Ibuprofen 400 milligrams three times a day.',
  'Clinician: Your left knee is swollen but there is no redness.',
  'Clinician: I think this is osteoarthritis of the left knee. Keep taking ibuprofen 400 mg three times a day and we will get an x-ray.',
].join('\n');

const section = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });

describe('Unsupported facts in Chromium', () => {
  it('A dose changed so the transcript does not support it: flagged inline, Copy asks first, confirmed, and Copy no longer asks about it', async () => {
    const user = await createTestUser();
    const created = await api(user, '/creation', { patientName: 'Iker Salas', templateId: 'soap', language: 'en-US', text: PASTED }).expect(201);
    const sessionId = created.body.session.id as string;
    const before = (await api(user, '/documentation/by_session', { sessionId }).expect(200)).body.documentation as Documentation;
    // The emulator's note from this text states nothing the text does not: the only flag is the one planted.
    expect(before.sections.flatMap((s) => s.flags.filter((f) => f.status === 'unresolved').map((f) => `${s.id}: ${f.kind} ${f.text}`))).toEqual([]);

    // Plant the error: the dose in the note changed, as a slip of an edit or a model would.
    const dosed = before.sections.find((s) => /\b400\b/.test(s.content));
    expect(dosed, 'a section that states the dose').toBeTruthy();
    const changed = dosed!.content.replace(/\b400\b/, '600');
    const saved = (await api(user, '/session/documentation/section/update_value', { documentationId: before.id, sectionId: dosed!.id, content: changed, counter: before.counter }).expect(200))
      .body as { section: Documentation['sections'][number] };
    const planted = saved.section.flags.filter((f) => f.status === 'unresolved');
    expect(planted.map((f) => [f.kind, f.text.startsWith('600')])).toEqual([['number', true]]);
    const flagText = planted[0]!.text;

    browser = await launchBrowser();
    await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await signInThroughUi(page, user);
    await page.goto(`${APP_URL}/sessions/${sessionId}`);

    // Inline: the words marked under the text, and said in words with the kind, in the section.
    const flagged = section(page, dosed!.title);
    const facts = flagged.getByRole('list', { name: `Facts to check in ${dosed!.title}` });
    await facts.waitFor({ timeout: 30_000 });
    const item = facts.getByRole('listitem').filter({ hasText: flagText });
    expect(await item.textContent()).toContain(`“${flagText}” ${FACT_KIND_LABELS.number} · ${FACT_FLAG_LABEL}`);
    expect(await flagged.locator('mark[data-flag="unresolved"]').allTextContents()).toEqual([flagText]);
    await page.getByRole('button', { name: '1 fact to check' }).waitFor();

    // A sentence selected in the browser's own way: a click in the text, then the arrow keys.
    const segments = page.getByRole('list', { name: 'Transcript segments' });
    await segments.waitFor({ timeout: 30_000 });
    const highlighted = segments.locator('li[data-highlighted="true"]');
    const selected = flagged.getByRole('region', { name: 'Selected sentence' });
    const text = flagged.getByRole('textbox', { name: dosed!.title, exact: true });
    await text.click({ position: { x: 12, y: 12 } });
    await selected.waitFor();
    const firstSentence = saved.section.sentences[0]!.text;
    expect(await selected.textContent()).toContain(`“${firstSentence}”`);
    await page.keyboard.press('Control+End');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => selected.textContent()).toContain(`“${saved.section.sentences.at(-1)!.text}”`);
    // The flagged fact's sentence: its support marked in the transcript (pasted text: no times, nothing to play).
    await item.getByRole('button', { name: `What was said about “${flagText}”?` }).click();
    const flaggedSentence = saved.section.sentences[planted[0]!.sentenceIndex]!;
    await expect.poll(() => selected.textContent()).toContain(`“${flaggedSentence.text}”`);
    await expect.poll(() => highlighted.count(), { timeout: 15_000 }).toBe(flaggedSentence.segmentIds.length);
    expect(flaggedSentence.segmentIds.length).toBeGreaterThan(0);
    expect(await selected.getByRole('button', { name: /^Play from/ }).count()).toBe(0);
    // The marks sit under their words, at both sizes (the phone's narrower text wraps differently).
    await expectMarksAligned(page, flagged);
    await page.setViewportSize(PHONE);
    await expectMarksAligned(page, flagged);
    await page.setViewportSize(DESKTOP);
    await shootAndCheck(page, 'evidence-01-flag-and-sentence');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shootAndCheck(page, 'evidence-01-flag-and-sentence-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // Copy asks first, naming the fact; Review copies nothing and takes the clinician to the flag.
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await page.getByRole('button', { name: 'Copy note' }).click();
    const question = page.getByRole('dialog', { name: 'Copy the note with a fact not found in the transcript?' });
    await question.waitFor();
    expect(await question.getByRole('list', { name: 'Facts not found in the transcript' }).textContent()).toContain(`${dosed!.title}: “${flagText}”`);
    await shootAndCheck(page, 'evidence-02-copy-question');
    await question.getByRole('button', { name: 'Review' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('before');
    await expect.poll(() => item.evaluate((element) => element === document.activeElement)).toBe(true);

    // "I confirm this": shown as confirmed, quietly; the API keeps it.
    await item.getByRole('button', { name: `I confirm this: “${flagText}”` }).click();
    await flagged.getByText(`You confirmed “${flagText}” (${FACT_KIND_LABELS.number}).`).waitFor();
    expect(await page.getByRole('button', { name: /to check$/ }).count()).toBe(0);
    expect(await flagged.locator('mark[data-flag="unresolved"]').count()).toBe(0);
    const after = (await api(user, '/documentation/by_session', { sessionId }).expect(200)).body.documentation as Documentation;
    expect(after.sections.find((s) => s.id === dosed!.id)!.flags.map((f) => f.status)).toEqual(['confirmed']);
    await shootAndCheck(page, 'evidence-03-confirmed');

    // Copy no longer asks about facts (the emulator's note is still a simulated note, which asks that).
    await page.getByRole('button', { name: 'Copy note' }).click();
    const demo = page.getByRole('dialog', { name: 'Copy a simulated note?' });
    await demo.waitFor();
    expect(await page.getByRole('dialog', { name: /not found in the transcript/ }).count()).toBe(0);
    await demo.getByRole('button', { name: 'Copy simulated note' }).click();
    await page.getByText(/^Note copied/).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(changed.split('\n')[0]!);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});

/**
 * The mark layer repeats the text in transparent letters under the textarea: a layer that drifted (another
 * font, padding or wrapping) would underline the wrong words. So the section's input is pictured twice with
 * the marks' paint off: once as the clinician sees it (the textarea's letters), once with the textarea's
 * letters hidden and the layer's shown in their colour. Aligned, the two pictures are the same.
 */
async function expectMarksAligned(page: Page, region: Locator) {
  const input = region.locator('.MuiInputBase-root').first();
  const style = await page.addStyleTag({
    content: '[data-testid="section-text-marks"] mark { background: none !important; text-decoration: none !important; } textarea { caret-color: transparent !important; }',
  });
  await sleep(300);
  const asSeen = await input.screenshot();
  const swap = await page.addStyleTag({
    content: 'textarea { color: transparent !important; } [data-testid="section-text-marks"], [data-testid="section-text-marks"] mark { color: var(--mui-palette-text-primary) !important; }',
  });
  await sleep(300);
  const fromLayer = await input.screenshot();
  await swap.evaluate((element) => (element as Element).remove());
  await style.evaluate((element) => (element as Element).remove());
  const differing = await page.evaluate(
    async ([a, b]) => {
      const load = (data: string) =>
        new Promise<HTMLImageElement>((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve(image);
          image.onerror = reject;
          image.src = `data:image/png;base64,${data}`;
        });
      const [first, second] = await Promise.all([load(a!), load(b!)]);
      const pixels = (image: HTMLImageElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height).data;
      };
      const p = pixels(first);
      const q = pixels(second);
      if (p.length !== q.length) return { differing: -1, total: 0 };
      let differingCount = 0;
      for (let i = 0; i < p.length; i += 4) {
        if (Math.abs(p[i]! - q[i]!) + Math.abs(p[i + 1]! - q[i + 1]!) + Math.abs(p[i + 2]! - q[i + 2]!) > 96) differingCount += 1;
      }
      return { differing: differingCount, total: p.length / 4 };
    },
    [asSeen.toString('base64'), fromLayer.toString('base64')],
  );
  // A layer off by a pixel differs on most of every letter's edge (hundreds of pixels); aligned, none or a stray few.
  expect(differing.total).toBeGreaterThan(0);
  expect(differing.differing).toBeLessThanOrEqual(differing.total / 1000);
}
