import type { BrowserContext, Page } from 'playwright-core';
import { fixture } from './audio-fixtures.js';
import type { TestUser } from './auth-users.js';
import { APP_URL, launchBrowser, screenshotPath } from './browser.js';

/**
 * Chromium with a fake microphone that plays the speech fixture (or another WAV file, such as tone speech),
 * looped, and microphone permission granted without a prompt: what a clinician's browser looks like after
 * they allowed the microphone.
 */
export function launchBrowserWithSpeechMicrophone(wavFile: string = fixture('dialogue.wav'), options: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<BrowserContext> {
  return launchBrowser(
    [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wavFile}`,
    // Headless tabs are "hidden"; the recorder and its timers must run as in a visible tab.
    '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding',
    ],
    options,
  );
}

/** Signs in through the app's own form and waits for the Record tab. */
export async function signInThroughUi(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.goto(APP_URL);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Patient name').waitFor({ timeout: 30_000 });
}

/**
 * Answers the consent step that Start recording or a picked file opens while "Ask for the patient's consent
 * before recording" is on (the default; docs/privacy.md "Consent"): how the patient agreed.
 */
export async function confirmConsent(page: Page, method: 'Verbal' | 'Written' = 'Verbal'): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Does the patient agree to be recorded?' });
  await dialog.getByRole('button', { name: new RegExp(`^${method} consent`) }).click();
  await dialog.waitFor({ state: 'hidden' });
}

export interface SessionFromApi {
  id: string;
  patientName: string;
  title: string;
  status: string;
  audio_uri: string | null;
  audioDurationSec: number | null;
}

/** POST /api/v1/session/session from inside the page (same origin, the user's token), as the app would. */
export async function sessionFromApi(page: Page, idToken: string, sessionId: string): Promise<SessionFromApi> {
  const answer = await page.evaluate(
    async ({ token, id }) => {
      const res = await fetch('/api/v1/session/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ sessionId: id }),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { token: idToken, id: sessionId },
  );
  if (answer.status !== 200) throw new Error(`session ${sessionId}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { session: SessionFromApi }).session;
}

/** The session id in a link to /sessions/<id>. */
export async function sessionIdFromLink(page: Page, linkName: string): Promise<string> {
  const href = await page.getByRole('link', { name: linkName }).first().getAttribute('href');
  const id = /\/sessions\/([^/?#]+)/.exec(href ?? '')?.[1];
  if (!id) throw new Error(`no session link named "${linkName}" (href ${href})`);
  return decodeURIComponent(id);
}

/** "Duration 0:20" in a Sessions list row, as seconds. */
export function listedDurationSec(rowText: string): number | null {
  const match = /Duration\s*(?:(\d+):)?(\d+):(\d\d)/.exec(rowText);
  if (!match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** A status that means the session has its audio (processing may already have moved it on). */
export const HAS_AUDIO = ['uploaded', 'transcribing', 'generating', 'ready'];

/**
 * Waits for the record page to say the recording is uploaded. When it does not, the error says what the
 * upload card showed and what upload requests the API refused, and a screenshot is kept: a failure in CI
 * is then readable without running it again.
 */
export async function waitForRecordingUploaded(page: Page, screenshotName: string, timeout = 60_000): Promise<void> {
  const refused: string[] = [];
  const onResponse = (response: { url(): string; status(): number }) => {
    if (response.url().includes('/upload_audio') && response.status() >= 400) refused.push(`HTTP ${response.status()}`);
  };
  page.on('response', onResponse);
  try {
    await page.getByText('Recording uploaded').waitFor({ timeout });
  } catch (err) {
    await page.screenshot({ path: screenshotPath(`${screenshotName}-not-uploaded`) }).catch(() => undefined);
    const cards = await page
      .getByRole('region', { name: /^Upload of the recording/ })
      .allInnerTexts()
      .catch(() => []);
    throw new Error(
      `The recording was not uploaded within ${timeout / 1000} s. Upload cards: ${JSON.stringify(cards)}; ` +
        `refused upload requests: ${refused.join(', ') || 'none'}`,
      { cause: err },
    );
  } finally {
    page.off('response', onResponse);
  }
}
