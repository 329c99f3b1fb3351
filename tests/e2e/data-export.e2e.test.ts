import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { zipEntries } from '../../functions/src/export/zip-entries.test-support.js';
import { createTestUser } from '../support/auth-users.js';
import { APP_URL, launchBrowser, shootAndCheck } from '../support/browser.js';
import { api } from '../support/stack.js';

// Download my data and Print, against the whole emulated stack: the export is built by the Functions
// emulator's trigger, its link downloads a ZIP; the session page prints a clean note.

let browser: BrowserContext | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

const NOTES = 'Doctor: How is the cough?\nPatient: Better since Monday, no fever.\nDoctor: Keep resting and drink fluids.';

describe('Export and print in Chromium', () => {
  it('Starts Download my data in Settings, sees it built, downloads the ZIP; prints a note without the app around it', async () => {
    const user = await createTestUser();
    const created = await api(user, '/creation', { patientName: 'Rosa Export', templateId: 'soap', text: NOTES });
    expect(created.status).toBe(201);
    const sessionId = created.body.session.id as string;

    browser = await launchBrowser();
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(`${APP_URL}/sign-in`);
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Start recording' }).waitFor({ timeout: 30_000 });

    // Settings → Download my data.
    await page.getByRole('link', { name: 'Settings' }).first().click();
    const card = page.getByRole('region', { name: 'Download my data' });
    await card.getByRole('button', { name: 'Start export' }).click();
    const link = card.getByRole('link', { name: /^Download ZIP/ });
    await link.waitFor({ timeout: 60_000 });
    await shootAndCheck(page, 'data-export-ready');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^charta-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = await zipEntries(readFileSync((await download.path()) ?? ''));
    const notes = [...entries.keys()].filter((name) => name.endsWith(`(${sessionId})/note.txt`));
    expect(notes).toHaveLength(1);
    expect(entries.get(notes[0] ?? '')?.toString()).toContain('Rosa Export');

    // The session page: Print, and the page as the printer sees it.
    await page.goto(`${APP_URL}/sessions/${sessionId}`);
    await page.getByRole('region', { name: 'Subjective' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByTestId('printable-note');
    await printed.waitFor({ state: 'visible' });
    expect(await printed.getByRole('heading', { level: 1 }).textContent()).toBe('Rosa Export');
    expect(await printed.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Subjective', 'Objective', 'Assessment', 'Plan']);
    // No app chrome on paper: no navigation, no buttons.
    expect(await page.getByRole('button', { name: 'Copy note' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Settings' }).first().isVisible()).toBe(false);
    await shootAndCheck(page, 'print-note');
    await page.emulateMedia({ media: 'screen' });
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
