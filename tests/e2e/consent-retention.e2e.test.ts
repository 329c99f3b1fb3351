/**
 * Consent before recording, and the privacy settings, in Chromium (docs/privacy.md "Consent", "Retention"): Start
 * recording waits for the patient's consent, the session keeps who confirmed it and how, and Settings shows
 * the consent and retention cards, asking before a shorter setting with the count of sessions it affects.
 * Screenshots at 1280x800 and 390x844, each checked by axe.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { APP_URL, PHONE, shootAndCheck } from '../support/browser.js';
import { confirmConsent, launchBrowserWithSpeechMicrophone, sessionIdFromLink, signInThroughUi, waitForRecordingUploaded } from '../support/record-flow.js';

let browser: BrowserContext | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The API as the signed-in user, through Hosting as the app calls it: GET without a body, POST with one. */
async function callApi<T>(user: Pick<TestUser, 'idToken'>, path: string, body?: object): Promise<T> {
  const res = await fetch(new URL(`/api/v1${path}`, APP_URL), {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${user.idToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe('Consent and retention in Chromium', () => {
  it('Start recording waits for the patient’s consent; the session keeps it; Settings asks before deleting sooner', async () => {
    const user = await createTestUser();
    browser = await launchBrowserWithSpeechMicrophone();
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await signInThroughUi(page, user);

    const patientName = `Inés Navarro ${randomUUID().slice(0, 6)}`;
    await page.getByLabel('Patient name').fill(patientName);
    await expect.poll(() => page.getByLabel('Template', { exact: true }).inputValue(), { timeout: 60_000 }).not.toBe('');

    // On a phone, Start recording is in view: the consent step opens from it, it takes no room above it.
    await page.setViewportSize(PHONE);
    await sleep(500);
    const start = await page.getByRole('button', { name: 'Start recording' }).boundingBox();
    const navigationTop = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())?.y ?? PHONE.height;
    expect(start!.y + start!.height).toBeLessThanOrEqual(Math.min(PHONE.height, navigationTop));

    // Start asks first; Cancel records nothing.
    await page.getByRole('button', { name: 'Start recording' }).click();
    const consent = page.getByRole('dialog', { name: 'Does the patient agree to be recorded?' });
    await consent.getByText(/Is it all right with you if I record today\?/).waitFor();
    await shootAndCheck(page, 'consent-record-step');
    await consent.getByRole('button', { name: 'Cancel' }).click();
    await consent.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Pause' }).count()).toBe(0);
    expect((await callApi<{ sessions: unknown[] }>(user, '/session/sessions', {})).sessions).toEqual([]);

    await page.getByRole('button', { name: 'Start recording' }).click();
    await confirmConsent(page, 'Written');
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await sleep(3_000);
    await page.getByRole('button', { name: 'Stop' }).click();
    await waitForRecordingUploaded(page, 'consent-recording');
    const sessionId = await sessionIdFromLink(page, 'Open the session');
    const { session } = await callApi<{ session: { consent: { method: string; confirmedByUid: string } | null } }>(user, '/session/session', { sessionId });
    expect(session.consent).toMatchObject({ method: 'written', confirmedByUid: user.uid });
    await page.goto(`${APP_URL}/sessions/${sessionId}`);
    await page.getByText(/^Written consent confirmed by .+, .*\d{4}/).waitFor({ timeout: 30_000 });
    // Pictured once the note is written: the page at rest, with the consent under the session's facts.
    await page.getByRole('heading', { name: 'Documentation' }).waitFor({ timeout: 90_000 });
    await shootAndCheck(page, 'consent-session-page');

    // Settings: consent and retention, with the defaults; a shorter setting is asked about with its count.
    await page.goto(`${APP_URL}/settings`);
    const retention = page.getByRole('form', { name: 'Retention' });
    await retention.waitFor({ timeout: 30_000 });
    await shootAndCheck(page, 'consent-retention-settings');
    await retention.getByLabel('Keep whole sessions with their notes').selectOption({ label: '30 days after the session' });
    await retention.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete sooner?' });
    await dialog.waitFor();
    // The session is minutes old: 30 days deletes none of it yet, and the dialog says so.
    await dialog.getByText('No whole session yet (none is that old)').waitFor();
    await shootAndCheck(page, 'retention-shorter-dialog');
    await dialog.getByRole('button', { name: 'Delete sooner' }).click();
    await page.getByText('Retention settings saved').waitFor();
    expect((await callApi<{ profile: { retention: unknown } }>(user, '/profile')).profile.retention).toEqual({ audioDays: 7, transcriptDays: 30, sessionDays: 30 });
    expect(pageErrors).toEqual([]);
  });
});
