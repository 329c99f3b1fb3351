// Charta through a dropped connection (issue 24; docs/decisions.md "Installable, and working through a
// dropped connection"): after one visit the service worker serves the app from the device, so with no
// connection it opens and records, and the audio goes up when the connection returns. A new version of the
// app, found during a recording, waits for it to finish.
import { readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestUser } from '../support/auth-users.js';
import { shootAndCheck } from '../support/browser.js';
import { confirmConsent, launchBrowserWithSpeechMicrophone, sessionFromApi, sessionIdFromLink, signInThroughUi, waitForRecordingUploaded } from '../support/record-flow.js';

let browser: BrowserContext | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const root = fileURLToPath(new URL('../..', import.meta.url));
/** The service worker as Hosting serves it (firebase.json `hosting.public`, or the test config's CHARTA_WEB_DIST). */
const webDist = process.env['CHARTA_WEB_DIST'] ?? 'web/dist';
const SW_FILE = isAbsolute(webDist) ? join(webDist, 'sw.js') : join(root, webDist, 'sw.js');

/** Signs in and waits until the service worker has installed (its precache holds the app) and is active. */
async function signInAndInstall(page: Page, user: Awaited<ReturnType<typeof createTestUser>>): Promise<void> {
  await signInThroughUi(page, user);
  // The templates come from the API (and are remembered on the device for an offline visit).
  await expect.poll(() => page.getByLabel('Template', { exact: true }).inputValue(), { timeout: 60_000 }).not.toBe('');
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 60_000 })
    .toBe('activated');
}

/** "01:05" (the recorder's clock) as seconds. */
async function clockSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('timer', { name: 'Elapsed time' }).first().textContent()) ?? '';
  const match = /(\d+):(\d\d)$/.exec(text.trim());
  if (!match) throw new Error(`not a clock: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

describe('Charta with no connection (service worker)', () => {
  // Sign-in, the worker's install, 10 s of recording, then transcription and the note: minutes on a busy machine.
  it('opens from the device with no connection, records, and uploads and documents the recording once back online', { timeout: 300_000 }, async () => {
    const user = await createTestUser();
    browser = await launchBrowserWithSpeechMicrophone(undefined, { serviceWorkers: 'allow' });
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await signInAndInstall(page, user);

    await browser.setOffline(true);
    await page.reload();
    // From the precache: the app, the signed-in user (Firebase Auth keeps them on the device) and the Record tab.
    const offline = page.getByText('You’re offline. Recording works; the audio uploads when you’re back online.');
    await offline.waitFor({ timeout: 30_000 });
    const patientName = `Ana Offline ${randomUUID().slice(0, 6)}`;
    await page.getByLabel('Patient name').fill(patientName);
    // The template list this device loaded before (the API is out of reach).
    await expect.poll(() => page.getByLabel('Template', { exact: true }).inputValue(), { timeout: 15_000 }).not.toBe('');
    await shootAndCheck(page, '40-record-offline');

    await page.getByRole('button', { name: 'Start recording' }).click();
    await confirmConsent(page);
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await page.getByText(/The recording is saved on this device as you speak/).waitFor();
    await sleep(10_000);
    await shootAndCheck(page, '41-recording-offline', undefined, { scrollToTop: false });
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByRole('button', { name: 'Start recording' }).waitFor({ timeout: 15_000 });
    // Nothing could go up: the recording waits on this device, and says so.
    await page.getByRole('region', { name: `Upload of the recording for ${patientName}` }).getByText('You are offline').waitFor();

    await browser.setOffline(false);
    await waitForRecordingUploaded(page, 'offline-recording', 90_000);
    expect(await offline.count()).toBe(0);
    const sessionId = await sessionIdFromLink(page, 'Open the session');
    // Documented: the pipeline transcribes it and writes the note.
    await expect.poll(async () => (await sessionFromApi(page, user.idToken, sessionId)).status, { timeout: 120_000, interval: 2_000 }).toBe('ready');
    const session = await sessionFromApi(page, user.idToken, sessionId);
    console.log(`offline recording: API ${session.audioDurationSec} s, status ${session.status}`);
    expect(session.patientName).toBe(patientName);
    expect(session.audioDurationSec).toBeGreaterThan(8);
    expect(pageErrors).toEqual([]);
  });

  it('finds a new version during a recording and installs it only once the recording is done', { timeout: 240_000 }, async () => {
    const user = await createTestUser();
    browser = await launchBrowserWithSpeechMicrophone(undefined, { serviceWorkers: 'allow' });
    const page = await browser.newPage();
    await signInAndInstall(page, user);
    // Served from the device from now on (the worker controls pages loaded after it activated).
    await page.reload();
    await page.getByLabel('Patient name').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await page.getByLabel('Patient name').fill(`Bruno Update ${randomUUID().slice(0, 6)}`);
    await expect.poll(() => page.getByLabel('Template', { exact: true }).inputValue(), { timeout: 30_000 }).not.toBe('');
    await page.getByRole('button', { name: 'Start recording' }).click();
    await confirmConsent(page);
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    // A mark that a reload would wipe.
    await page.evaluate(() => ((window as unknown as { chartaE2eMark: number }).chartaE2eMark = 1));

    // A deploy: the worker's script changes on the server (a byte is enough for the browser to install it anew).
    const original = await readFile(SW_FILE, 'utf8');
    try {
      await writeFile(SW_FILE, `${original}\n// e2e: a new version ${randomUUID()}\n`);
      await page.evaluate(async () => void (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready' });
      await prompt.waitFor({ timeout: 60_000 });
    } finally {
      await writeFile(SW_FILE, original);
    }
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'A new version is ready' }).textContent()).toContain('once this recording has finished');
    expect(await page.getByRole('button', { name: 'Update now' }).count()).toBe(0);
    await shootAndCheck(page, '42-update-while-recording', undefined, { scrollToTop: true });

    // Moving between pages does not install it: the recording goes on, in the same page.
    await page.getByRole('link', { name: 'Sessions' }).first().click();
    const bar = page.getByRole('region', { name: 'Recording in progress' });
    await bar.waitFor({ timeout: 15_000 });
    const before = await clockSeconds(page);
    await sleep(2_500);
    expect(await clockSeconds(page)).toBeGreaterThan(before);
    await bar.getByRole('link', { name: 'Back to Record' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { chartaE2eMark?: number }).chartaE2eMark)).toBe(1);

    // Stopped from the bar on another page (where the session does not open by itself, a move that would install it).
    await page.getByRole('link', { name: 'Sessions' }).first().click();
    await bar.waitFor();
    await bar.getByRole('button', { name: 'Stop' }).click();
    await bar.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { chartaE2eMark?: number }).chartaE2eMark)).toBe(1);
    // Done and uploaded: now the clinician may choose it.
    const update = page.getByRole('button', { name: 'Update now' });
    await update.waitFor({ timeout: 60_000 });
    await shootAndCheck(page, '43-update-ready');
    await update.click();
    await page.waitForFunction(() => (window as unknown as { chartaE2eMark?: number }).chartaE2eMark === undefined, null, { timeout: 30_000 });
    // The same page, reloaded into the new version: no prompt any more.
    await page.getByRole('heading', { level: 1, name: 'Sessions' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('A new version is ready').count()).toBe(0);
  });
});
