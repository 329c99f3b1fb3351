import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestUser } from '../support/auth-users.js';
import { APP_URL, axeViolations, launchBrowser, screenshotPath, shootAndCheck } from '../support/browser.js';
import { serveGapiShim } from '../support/gapi-shim.js';

/**
 * Every way in, in Chromium, against the Auth emulator and the local mail catcher (both started by
 * `npm test` / `npm run test:some`): verified sign-up, password reset from the emailed link, a one-time
 * code from the emailed message, Google and single sign-on through the emulator's account chooser, and
 * sign-out. Screenshots of the sign-in page at desktop and phone widths, checked by axe-core.
 */
const MAIL_CATCHER_URL = process.env['MAIL_CATCHER_URL'] ?? 'http://127.0.0.1:9380';
const SSO_PROVIDER_ID = 'oidc.charta-demo';

// A fresh browser (profile, storage) per test: a test that stops half-way never leaves the next one signed in.
let browser: BrowserContext;
beforeEach(async () => {
  browser = await launchBrowser();
  await serveGapiShim(browser);
});
afterEach(async () => browser?.close());

const newEmail = (label: string) => `${label}-${randomUUID()}@test.charta.local`;

interface AuthLink {
  kind: 'verifyEmail' | 'resetPassword' | 'signIn';
  email: string;
  url: string;
}

interface CaughtMessage {
  subject: string;
  text: string;
}

/** Waits for the mail catcher to show what an email sent: an Auth emulator link of one kind. */
async function authLink(email: string, kind: AuthLink['kind']): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${MAIL_CATCHER_URL}/api/auth-links?${new URLSearchParams({ email })}`);
        const { links } = (await res.json()) as { links: AuthLink[] };
        found = links.find((link) => link.kind === kind)?.url;
        return found;
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBeTruthy();
  return found ?? '';
}

/** Waits for the sign-in code email to this address and reads the 6 digits on their own line. */
async function signInCode(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${MAIL_CATCHER_URL}/api/messages?${new URLSearchParams({ to: email })}`);
        const { messages } = (await res.json()) as { messages: CaughtMessage[] };
        const message = messages.find((m) => m.subject === 'Your Charta sign-in code');
        code = message?.text.match(/^\s*(\d{6})\s*$/m)?.[1];
        return code;
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBeTruthy();
  return code ?? '';
}

/** The claims of the ID token the Firebase SDK has stored for the signed-in user (its IndexedDB persistence). */
async function storedIdTokenClaims(page: Page): Promise<Record<string, unknown>> {
  const token = await page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const read = open.result.transaction('firebaseLocalStorage', 'readonly').objectStore('firebaseLocalStorage').getAll();
          read.onerror = () => resolve(null);
          read.onsuccess = () => {
            const rows = read.result as { value?: { stsTokenManager?: { accessToken?: string } } }[];
            resolve(rows.map((row) => row.value?.stsTokenManager?.accessToken).find((t) => typeof t === 'string') ?? null);
          };
        };
      }),
  );
  const payload = token?.split('.')[1];
  return payload ? (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>) : {};
}

async function openPage(): Promise<{ page: Page; pageErrors: string[] }> {
  const page = await browser.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => {
    // The Auth emulator's helper iframe (another site: 127.0.0.1 beside localhost), once its gapi loader
    // calls it back, reads sessionStorage, which Chromium denies to third-party frames; the popup's result
    // still reaches the app through it and sign-in goes on. Nothing of the app's own is let through here.
    if (error.message.includes("Failed to read the 'sessionStorage' property") && error.stack?.includes('https://apis.google.com/js/api.js')) return;
    pageErrors.push(`${error.message}\n${error.stack ?? ''}`);
  });
  return { page, pageErrors };
}

async function expectInApp(page: Page) {
  await page.getByRole('heading', { name: 'Record' }).first().waitFor({ timeout: 30_000 });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
}

/** The Auth emulator's account chooser, opened by the app in a popup: a new account with this email. */
async function chooseNewAccountInPopup(page: Page, buttonName: string, email: string): Promise<string> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: buttonName }).click()]);
  await popup.waitForLoadState('domcontentloaded');
  const popupUrl = popup.url();
  await popup.locator('#add-account-button button').click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill('Dr Ana Patiño');
  await popup.locator('#sign-in').click();
  return popupUrl;
}

async function expectNoAxeViolations(page: Page) {
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('Signing in, every way (Chromium, Auth emulator, mail catcher)', () => {
  it('shows every method on the sign-in page, accessible at desktop and phone widths', async () => {
    const { page, pageErrors } = await openPage();
    await page.goto(`${APP_URL}/sign-in`);
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in with your organisation' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Email me a sign-in code' }).count()).toBe(1);
    await page.screenshot({ path: screenshotPath('sign-in-01-desktop'), fullPage: true });
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: screenshotPath('sign-in-02-phone'), fullPage: true });
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.screenshot({ path: screenshotPath('sign-in-03-reset-phone'), fullPage: true });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Back to sign in' }).click();

    await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await page.getByRole('heading', { name: 'Sign in with a code' }).waitFor();
    await page.screenshot({ path: screenshotPath('sign-in-04-code-phone'), fullPage: true });
    await expectNoAxeViolations(page);

    await page.goto(`${APP_URL}/sign-up`);
    await page.getByRole('button', { name: 'Create account' }).waitFor();
    await page.screenshot({ path: screenshotPath('sign-in-05-sign-up-phone'), fullPage: true });
    await expectNoAxeViolations(page);
    await page.close();
    expect(pageErrors).toEqual([]);
  });

  it('signs up, reads the verification link from the mail catcher, opens it, and the app sees the email verified without a new sign-in', async () => {
    const { page, pageErrors } = await openPage();
    const email = newEmail('sign-up');
    await page.goto(`${APP_URL}/sign-up`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByText('Check your inbox').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('button', { name: /Resend in/ }).isDisabled()).toBe(true);
    await page.screenshot({ path: screenshotPath('sign-in-06-check-inbox') });

    // The link opens Charta's own page (as production's custom action URL does), which applies it.
    const link = await authLink(email, 'verifyEmail');
    expect(link.startsWith(`${APP_URL}/auth/action?mode=verifyEmail&`)).toBe(true);
    const linkPage = await browser.newPage();
    await linkPage.goto(link);
    await linkPage.getByRole('heading', { name: 'Email verified' }).waitFor();
    await linkPage.getByRole('link', { name: 'Continue to Charta' }).waitFor();
    await linkPage.close();

    await page.bringToFront();
    await expect.poll(() => page.getByText('Check your inbox').count(), { timeout: 20_000 }).toBe(0);
    // The ID token the app now sends (the SDK keeps it in IndexedDB) says email_verified: the API sees it too.
    await expect.poll(() => storedIdTokenClaims(page).then((claims) => claims['email_verified']), { timeout: 10_000 }).toBe(true);
    await page.screenshot({ path: screenshotPath('sign-in-07-verified') });
    await signOut(page);
    await page.close();
    expect(pageErrors).toEqual([]);
  });

  it('resets a forgotten password from the emailed link and signs in with the new one', async () => {
    const user = await createTestUser();
    const { page, pageErrors } = await openPage();
    await page.goto(`${APP_URL}/sign-in`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(`If ${user.email} has a Charta account with a password`).waitFor();

    // The link opens Charta's page, which names the account and asks for the new password.
    const link = await authLink(user.email, 'resetPassword');
    expect(link.startsWith(`${APP_URL}/auth/action?mode=resetPassword&`)).toBe(true);
    const linkPage = await browser.newPage();
    await linkPage.goto(link);
    await linkPage.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await linkPage.getByText(user.email).waitFor();
    await linkPage.getByLabel('New password').fill('short');
    await linkPage.getByRole('button', { name: 'Save new password' }).click();
    await linkPage.getByText('Use at least 6 characters.').waitFor();
    await shootAndCheck(linkPage, 'email-action-01-new-password');
    await linkPage.getByLabel('New password').fill('a-brand-new-secret');
    await linkPage.getByRole('button', { name: 'Save new password' }).click();
    await linkPage.getByRole('heading', { name: 'Password changed' }).waitFor();
    await shootAndCheck(linkPage, 'email-action-02-password-changed');
    // A used link says so, with what to do next, instead of the identity provider's raw answer.
    await linkPage.goto(link);
    await linkPage.getByRole('heading', { name: 'This link has already been used' }).waitFor();
    await linkPage.getByText('Forgot your password?').waitFor();
    await shootAndCheck(linkPage, 'email-action-03-used-link');
    await linkPage.close();

    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('That email and password do not match an account.').waitFor();
    await page.getByLabel('Password').fill('a-brand-new-secret');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectInApp(page);
    await signOut(page);
    await page.close();
    expect(pageErrors).toEqual([]);
  });

  it('signs in with a one-time code read from the mail catcher', async () => {
    const { page, pageErrors } = await openPage();
    const email = newEmail('code');
    await page.goto(`${APP_URL}/sign-in`);
    await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await page.screenshot({ path: screenshotPath('sign-in-08-enter-code') });

    await page.getByLabel('Code', { exact: true }).fill(await signInCode(email));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectInApp(page);
    // A code proves the address: no "check your inbox" for this account.
    expect(await page.getByText('Check your inbox').count()).toBe(0);
    await signOut(page);
    await page.close();
    expect(pageErrors).toEqual([]);
  });

  it('signs in with Google through the emulator’s account chooser, always asked which account', async () => {
    const { page, pageErrors } = await openPage();
    await page.goto(`${APP_URL}/sign-in`);
    const popupUrl = await chooseNewAccountInPopup(page, 'Continue with Google', newEmail('google'));
    expect(decodeURIComponent(popupUrl)).toContain('"prompt":"select_account"');
    expect(popupUrl).toContain('providerId=google.com');
    await expectInApp(page);
    await page.screenshot({ path: screenshotPath('sign-in-09-google-signed-in') });
    await signOut(page);
    await page.close();
    expect(pageErrors).toEqual([]);
  });

  it('signs in through the configured single sign-on provider', async () => {
    const { page, pageErrors } = await openPage();
    await page.goto(`${APP_URL}/sign-in`);
    const popupUrl = await chooseNewAccountInPopup(page, 'Sign in with your organisation', newEmail('sso'));
    expect(popupUrl).toContain(`providerId=${SSO_PROVIDER_ID}`);
    await expectInApp(page);
    await signOut(page);
    await page.close();
    expect(pageErrors).toEqual([]);
  });
});
