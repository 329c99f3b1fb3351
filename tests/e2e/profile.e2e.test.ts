import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../support/auth-users.js';
import { APP_URL, launchBrowser, screenshotPath, shootAndCheck } from '../support/browser.js';

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

    // The default view is the Record tab, with the first-run step above the recorder (not in its way).
    await expect.poll(() => page.title()).toMatch(/Charta/);
    await page.getByRole('heading', { name: 'Record' }).first().waitFor();
    const firstRun = page.getByRole('region', { name: 'Welcome to Charta' });
    await firstRun.waitFor();
    await shootAndCheck(page, 'first-run-01-asked');
    await firstRun.getByLabel('Title').fill('Dr');
    await firstRun.getByLabel('Your name').fill('Ana Patiño');
    await firstRun.getByLabel('Specialty').fill('Family medicine');
    await firstRun.getByLabel('Default template').selectOption('soap');
    await firstRun.getByRole('button', { name: 'Save' }).click();
    await firstRun.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByLabel('Template', { exact: true }).inputValue()).toBe('soap');
    await page.screenshot({ path: screenshotPath('01-record-tab') });
    // The header's tooltip comes in a chunk of its own after the paint (LazyTooltip): it arrives and shows.
    await page.getByRole('button', { name: 'Use dark theme' }).hover();
    await expect.poll(() => page.getByRole('tooltip').textContent(), { timeout: 10_000 }).toBe('Use dark theme');
    // A picture only: axe's `region` rule counts an open tooltip (a popper at the end of <body>) as content
    // outside the landmarks; the tab itself was checked by axe above.
    await page.screenshot({ path: screenshotPath('record-tab-theme-tooltip-desktop') });
    await page.mouse.move(0, 400);

    // Settings has what the step saved, and changes it.
    await page.getByRole('link', { name: 'Settings' }).first().click();
    const displayName = page.getByLabel('Display name');
    await expect.poll(() => displayName.inputValue(), { timeout: 15_000 }).toBe('Ana Patiño');
    expect(await page.getByLabel('Title').inputValue()).toBe('Dr');
    await page.getByLabel('Specialty').fill('Family medicine and sports');
    await page.getByRole('form', { name: 'Profile' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile saved').waitFor();
    await page.screenshot({ path: screenshotPath('02-settings-saved') });

    await page.reload();
    await expect.poll(() => page.getByLabel('Display name').inputValue(), { timeout: 15_000 }).toBe('Ana Patiño');
    expect(await page.getByLabel('Specialty').inputValue()).toBe('Family medicine and sports');
    await page.screenshot({ path: screenshotPath('03-settings-after-reload') });
    // Done once: the Record tab does not ask again.
    await page.getByRole('link', { name: 'Record' }).first().click();
    await page.getByLabel('Patient name').waitFor();
    expect(await page.getByRole('region', { name: 'Welcome to Charta' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
