import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture, measuredDurationSec } from '../support/audio-fixtures.js';
import { createTestUser } from '../support/auth-users.js';
import { DESKTOP, PHONE, screenshotPath, shootAndCheck } from '../support/browser.js';
import { expectStoredInCloudStorage } from '../support/gcs-emulator.js';
import {
  confirmConsent,
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

/** "01:05" (the recorder's clock) as seconds. */
function clockSeconds(text: string | null): number {
  const match = /(\d+):(\d\d)$/.exec(text?.trim() ?? '');
  if (!match) throw new Error(`not a clock: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** A patient name no other test uses, so the list row is unambiguous. */
const patient = (given: string) => `${given} ${randomUUID().slice(0, 6)}`;

describe('Recording in Chromium with a fake microphone', () => {
  it('Records with a pause while the clinician moves between pages, stops from the bar, shows the progress in place and opens the session by itself', async () => {
    const user = await createTestUser();
    const { page, pageErrors } = await newPage();
    await signInThroughUi(page, user);

    const patientName = patient('Ana Patiño');
    await page.getByLabel('Patient name').fill(patientName);
    // The templates come from the API; the first call after the emulators start can take seconds (this test
    // runs first: on a loaded machine it took more than 20).
    await expect.poll(() => page.getByLabel('Template', { exact: true }).inputValue(), { timeout: 60_000 }).not.toBe('');

    // On a phone, Start recording is in view without scrolling: above the fold and above the bottom navigation.
    await page.setViewportSize(PHONE);
    await sleep(500);
    const start = await page.getByRole('button', { name: 'Start recording' }).boundingBox();
    const bottomNavigationTop = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())?.y ?? PHONE.height;
    console.log(`record tab at 390x844: Start recording from y=${start?.y.toFixed(0)} to ${(start!.y + start!.height).toFixed(0)}, bottom navigation at y=${bottomNavigationTop.toFixed(0)}`);
    expect(start!.y + start!.height).toBeLessThanOrEqual(Math.min(PHONE.height, bottomNavigationTop));
    await shootAndCheck(page, '10-record-idle');

    await page.getByRole('button', { name: 'Start recording' }).click();
    await confirmConsent(page);
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    const started = Date.now();
    await sleep(8_000);
    await page.getByRole('button', { name: 'Pause' }).click();
    const paused = Date.now();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    await sleep(3_000);
    // The clock stands still while paused.
    const clockWhilePaused = await page.getByRole('timer', { name: 'Elapsed time' }).textContent();
    await page.getByRole('button', { name: 'Resume' }).click();
    const resumed = Date.now();
    await shootAndCheck(page, '11-record-recording', undefined, { scrollToTop: false });

    // The clinician looks at the Sessions list mid-visit: the recording goes on, the bar shows its time moving.
    await page.getByRole('link', { name: 'Sessions' }).first().click();
    const bar = page.getByRole('region', { name: 'Recording in progress' });
    await bar.waitFor({ timeout: 15_000 });
    const barClock = bar.getByRole('timer', { name: 'Elapsed time' });
    const before = clockSeconds(await barClock.textContent());
    await sleep(2_500);
    expect(clockSeconds(await barClock.textContent())).toBeGreaterThan(before);
    await shootAndCheck(page, '12-recording-bar-sessions', undefined, { scrollToTop: false });

    // Back to the Record tab through the bar: the same recording, still running (no bar there: the recorder is).
    await bar.getByRole('link', { name: 'Back to Record' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    // The bar leaves as the Record tab takes the recording back (a render after the recorder shows, not with it).
    await bar.waitFor({ state: 'detached', timeout: 5_000 });
    expect(clockSeconds(await page.getByRole('timer', { name: 'Elapsed time' }).textContent())).toBeGreaterThan(before);

    // Stopped from the bar on another page, then back to the Record tab to see how it is getting on.
    await page.getByRole('link', { name: 'Sessions' }).first().click();
    await bar.waitFor();
    const clockAtStop = await barClock.textContent();
    await bar.getByRole('button', { name: 'Stop' }).click();
    const stopped = Date.now();
    const recordedSec = (paused - started + (stopped - resumed)) / 1000;
    await bar.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Record' }).first().click();

    const progress = page.getByRole('region', { name: `Upload of the recording for ${patientName}` });
    await progress.waitFor({ timeout: 15_000 });
    await waitForRecordingUploaded(page, 'recorded');
    const sessionId = await sessionIdFromLink(page, 'Open the session');
    const stagesSeen = new Set<string>();
    let progressShot = false;
    const sessionHref = new RegExp(`/sessions/${sessionId}$`);
    // Nothing pressed: the session page opens by itself once the note is written.
    while (!sessionHref.test(new URL(page.url()).pathname)) {
      if (Date.now() - stopped > 120_000) throw new Error(`the session did not open by itself; progress seen: ${[...stagesSeen].join(', ')}`);
      const text = await progress.innerText({ timeout: 1_000 }).catch(() => '');
      // The alert's words (the stepper's labels are always there): what is left, then done.
      for (const stage of ['Safely stored. Transcribing', 'Safely stored. Writing the note', 'The documentation is written']) if (text.includes(stage)) stagesSeen.add(stage);
      if (stagesSeen.size > 0 && !progressShot) {
        // Quickly, at one size: the session opens by itself any moment (the ready state is checked with axe below).
        progressShot = true;
        await page.screenshot({ path: screenshotPath('13-record-progress') }).catch(() => undefined);
      }
      await sleep(250);
    }
    await page.getByRole('button', { name: 'Listen to the recording' }).waitFor({ timeout: 30_000 });
    console.log(`progress in place: seen ${[...stagesSeen].join(' → ')}; opened by itself ${((Date.now() - stopped) / 1000).toFixed(1)} s after Stop`);
    expect(stagesSeen.size).toBeGreaterThan(0);

    // The session's page plays the recording back.
    await page.getByRole('button', { name: 'Listen to the recording' }).click();
    const audio = page.getByLabel(/^Audio of /);
    await audio.waitFor();
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await shot(page, '18-session-page');

    // Back on the Record tab: the ready recording stays there with its link; it does not open again.
    await page.goBack();
    await progress.getByText('The documentation is written').waitFor({ timeout: 15_000 });
    await shootAndCheck(page, '14-record-after-stop');
    await page.setViewportSize(PHONE);
    await sleep(500);
    const startAfterStop = await page.getByRole('button', { name: 'Start recording' }).boundingBox();
    console.log(`record tab at 390x844 after Stop (progress in place): Start recording from y=${startAfterStop?.y.toFixed(0)} to ${(startAfterStop!.y + startAfterStop!.height).toFixed(0)}`);
    await page.setViewportSize(DESKTOP);
    expect(new URL(page.url()).pathname).toBe('/');

    // The Sessions list, newest first, shows it with its duration.
    await page.getByRole('link', { name: 'Sessions' }).first().click();
    const row = page.getByRole('listitem').filter({ hasText: patientName });
    await row.waitFor({ timeout: 15_000 });
    // The list was seen mid-recording (no audio, no duration yet): its cached copy shows until it is read again.
    await expect.poll(async () => listedDurationSec((await row.textContent()) ?? ''), { timeout: 15_000 }).not.toBeNull();
    const listed = listedDurationSec((await row.textContent()) ?? '');

    const session = await sessionFromApi(page, user.idToken, sessionId);
    console.log(
      `recording: recorded ${recordedSec.toFixed(2)} s (pause ${((resumed - paused) / 1000).toFixed(2)} s left out), ` +
        `clock ${clockAtStop}, paused clock ${clockWhilePaused}, API ${session.audioDurationSec} s, list ${listed} s, status ${session.status}`,
    );
    expect(session.patientName).toBe(patientName);
    expect(session.status).toBe('ready');
    await expectStoredInCloudStorage(user.uid, session.audio_uri);
    expect(session.audioDurationSec).not.toBeNull();
    expect(Math.abs(session.audioDurationSec! - recordedSec)).toBeLessThanOrEqual(2);
    expect(listed).not.toBeNull();
    expect(Math.abs(listed! - recordedSec)).toBeLessThanOrEqual(2);
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
    await confirmConsent(page);
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

  // The upload's steps until its session opens by itself, the question, then the list: past the default 120 s on a loaded machine.
  it('Uploads an audio file with the same steps as a recording, opens its session by itself, asks before the same file goes up again, and lists it with its duration', { timeout: 300_000 }, async () => {
    const user = await createTestUser();
    const { page, pageErrors } = await newPage();
    await signInThroughUi(page, user);

    const patientName = patient('Carla Gómez');
    await page.getByLabel('Patient name').fill(patientName);
    // The templates come from the API; the first call after the emulators start can take seconds (over 20 s
    // with this test alone on a loaded machine: the Functions emulator loads the API on that call).
    await expect.poll(() => page.getByLabel('Template', { exact: true }).inputValue(), { timeout: 60_000 }).not.toBe('');
    const mp3 = fixture('dialogue.mp3');
    const pickMp3 = async () => {
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Upload audio file' }).click()]);
      await chooser.setFiles(mp3);
    };
    await pickMp3();
    await confirmConsent(page);

    // Its progress shows in the recorder, where a stopped recording's does (not only at the picker below).
    const progress = page.getByRole('region', { name: 'Record', exact: true }).getByRole('region', { name: `Upload of dialogue.mp3 for ${patientName}` });
    await progress.waitFor({ timeout: 15_000 });
    for (const step of ['Uploading', 'Transcribing', 'Writing documentation', 'Ready']) await progress.getByText(step, { exact: true }).waitFor();
    await progress.getByText('File uploaded').waitFor({ timeout: 60_000 });
    const started = Date.now();
    const sessionId = await sessionIdFromLink(page, 'Open the session');
    // Accepted by the server: the form is ready for the next patient.
    expect(await page.getByLabel('Patient name').inputValue()).toBe('');
    const stagesSeen = new Set<string>();
    let progressShot = false;
    // Nothing pressed: the session page opens by itself once the note is written.
    while (!new RegExp(`/sessions/${sessionId}$`).test(new URL(page.url()).pathname)) {
      if (Date.now() - started > 120_000) throw new Error(`the session did not open by itself; progress seen: ${[...stagesSeen].join(', ')}`);
      const text = await progress.innerText({ timeout: 1_000 }).catch(() => '');
      for (const stage of ['Safely stored. Transcribing', 'Safely stored. Writing the note', 'The documentation is written']) if (text.includes(stage)) stagesSeen.add(stage);
      if (stagesSeen.size > 0 && !progressShot) {
        progressShot = true;
        await page.screenshot({ path: screenshotPath('16-file-uploaded') }).catch(() => undefined);
      }
      await sleep(250);
    }
    console.log(`file upload progress: seen ${[...stagesSeen].join(' → ')}; opened by itself ${((Date.now() - started) / 1000).toFixed(1)} s after the upload`);
    expect(stagesSeen.size).toBeGreaterThan(0);

    // The same file again, for someone else by mistake: asked first, by its checksum, and no second session.
    await page.getByRole('link', { name: 'Record' }).first().click();
    await page.getByLabel('Patient name').fill(patient('Someone Else'));
    await pickMp3();
    const question = page.getByRole('dialog', { name: 'Upload this file again?' });
    await question.waitFor({ timeout: 15_000 });
    expect(await question.innerText()).toMatch(new RegExp(`You uploaded dialogue\\.mp3 (today|yesterday) at .+ for ${patientName}: open that session, or upload again\\?`));
    await shootAndCheck(page, '16b-same-file-asks', undefined, { scrollToTop: false });
    await question.getByRole('link', { name: 'Open that session' }).click();
    await page.waitForURL(new RegExp(`/sessions/${sessionId}$`));

    const expected = measuredDurationSec(mp3);
    const session = await sessionFromApi(page, user.idToken, sessionId);
    console.log(`file: ffprobe ${expected.toFixed(3)} s, API ${session.audioDurationSec} s`);
    expect(HAS_AUDIO).toContain(session.status);
    expect(Math.abs(session.audioDurationSec! - expected)).toBeLessThanOrEqual(0.5);
    await expectStoredInCloudStorage(user.uid, session.audio_uri);

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
