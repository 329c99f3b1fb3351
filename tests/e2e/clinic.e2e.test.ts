import { copyFileSync, mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { APP_URL, launchBrowser, screenshotPath, shootAndCheck } from '../support/browser.js';
import { invitationToken } from '../support/mail-catcher.js';
import { signInThroughUi } from '../support/record-flow.js';

/**
 * Clinic settings and the invitation link in Chromium (docs/clinics.md "Screens"): an owner makes a clinic
 * and invites a colleague, the email reaches the mail catcher, the colleague opens its link signed out, signs
 * in (and is brought back to it) and joins; the owner sees them and removes them, and the colleague's Clinic
 * page then shows no clinic. Each screen is photographed and checked by axe-core at both sizes.
 */
let browsers: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  browsers = [];
});

/** Copies the screenshots shootAndCheck took where CHARTA_SHOTS_DIR asks (a reviewer's folder). */
function keep(name: string) {
  const dir = process.env['CHARTA_SHOTS_DIR'];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const size of ['desktop', 'phone']) copyFileSync(screenshotPath(`${name}-${size}`), `${dir}/${name}-${size}.png`);
}

async function open(user?: TestUser): Promise<Page> {
  const browser = await launchBrowser();
  browsers.push(browser);
  const page = await browser.newPage();
  if (user) await signInThroughUi(page, user);
  return page;
}

/**
 * Waits for `locator`, pressing Try again where a loaded Functions emulator failed a request (as the
 * accessibility e2e does): the first requests of a run can take the emulator many seconds.
 */
async function until(page: Page, locator: Locator, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await locator.first().isVisible())) {
    if (Date.now() > deadline) throw new Error(`not shown within ${timeoutMs} ms: ${locator.toString()}`);
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    if (await tryAgain.first().isVisible()) await tryAgain.first().click();
    await page.waitForTimeout(500);
  }
}

const memberRow = (page: Page, email: string) => page.getByRole('list', { name: /Members/ }).getByRole('listitem').filter({ hasText: email });

describe('Clinics in Chromium', () => {
  it('an owner invites a colleague by email, the colleague joins through the link, and is removed', async () => {
    const owner = await createTestUser({ displayName: 'Dr Ana Patiño' });
    const colleague = await createTestUser({ displayName: 'Dr Bo Lind' });
    const locum = `locum-${randomUUID()}@test.charta.local`;
    const clinicName = `Northside Practice ${randomUUID().slice(0, 4)}`;

    // The owner, in no clinic yet: the empty state, reached from Settings.
    const ownerPage = await open(owner);
    await ownerPage.getByRole('link', { name: 'Settings' }).first().click();
    await ownerPage.getByRole('link', { name: 'Clinic settings' }).click();
    await until(ownerPage, ownerPage.getByRole('heading', { name: 'You are not in a clinic' }));
    await shootAndCheck(ownerPage, 'clinic-empty');
    keep('clinic-empty');

    await ownerPage.getByRole('textbox', { name: 'Clinic name' }).fill(clinicName);
    await ownerPage.getByRole('button', { name: 'Create clinic' }).click();
    await until(ownerPage, ownerPage.getByRole('heading', { name: clinicName }));

    // Two invitations: the colleague (a member) and a locum (an admin, who stays pending).
    const invite = async (email: string, role: 'Member' | 'Admin') => {
      await ownerPage.getByRole('textbox', { name: 'Email address' }).fill(email);
      await ownerPage.getByRole('combobox', { name: 'Role' }).click();
      await ownerPage.getByRole('option', { name: role, exact: true }).click();
      await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
      await ownerPage.getByText(`An invitation email was sent to ${email}.`).waitFor({ timeout: 90_000 });
    };
    await invite(colleague.email, 'Member');
    await invite(locum, 'Admin');
    const pending = ownerPage.getByRole('list', { name: 'Pending invitations' });
    await pending.getByText(colleague.email).waitFor({ timeout: 60_000 });
    await pending.getByText(locum).waitFor({ timeout: 60_000 });

    // The colleague opens the emailed link signed out: nothing of the invitation shows until sign-in.
    const token = await invitationToken(colleague.email, 15_000);
    const colleaguePage = await open();
    await colleaguePage.goto(`${APP_URL}/clinic/invitations/${token}`);
    await colleaguePage.getByRole('heading', { name: 'You are invited to a clinic' }).waitFor({ timeout: 60_000 });
    expect(await colleaguePage.getByText(clinicName).count()).toBe(0);
    await shootAndCheck(colleaguePage, 'clinic-invitation-signed-out');
    keep('clinic-invitation-signed-out');

    // Sign in brings them back to the link, which now names the clinic and the role.
    await colleaguePage.getByRole('link', { name: 'Sign in' }).click();
    await colleaguePage.getByLabel('Email').fill(colleague.email);
    await colleaguePage.getByLabel('Password').fill(colleague.password);
    await colleaguePage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await until(colleaguePage, colleaguePage.getByRole('button', { name: 'Accept and join' }));
    expect(new URL(colleaguePage.url()).pathname).toBe(`/clinic/invitations/${token}`);
    await colleaguePage.getByText(clinicName, { exact: true }).first().waitFor();
    await shootAndCheck(colleaguePage, 'clinic-invitation');
    keep('clinic-invitation');

    await colleaguePage.getByRole('button', { name: 'Accept and join' }).click();
    await until(colleaguePage, colleaguePage.getByRole('heading', { name: clinicName }));
    expect(new URL(colleaguePage.url()).pathname).toBe('/clinic');
    await colleaguePage.getByText('Your role: Member').waitFor();

    // The owner sees the colleague as a member, and the locum's invitation still pending.
    await ownerPage.reload();
    await until(ownerPage, memberRow(ownerPage, colleague.email));
    await pending.getByText(locum).waitFor({ timeout: 60_000 });
    expect(await pending.getByText(colleague.email).count()).toBe(0);
    await shootAndCheck(ownerPage, 'clinic-owner');
    keep('clinic-owner');

    // The owner removes the colleague, after a confirmation.
    await memberRow(ownerPage, colleague.email).getByRole('button', { name: /^Remove / }).click();
    await ownerPage.getByRole('dialog').getByRole('button', { name: 'Remove from clinic' }).click();
    await memberRow(ownerPage, colleague.email).waitFor({ state: 'detached', timeout: 90_000 });

    // The colleague's Clinic page now shows no clinic.
    await colleaguePage.reload();
    await until(colleaguePage, colleaguePage.getByRole('heading', { name: 'You are not in a clinic' }));
  }, 600_000);
});
