import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture, measuredDurationSec } from '../support/audio-fixtures.js';
import { createTestUser } from '../support/auth-users.js';
import { screenshotPath } from '../support/browser.js';
import {
  HAS_AUDIO,
  launchBrowserWithSpeechMicrophone,
  listedDurationSec,
  sessionFromApi,
  sessionIdFromLink,
  waitForRecordingUploaded,
  signInThroughUi,
} from '../support/record-flow.js';

// Each test gets its own browser (own IndexedDB and sign-in), so one test's leftovers never meet another.
let browser: BrowserContext | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function newPage(): Promise<{ page: Page; pageErrors: string[] }> {
  browser = await launchBrowserWithSpeechMicrophone();
  const page = await browser.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  return { page, pageErrors };
}

/** MUI animates state changes (about 250 ms): a screenshot taken at once catches colours mid-way. */
async function shot(page: Page, name: string) {
  await sleep(400);
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

/** A patient name no other test uses, so the list row is unambiguous. */
const patient = (given: string) => `${given} ${randomUUID().slice(0, 6)}`;

describe('Recording in Chromium with a fake microphone', () => {
  it('Records about 20 s with a pause, uploads, and lists the session with the recorded duration', async () => {
    const user = await createTestUser();
    const { page, pageErrors } = await newPage();
    await signInThroughUi(page, user);

    const patientName = patient('Ana Patiño');
    await page.getByLabel('Patient name').fill(patientName);
    // The templates come from the API; the first call after the emulators start can take seconds.
    await expect.poll(() => page.getByLabel('Template', { exact: true }).inputValue(), { timeout: 20_000 }).not.toBe('');
    await shot(page, '10-record-idle');

    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    const started = Date.now();
    await sleep(10_000);
    await page.getByRole('button', { name: 'Pause' }).click();
    const paused = Date.now();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    await sleep(3_000);
    // The clock stands still while paused.
    const clockWhilePaused = await page.getByRole('timer', { name: 'Elapsed time' }).textContent();
    await page.getByRole('button', { name: 'Resume' }).click();
    const resumed = Date.now();
    await sleep(5_000);
    await shot(page, '11-record-recording');
    await sleep(5_000);
    const clockAtStop = await page.getByRole('timer', { name: 'Elapsed time' }).textContent();
    await page.getByRole('button', { name: 'Stop' }).click();
    const stopped = Date.now();
    const recordedSec = (paused - started + (stopped - resumed)) / 1000;

    await waitForRecordingUploaded(page, 'recorded');
    await shot(page, '12-record-uploaded');
    const sessionId = await sessionIdFromLink(page, 'Open the session');

    // Navigation: the Sessions list, newest first, shows it with its duration.
    await page.getByRole('link', { name: 'Sessions' }).first().click();
    const row = page.getByRole('listitem').filter({ hasText: patientName });
    await row.waitFor({ timeout: 15_000 });
    await shot(page, '13-sessions-list');
    const listed = listedDurationSec((await row.textContent()) ?? '');

    const session = await sessionFromApi(page, user.idToken, sessionId);
    console.log(
      `recording: recorded ${recordedSec.toFixed(2)} s (pause ${((resumed - paused) / 1000).toFixed(2)} s left out), ` +
        `clock ${clockAtStop}, paused clock ${clockWhilePaused}, API ${session.audioDurationSec} s, list ${listed} s`,
    );
    expect(session.patientName).toBe(patientName);
    expect(HAS_AUDIO).toContain(session.status);
    expect(session.audio_uri).toBeTruthy();
    expect(session.audioDurationSec).not.toBeNull();
    expect(Math.abs(session.audioDurationSec! - recordedSec)).toBeLessThanOrEqual(2);
    expect(listed).not.toBeNull();
    expect(Math.abs(listed! - recordedSec)).toBeLessThanOrEqual(2);

    // The session's page plays the recording back.
    await row.getByRole('link').first().click();
    await page.getByRole('button', { name: 'Listen to the recording' }).click();
    const audio = page.getByLabel(/^Audio of /);
    await audio.waitFor();
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await shot(page, '18-session-page');
    expect(pageErrors).toEqual([]);
  });

  it('Recovers a recording after the page is reloaded mid-recording', async () => {
    const user = await createTestUser();
    const { page, pageErrors } = await newPage();
    await signInThroughUi(page, user);

    const patientName = patient('Bruno Díaz');
    await page.getByLabel('Patient name').fill(patientName);
    // The templates come from the API; the first call after the emulators start can take seconds.
    await expect.poll(() => page.getByLabel('Template', { exact: true }).inputValue(), { timeout: 20_000 }).not.toBe('');
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await sleep(8_000);

    // Leaving while recording asks first; the test says "leave" (as a clinician closing the tab would).
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();

    const recover = page.getByRole('button', { name: 'Recover recording' });
    await recover.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByText(/Recover/).first().isVisible()).toBe(true);
    expect(await page.getByText(patientName).first().isVisible()).toBe(true);
    await shot(page, '14-recovery-prompt');
    expect(dialogs).toEqual(['beforeunload']);

    await recover.click();
    await waitForRecordingUploaded(page, 'recovered');
    await shot(page, '15-recovered');
    const sessionId = await sessionIdFromLink(page, 'Open the session');

    const session = await sessionFromApi(page, user.idToken, sessionId);
    console.log(`recovery: about 8 s recorded before the reload; API ${session.audioDurationSec} s, status ${session.status}`);
    expect(session.patientName).toBe(patientName);
    expect(HAS_AUDIO).toContain(session.status);
    expect(session.audioDurationSec).toBeGreaterThan(5);
    expect(session.audioDurationSec).toBeLessThan(11);
    // Nothing is left to recover.
    await page.reload();
    await page.getByLabel('Patient name').waitFor();
    await sleep(1_000);
    expect(await page.getByRole('button', { name: 'Recover recording' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('Uploads an audio file with the file picker and lists it with its duration', async () => {
    const user = await createTestUser();
    const { page, pageErrors } = await newPage();
    await signInThroughUi(page, user);

    const patientName = patient('Carla Gómez');
    await page.getByLabel('Patient name').fill(patientName);
    // The templates come from the API; the first call after the emulators start can take seconds.
    await expect.poll(() => page.getByLabel('Template', { exact: true }).inputValue(), { timeout: 20_000 }).not.toBe('');
    const mp3 = fixture('dialogue.mp3');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Upload audio file' }).click()]);
    await chooser.setFiles(mp3);

    await page.getByText('File uploaded').waitFor({ timeout: 60_000 });
    await shot(page, '16-file-uploaded');
    const sessionId = await sessionIdFromLink(page, 'Open the session');

    const expected = measuredDurationSec(mp3);
    const session = await sessionFromApi(page, user.idToken, sessionId);
    console.log(`file: ffprobe ${expected.toFixed(3)} s, API ${session.audioDurationSec} s`);
    expect(HAS_AUDIO).toContain(session.status);
    expect(Math.abs(session.audioDurationSec! - expected)).toBeLessThanOrEqual(0.5);

    await page.getByRole('link', { name: 'Sessions' }).first().click();
    const row = page.getByRole('listitem').filter({ hasText: patientName });
    await row.waitFor({ timeout: 15_000 });
    expect(Math.abs(listedDurationSec((await row.textContent()) ?? '')! - expected)).toBeLessThanOrEqual(1);

    // Search by the start of a word of the name, then select and delete through the list.
    await page.getByLabel('Search patients').fill(patientName.split(' ')[1]!.slice(0, 3));
    await page.getByRole('list', { name: 'Search results' }).getByRole('listitem').filter({ hasText: patientName }).waitFor();
    await page.getByRole('checkbox', { name: `Select ${session.title}` }).check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('button', { name: 'Delete 1 session' }).click();
    await page.getByText('1 session deleted').waitFor();
    // Until the dialog has finished closing, its focus trap takes the focus back from the search box.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByLabel('Search patients').fill('');
    await page.getByText('No sessions yet').waitFor();
    await shot(page, '17-sessions-empty');
    expect(pageErrors).toEqual([]);
  });
});
