import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestUser } from '../support/auth-users.js';
import { APP_URL, launchBrowser, shootAndCheck } from '../support/browser.js';
import { api } from '../support/stack.js';

// Settings → Activity against the whole emulated stack: what the clinician did in the browser (a failed
// sign-in, a sign-in, opening a session) is found in their own trail, filtered to the session, downloaded.

let browser: BrowserContext | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

const NOTES = 'Doctor: How is the cough?\nPatient: Better since Monday, no fever.\nDoctor: Keep resting and drink fluids.';

function watch(page: Page): string[] {
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  return pageErrors;
}

describe('Settings → Activity in Chromium', () => {
  it('Views a session, then finds the view in Activity, filters to that session, and downloads it as CSV', async () => {
    const user = await createTestUser();
    const created = await api(user, '/creation', { patientName: 'Rosa Activity', templateId: 'soap', text: NOTES });
    expect(created.status).toBe(201);
    const sessionId = created.body.session.id as string;
    const title = created.body.session.title as string;

    browser = await launchBrowser();
    const page = await browser.newPage();
    const pageErrors = watch(page);

    // A wrong password first (reported by the sign-in page, recorded for this account), then the right one.
    await page.goto(`${APP_URL}/sign-in`);
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('That email and password do not match an account').waitFor({ timeout: 30_000 });
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Start recording' }).waitFor({ timeout: 30_000 });

    // The session, opened: its note on screen.
    await page.goto(`${APP_URL}/sessions/${sessionId}`);
    await page.getByRole('region', { name: 'Subjective' }).waitFor({ timeout: 60_000 });

    // Settings → Activity.
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByRole('link', { name: 'View activity' }).click();
    const list = page.getByRole('list', { name: 'Activity' });
    await list.waitFor({ timeout: 30_000 });
    const view = list.getByRole('listitem', { name: /^Viewed a session, / });
    await view.first().waitFor({ timeout: 30_000 });
    expect(await view.first().getByRole('link', { name: 'Open session' }).getAttribute('href')).toBe(`/sessions/${sessionId}`);
    expect(await view.first().textContent()).toContain('Web app');
    await list.getByRole('listitem', { name: /^Signed in \(password\), / }).first().waitFor();
    await list.getByRole('listitem', { name: /^Sign-in failed, / }).first().waitFor();
    await shootAndCheck(page, 'activity');

    // Only this session: the field names it by its title; views of its note and transcript are there too.
    await view.first().getByRole('button', { name: 'Only this session’s activity' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Session' }).inputValue(), { timeout: 15_000 }).toBe(title);
    await expect.poll(() => new URL(page.url()).searchParams.get('session')).toBe(sessionId);
    await list.getByRole('listitem', { name: /^Viewed the note, / }).first().waitFor({ timeout: 15_000 });
    expect(await list.getByRole('listitem', { name: /^Signed in/ }).count()).toBe(0);
    await shootAndCheck(page, 'activity-one-session');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^charta-activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]).toMatch(/^time,action,description,outcome,/);
    expect(rows.slice(1).length).toBeGreaterThan(1);
    expect(rows.slice(1).every((row) => row.includes(sessionId))).toBe(true);
    expect(csv).toContain('session.viewed');
    expect(csv).not.toContain('Rosa');

    // Nothing matching: said so, with a way back.
    await page.getByLabel('Action').selectOption({ label: 'Printed the note' });
    await page.getByText('No activity matches these filters').waitFor({ timeout: 15_000 });
    await shootAndCheck(page, 'activity-nothing-matches');
    expect(pageErrors).toEqual([]);
  });
});
