import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../support/auth-users.js';
import { APP_URL, launchBrowser, screenshotPath } from '../support/browser.js';

let browser: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('A newcomer in Chromium', () => {
  it('Signs in, edits the profile, reloads and finds the edit kept', async () => {
    const user = await createTestUser();
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));

    await page.goto(APP_URL);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    // The default view is the Record tab.
    await expect.poll(() => page.title()).toMatch(/Charta/);
    await page.getByRole('heading', { name: 'Record' }).first().waitFor();
    await page.screenshot({ path: screenshotPath('01-record-tab') });

    await page.getByRole('link', { name: 'Settings' }).first().click();
    const displayName = page.getByLabel('Display name');
    await displayName.waitFor();
    await displayName.fill('Dr Ana Patiño');
    await page.getByLabel('Specialty').fill('Family medicine');
    await page.getByRole('form', { name: 'Profile' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile saved').waitFor();
    await page.screenshot({ path: screenshotPath('02-settings-saved') });

    await page.reload();
    await expect.poll(() => page.getByLabel('Display name').inputValue(), { timeout: 15_000 }).toBe('Dr Ana Patiño');
    expect(await page.getByLabel('Specialty').inputValue()).toBe('Family medicine');
    await page.screenshot({ path: screenshotPath('03-settings-after-reload') });

    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
