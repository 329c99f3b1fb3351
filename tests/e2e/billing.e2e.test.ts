import { randomUUID } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import type { BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from '../support/audio-fixtures.js';
import { createTestUser, signIn, type TestUser } from '../support/auth-users.js';
import { APP_URL, axeViolations, launchBrowser, screenshotPath, shootAndCheck } from '../support/browser.js';
import { PROJECT_ID } from '../support/emulators.js';
import { confirmConsent, sessionIdFromLink, signInThroughUi } from '../support/record-flow.js';
import { waitForStatus } from '../support/stack.js';

// Billing against the whole emulated stack: the API on the Functions emulator, the Stripe emulator (its
// checkout page and its signed webhooks back to the API through Hosting), and the pipeline trigger. A free
// user at the monthly limit records a session, which is kept at its transcript; upgrades through the local
// checkout page; sees Pro once the webhook has landed; and documents the held session from its page.

let browser: BrowserContext | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** GET from the API as the signed-in user (through Hosting, as the app calls it). */
async function apiGet<T>(user: Pick<TestUser, 'idToken'>, path: string): Promise<T> {
  const res = await fetch(new URL(`/api/v1${path}`, APP_URL), { headers: { authorization: `Bearer ${user.idToken}` } });
  if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Usage {
  plan: string;
  documentationsThisMonth: number;
  monthlyLimit: number | null;
}

/**
 * Gives the user this month's free documentations, all used: what the monthly counter counts (documentation
 * records by owner and generation time) written with the Admin SDK, as other suites seed data. Writing them
 * through the pipeline would take a minute per twenty and test nothing new here.
 */
async function useUpFreeDocumentations(user: TestUser): Promise<number> {
  const { usage } = await apiGet<{ usage: Usage }>(user, '/subscription/usage');
  expect(usage).toMatchObject({ plan: 'free', documentationsThisMonth: 0 });
  const limit = usage.monthlyLimit!;
  const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: PROJECT_ID }));
  const batch = db.batch();
  for (let i = 0; i < limit; i++) {
    batch.set(db.collection('documentation').doc(`e2e-used-${user.uid}-${i}`), { ownerUid: user.uid, generatedAt: Timestamp.now() });
  }
  await batch.commit();
  expect((await apiGet<{ usage: Usage }>(user, '/subscription/usage')).usage.documentationsThisMonth).toBe(limit);
  return limit;
}

describe('Billing in Chromium', () => {
  it('A free user at the limit keeps a recorded session, upgrades through the local checkout page, sees Pro and documents the held session', async () => {
    const user = await createTestUser({ displayName: 'Dr Ana Patiño' });
    const limit = await useUpFreeDocumentations(user);

    browser = await launchBrowser();
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await signInThroughUi(page, user);

    // The Record tab says plainly that the limit is reached and recording goes on.
    await page.getByText(`You have used this month’s ${limit} free documentations`).waitFor({ timeout: 30_000 });
    await page.getByText('You can still record and upload.').waitFor();

    // A session recorded past the limit (uploaded as a file) stops at its transcript, kept.
    const patientName = `Carla Gómez ${randomUUID().slice(0, 6)}`;
    await page.getByLabel('Patient name').fill(patientName);
    await expect.poll(() => page.getByLabel('Template', { exact: true }).inputValue(), { timeout: 20_000 }).not.toBe('');
    await page.getByLabel('Template', { exact: true }).selectOption('soap');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Upload audio file' }).click()]);
    await chooser.setFiles(fixture('dialogue.mp3'));
    await confirmConsent(page);
    await page.getByText('File uploaded').waitFor({ timeout: 60_000 });
    const sessionId = await sessionIdFromLink(page, 'Open the session');
    const held = await waitForStatus(user, sessionId, ['failed', 'ready'], 90_000);
    expect(held).toMatchObject({ status: 'failed', error: { code: 'plan_limit_reached' } });

    // Its page: no failure, the transcript is there, and the action is the upgrade.
    await page.getByRole('link', { name: 'Open the session' }).click();
    await page.getByText('Kept until you upgrade').waitFor({ timeout: 30_000 });
    await shootAndCheck(page, 'billing-01-session-held');
    await page.getByRole('link', { name: 'Upgrade to document it' }).click();

    // The billing page on the free plan, at the limit.
    await page.waitForURL(/\/billing$/);
    const meter = page.getByRole('meter', { name: 'Documentations this month' });
    await meter.waitFor({ timeout: 30_000 });
    expect(await meter.getAttribute('aria-valuenow')).toBe(String(limit));
    expect(await meter.getAttribute('aria-valuemax')).toBe(String(limit));
    await page.getByText('Free plan', { exact: true }).waitFor();
    await page.getByLabel('Your invitation link').waitFor();
    await page.getByText(/^No credit yet\./).waitFor();
    await shootAndCheck(page, 'billing-02-free-at-limit');

    // Upgrade: the Stripe emulator's checkout page stands in for Stripe's embedded Checkout.
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(/\/checkout\/embedded\?client_secret=/, { timeout: 30_000 });
    await page.screenshot({ path: screenshotPath('billing-03-emulator-checkout') });
    await page.getByRole('button', { name: /^Pay / }).click();

    // Back on /billing?checkout=done: Pro as soon as the webhook has landed.
    await page.waitForURL(/\/billing/, { timeout: 30_000 });
    await page.getByText('Welcome to Pro', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByText('Pro plan', { exact: true }).waitFor();
    await page.getByText(/^Renews on /).waitFor();
    await page.getByText(/documentations this month\. Your plan has no monthly limit\.$/).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).search).toBe('');
    expect((await apiGet<{ subscription: { plan: string; status: string } }>(user, '/subscription')).subscription).toMatchObject({ plan: 'pro', status: 'active' });
    await shootAndCheck(page, 'billing-04-pro');

    // Back to the held session, which is now documented (POST /session/process through the page's action).
    await page.getByRole('link', { name: 'Back to your session to document it' }).click();
    await page.getByText('Ready to be documented').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Document it' }).click();
    await waitForStatus(user, sessionId, ['ready'], 90_000);
    await page.getByRole('region', { name: 'Subjective', exact: true }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: screenshotPath('billing-05-documented'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  it('An invitation link greets the invitee with the referrer’s short name and the sign-up records the referral', async () => {
    const referrer = await createTestUser({ displayName: 'Dr. Maria García' });
    const { profile } = await apiGet<{ profile: { referralCode: string } }>(referrer, '/profile');

    browser = await launchBrowser();
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(new URL(`/sign-up?ref=${encodeURIComponent(profile.referralCode.toLowerCase())}`, APP_URL).toString());
    await page.getByRole('status').filter({ hasText: 'Invited by Maria G.' }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: screenshotPath('billing-06-invited-sign-up') });
    const violations = await axeViolations(page);
    expect(violations.map((v) => v.id)).toEqual([]);

    const invitee = { email: `invitee-${randomUUID()}@test.charta.local`, password: 'correct-horse-battery' };
    await page.getByLabel('Email').fill(invitee.email);
    await page.getByLabel('Password').fill(invitee.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('Patient name').waitFor({ timeout: 30_000 });

    // The first profile write of the new account carried the code (upper-cased, as the API stores codes).
    const idToken = await signIn(invitee);
    await expect
      .poll(async () => (await apiGet<{ profile: { referredByCode?: string | null } }>({ idToken }, '/profile')).profile.referredByCode, { timeout: 20_000 })
      .toBe(profile.referralCode);
    expect(pageErrors).toEqual([]);
  });
});
