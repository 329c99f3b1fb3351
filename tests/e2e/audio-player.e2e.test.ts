import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { measuredDurationSec } from '../support/audio-fixtures.js';
import { createTestUser } from '../support/auth-users.js';
import { APP_URL, axeViolations, DESKTOP, launchBrowser, PHONE, screenshotPath } from '../support/browser.js';
import { signInThroughUi } from '../support/record-flow.js';
import { sessionWithAudio, sha256, stackAi, waitForStatus } from '../support/stack.js';

// Issue 14: the player showed "Infinity" for browser recordings and could not seek. Chromium's own
// MediaRecorder makes the recording here (a tone, about 8 s): WebM with no Duration in its header, exactly
// what the Record tab uploads. Played back on the session page, the element must know a finite duration
// (the session's) and a click on a transcript time must move playback there.

let browser: BrowserContext | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RECORDING_MS = 8_000;

/** Records `ms` of a tone with Chromium's MediaRecorder, as the app records a microphone; the WebM bytes. */
async function browserRecording(page: Page, ms: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (durationMs) => {
    const context = new AudioContext();
    const tone = context.createOscillator();
    const destination = context.createMediaStreamDestination();
    tone.connect(destination);
    tone.start();
    const recorder = new MediaRecorder(destination.stream, { mimeType: 'audio/webm;codecs=opus' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(1_000);
    await new Promise((resolve) => setTimeout(resolve, durationMs));
    recorder.stop();
    await stopped;
    await context.close();
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'audio/webm' }).arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, ms);
  return Buffer.from(base64, 'base64');
}

function hasHeaderDuration(webm: Buffer): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'charta-e2e-webm-'));
  try {
    writeFileSync(join(dir, 'r.webm'), webm);
    measuredDurationSec(join(dir, 'r.webm'));
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('The audio player in Chromium', () => {
  it('A browser recording plays with a finite duration, and a transcript time seeks there', async () => {
    browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(APP_URL);
    const recording = await browserRecording(page, RECORDING_MS);
    expect(hasHeaderDuration(recording)).toBe(false);

    // Times in the transcript, so there is a segment to click half way through.
    await stackAi().registerTranscript(sha256(recording), [
      { speaker: 'clinician', text: 'What brings you in today?', startMs: 0, endMs: 2_000 },
      { speaker: 'patient', text: 'A cough for three days.', startMs: 2_000, endMs: 5_000 },
      { speaker: 'clinician', text: 'Any fever?', startMs: 5_000, endMs: 7_500 },
    ]);
    const user = await createTestUser();
    const sessionId = await sessionWithAudio(user, recording, { patientName: 'Tomás Ruiz', filename: 'recording.webm' });
    const ready = await waitForStatus(user, sessionId, ['ready', 'failed'], 90_000);
    expect(ready['status']).toBe('ready');
    const storedSec = ready['audioDurationSec'] as number;
    expect(Math.abs(storedSec - RECORDING_MS / 1000)).toBeLessThan(1.5);

    await signInThroughUi(page, user);
    await page.goto(`${APP_URL}/sessions/${sessionId}`);
    const transcript = page.locator('section[aria-labelledby="transcript-heading"]');
    await transcript.getByText('A cough for three days.').waitFor({ timeout: 30_000 });
    await transcript.getByText(`Length 0:${String(Math.round(storedSec)).padStart(2, '0')}`).waitFor();

    await transcript.getByRole('button', { name: 'Listen to the recording' }).click();
    const audio = page.getByLabel(/^Audio of /);
    await audio.waitFor();
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const duration = await audio.evaluate((el: HTMLAudioElement) => el.duration);
    const seekableEnd = await audio.evaluate((el: HTMLAudioElement) => (el.seekable.length ? el.seekable.end(el.seekable.length - 1) : 0));
    console.log(`player: element duration ${duration} s, seekable to ${seekableEnd} s, stored ${storedSec} s, recording ${recording.length} bytes`);
    expect(Number.isFinite(duration)).toBe(true);
    expect(Math.abs(duration - storedSec)).toBeLessThan(0.1);
    expect(seekableEnd).toBeGreaterThan(storedSec - 0.5);

    // A transcript time seeks there (and plays from it).
    await audio.evaluate((el: HTMLAudioElement) => el.pause());
    await transcript.getByRole('button', { name: 'Play from 00:05' }).click();
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    const afterSeek = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);
    expect(afterSeek).toBeLessThan(7.5);
    // And back, to before where it was: a recording without cues must seek backwards too.
    await transcript.getByRole('button', { name: 'Play from 00:02' }).click();
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 }).toBeLessThan(4.5);
    expect(await audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThanOrEqual(2);
    await audio.evaluate((el: HTMLAudioElement) => el.pause());

    // The player at both sizes; axe-core on the transcript card that holds it.
    for (const [label, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      await sleep(500);
      if (!(await transcript.isVisible())) await page.getByRole('tab', { name: 'Transcript' }).click();
      await transcript.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`audio-player-${label}`) });
      const violations = await axeViolations(page, 'section[aria-labelledby="transcript-heading"]');
      const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`);
      console.log(`axe audio-player-${label}: ${violations.length} violations${summary.length ? `\n  ${summary.join('\n  ')}` : ''}`);
      expect(summary).toEqual([]);
    }
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
