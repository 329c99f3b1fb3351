import type { BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestUser } from '../support/auth-users.js';
import { APP_URL, launchBrowser, shootAndCheck } from '../support/browser.js';
import { signInThroughUi } from '../support/record-flow.js';
import { api } from '../support/stack.js';

// Issue 14: rename could not correct the patient's name. In Chromium, from the Sessions list: the dialog
// edits both, says what is missing, and the corrected name is what the API and name search then have.

let browser: BrowserContext | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

describe('Renaming a session in Chromium', () => {
  it("Corrects the patient's name; the default title follows it; an empty name is refused in place", async () => {
    const user = await createTestUser();
    const created = await api(user, '/session/create_session', { patientName: 'Jon Smyth', templateId: 'soap' }).expect(201);
    const session = created.body.session as { id: string; title: string };
    const dateSuffix = session.title.slice('Jon Smyth'.length);

    browser = await launchBrowser();
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await signInThroughUi(page, user);
    await page.goto(`${APP_URL}/sessions`);
    await page.getByRole('button', { name: `Rename ${session.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename session' });
    const name = dialog.getByRole('textbox', { name: 'Patient name' });
    const title = dialog.getByRole('textbox', { name: 'Title' });
    expect(await name.inputValue()).toBe('Jon Smyth');
    await shootAndCheck(page, 'rename-session-01-dialog', undefined, { scrollToTop: false });

    await name.fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText("Enter the patient's name.").waitFor();
    await shootAndCheck(page, 'rename-session-02-missing-name', undefined, { scrollToTop: false });

    await name.fill('John Smith');
    expect(await title.inputValue()).toBe(`John Smith${dateSuffix}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('listitem', { name: `John Smith${dateSuffix}` }).waitFor({ timeout: 15_000 });

    const saved = (await api(user, '/session/session', { sessionId: session.id }).expect(200)).body.session as { patientName: string; title: string };
    expect(saved).toMatchObject({ patientName: 'John Smith', title: `John Smith${dateSuffix}` });
    const found = (await api(user, '/search/sessions_by_patient_name', { query: 'john smith' }).expect(200)).body.sessions as { id: string }[];
    expect(found.map((s) => s.id)).toContain(session.id);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
