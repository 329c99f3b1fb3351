import { randomUUID } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { APP_URL, launchBrowser, shootAndCheck } from '../support/browser.js';
import { invitationToken } from '../support/mail-catcher.js';
import { signInThroughUi } from '../support/record-flow.js';
import { apiAs, keepShots } from '../support/e2e-clinicians.js';

/**
 * A clinic's day in Chromium (docs/clinics.md "Screens", "Sharing a session"): an owner makes a clinic and
 * invites a colleague, the email reaches the mail catcher, the colleague opens its link signed out, signs in
 * (and is brought back to it) and joins; the colleague adds the owner's clinic template, documents a session
 * with it and shares it with the owner, who reads it under Shared with me; the owner removes the colleague,
 * whose next request is refused and whose share ends with the membership. Each screen is photographed and
 * checked by axe-core at both sizes.
 */
let browsers: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  browsers = [];
});

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
  it('an owner invites a colleague, who joins, documents a session with a clinic template and shares it; the owner reads it and removes them', async () => {
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
    keepShots('clinic-empty');

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
    keepShots('clinic-invitation-signed-out');

    // Sign in brings them back to the link, which now names the clinic and the role.
    await colleaguePage.getByRole('link', { name: 'Sign in' }).click();
    await colleaguePage.getByLabel('Email').fill(colleague.email);
    await colleaguePage.getByLabel('Password').fill(colleague.password);
    await colleaguePage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await until(colleaguePage, colleaguePage.getByRole('button', { name: 'Accept and join' }));
    expect(new URL(colleaguePage.url()).pathname).toBe(`/clinic/invitations/${token}`);
    await colleaguePage.getByText(clinicName, { exact: true }).first().waitFor();
    // Named as the email names them: the inviter's display name, never their address.
    await colleaguePage.locator('dd', { hasText: 'Dr Ana Patiño' }).waitFor();
    expect(await colleaguePage.getByText(owner.email).count()).toBe(0);
    await shootAndCheck(colleaguePage, 'clinic-invitation');
    keepShots('clinic-invitation');

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
    keepShots('clinic-owner');

    // The owner's template in the clinic library (published through the API: clinic-library.e2e covers its screens).
    const templateName = `Northside asthma review ${randomUUID().slice(0, 4)}`;
    const made = await apiAs(owner, '/template/upsert_template', {
      template: {
        name: templateName,
        description: 'Annual asthma check',
        category: 'general',
        sections: [
          { title: 'Asthma control', instructions: 'Symptoms, night waking and reliever use, as the patient reported them.', format: 'paragraph' },
          { title: 'Plan', instructions: 'What was agreed, with doses as said.', format: 'paragraph' },
        ],
      },
    });
    expect(made.status).toBe(200);
    expect((await apiAs(owner, '/clinic/templates/publish', { templateId: (made.body['template'] as { id: string }).id })).status).toBe(200);

    // The colleague adds it from the clinic's tab and documents a session with it (pasted notes: quick, and no
    // microphone needed for what this test looks at).
    await colleaguePage.goto(`${APP_URL}/templates/library?library=clinic`);
    const entry = colleaguePage.getByRole('listitem', { name: templateName });
    await until(colleaguePage, entry);
    await entry.getByRole('button', { name: `Add to my templates: ${templateName}` }).click();
    await entry.getByRole('link', { name: /open my copy/ }).waitFor({ timeout: 30_000 });
    await colleaguePage.goto(APP_URL);
    await expect.poll(() => colleaguePage.getByLabel('Template', { exact: true }).inputValue(), { timeout: 60_000 }).not.toBe('');
    await colleaguePage.getByRole('button', { name: 'Paste notes instead' }).click();
    const pasteDialog = colleaguePage.getByRole('dialog', { name: 'Documentation from notes' });
    await pasteDialog.getByRole('textbox', { name: 'Patient name' }).fill('Ada Quist');
    await pasteDialog.getByRole('combobox', { name: 'Template' }).selectOption({ label: templateName });
    await pasteDialog
      .getByRole('textbox', { name: 'Notes or transcript' })
      .fill(
        [
          'Clinician: How has the asthma been since the spring?',
          'Patient: I wake up coughing about twice a week and use the blue inhaler most days.',
          'Clinician: We will step up to the preventer inhaler twice a day and review in four weeks.',
        ].join('\n'),
      );
    await pasteDialog.getByRole('button', { name: 'Write documentation' }).click();
    await colleaguePage.waitForURL(/\/sessions\/[^/]+$/, { timeout: 90_000 });
    const sessionId = new URL(colleaguePage.url()).pathname.split('/').at(-1)!;
    await until(colleaguePage, colleaguePage.getByRole('heading', { name: 'Asthma control' }));

    // The colleague shares it with the owner.
    await colleaguePage.getByRole('button', { name: 'Share', exact: true }).click();
    const shareDialog = colleaguePage.getByRole('dialog', { name: 'Share this session' });
    await until(colleaguePage, shareDialog.getByRole('button', { name: 'Share with Dr Ana Patiño' }));
    await shootAndCheck(colleaguePage, 'clinic-share-session', undefined, { scrollToTop: false });
    keepShots('clinic-share-session');
    await shareDialog.getByRole('button', { name: 'Share with Dr Ana Patiño' }).click();
    await shareDialog.getByRole('button', { name: 'Stop sharing with Dr Ana Patiño' }).waitFor({ timeout: 30_000 });
    await shareDialog.getByRole('button', { name: 'Done' }).click();

    // The owner finds it under Shared with me and reads the note, written with the clinic's template.
    await ownerPage.getByRole('link', { name: 'Sessions' }).first().click();
    await until(ownerPage, ownerPage.getByRole('link', { name: 'Shared with me' }));
    await ownerPage.getByRole('link', { name: 'Shared with me' }).click();
    const sharedRow = ownerPage.getByRole('list', { name: 'Sessions shared with me' }).getByRole('listitem').filter({ hasText: 'Ada Quist' });
    await until(ownerPage, sharedRow);
    expect(await sharedRow.textContent()).toContain('Shared by Dr Bo Lind');
    await shootAndCheck(ownerPage, 'clinic-shared-with-me');
    keepShots('clinic-shared-with-me');
    await sharedRow.getByRole('link').click();
    await until(ownerPage, ownerPage.getByRole('heading', { name: 'Asthma control' }));
    expect(new URL(ownerPage.url()).pathname).toBe(`/shared/${sessionId}`);
    await ownerPage.getByText(/Shared with you by Dr Bo Lind on .*only Dr Bo Lind can change it/).waitFor();
    expect(await ownerPage.getByRole('textbox').count()).toBe(0);
    await shootAndCheck(ownerPage, 'clinic-shared-session');
    keepShots('clinic-shared-session');
    // Read-only: the colleague's own session routes stay theirs (404 to the owner, as any session not theirs).
    expect((await apiAs(owner, '/session/session', { sessionId })).status).toBe(404);

    // The owner removes the colleague, after a confirmation.
    await ownerPage.goto(`${APP_URL}/clinic`);
    await until(ownerPage, memberRow(ownerPage, colleague.email));
    await memberRow(ownerPage, colleague.email).getByRole('button', { name: /^Remove / }).click();
    await ownerPage.getByRole('dialog').getByRole('button', { name: 'Remove from clinic' }).click();
    // Said once the API has answered (the row's role locator also "detaches" while the dialog hides the page).
    await ownerPage.getByText('Dr Bo Lind is no longer in the clinic').waitFor({ timeout: 90_000 });
    await memberRow(ownerPage, colleague.email).waitFor({ state: 'detached', timeout: 90_000 });

    // At once, with the same ID token: the colleague's next clinic request is refused, and the share is over.
    expect((await apiAs(colleague, '/clinic/templates/list', {})).status).toBe(404);
    expect((await apiAs(owner, '/shared/session', { sessionId })).status).toBe(404);
    await ownerPage.goto(`${APP_URL}/shared/${sessionId}`);
    await until(ownerPage, ownerPage.getByText(/This session is not shared with you, or no longer/));

    // The colleague's Clinic page now shows no clinic; their session stays theirs.
    await colleaguePage.goto(`${APP_URL}/clinic`);
    await until(colleaguePage, colleaguePage.getByRole('heading', { name: 'You are not in a clinic' }));
    expect((await apiAs(colleague, '/session/session', { sessionId })).status).toBe(200);
  }, 600_000);
});
