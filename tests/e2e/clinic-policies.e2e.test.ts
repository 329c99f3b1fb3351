/**
 * A clinic's policies in Chromium (docs/clinics.md "Policies"): the owner sets consent, retention and the allowed
 * sign-in methods on the clinic page; a member sees them read-only there and locked in Settings ("Set by your
 * clinic"); when the clinic stops allowing the member's way of signing in, the app says so above the page, with
 * Sign out. Screenshots and axe at 1280x800 and 390x844 on the way (CHARTA_SHOTS_DIR keeps a copy).
 */
import { randomUUID } from 'node:crypto';
import { getAuth } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { adminApp } from '../support/api-app.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { APP_URL, loaded, shootAndCheck } from '../support/browser.js';
import { authEmulatorHost } from '../support/emulators.js';
import { invitationToken } from '../support/mail-catcher.js';
import { apiAs, browserPages, keepShots } from '../support/e2e-clinicians.js';

const signedInPage = browserPages();

/** The same account signed in by an emailed code (a custom token), as the web app's code sign-in does. */
async function signedInByEmailCode(user: TestUser): Promise<TestUser> {
  const customToken = await getAuth(adminApp()).createCustomToken(user.uid);
  const res = await fetch(`http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: customToken, returnSecureToken: true }),
  });
  expect(res.status).toBe(200);
  return { ...user, idToken: ((await res.json()) as { idToken: string }).idToken };
}

describe('Clinic policies in Chromium', () => {
  it('The owner sets the policies; a member sees them read-only and locked in Settings; a refused sign-in says so with Sign out', async () => {
    const clinicName = `Hillside Surgery ${randomUUID().slice(0, 4)}`;
    const [owner, member] = await Promise.all([createTestUser({ displayName: 'Dr Ana Patiño' }), createTestUser({ displayName: 'Dr Bo Lind' })]);
    expect((await apiAs(owner, '/clinic/create', { name: clinicName })).status).toBe(201);
    expect((await apiAs(owner, '/clinic/invitations/create', { email: member.email })).status).toBe(201);
    expect((await apiAs(member, '/clinic/invitations/accept', { token: await invitationToken(member.email, 15_000) })).status).toBe(200);

    // The owner: consent and retention for everyone, and sign-in by password or Google only.
    const ownerPage = await signedInPage(owner);
    await ownerPage.goto(`${APP_URL}/clinic`);
    const card = ownerPage.getByRole('region', { name: 'Policies' });
    await loaded(ownerPage, card.getByRole('button', { name: 'Save policies' }));
    await card.getByRole('switch', { name: 'Set consent for every member' }).click();
    await card.getByRole('switch', { name: 'Set retention for every member' }).click();
    await card.getByLabel('Keep the audio').selectOption('0');
    await card.getByRole('switch', { name: 'Limit how members sign in' }).click();
    await card.getByRole('checkbox', { name: 'Emailed sign-in code' }).click();
    await card.getByRole('checkbox', { name: 'Organisation single sign-on' }).click();
    await shootAndCheck(ownerPage, 'clinic-policies-admin');
    keepShots('clinic-policies-admin');
    await card.getByRole('button', { name: 'Save policies' }).click();
    await ownerPage.getByRole('dialog', { name: 'Set retention for every member?' }).getByRole('button', { name: 'Set retention' }).click();
    await ownerPage.getByText('Clinic policies saved').waitFor({ timeout: 60_000 });

    // The member: the policies as sentences on the clinic page, and the clinic's settings locked in Settings.
    const memberPage = await signedInPage(member);
    await memberPage.goto(`${APP_URL}/clinic`);
    const memberCard = memberPage.getByRole('region', { name: 'Policies' });
    await loaded(memberPage, memberCard.getByText('Members sign in only with a password or Google.'));
    await shootAndCheck(memberPage, 'clinic-policies-member');
    keepShots('clinic-policies-member');
    await memberPage.goto(`${APP_URL}/settings`);
    const consent = memberPage.getByRole('form', { name: 'Consent' });
    await loaded(memberPage, consent.getByText(`Set by your clinic, ${clinicName}`, { exact: false }));
    expect(await consent.getByRole('switch', { name: 'Ask for the patient’s consent before recording' }).isDisabled()).toBe(true);
    await consent.scrollIntoViewIfNeeded();
    await shootAndCheck(memberPage, 'settings-set-by-clinic', undefined, { scrollToTop: false });
    keepShots('settings-set-by-clinic');

    // The clinic now allows only emailed codes (set by the owner signed in that way): the member's next request is refused.
    // (Codes first allowed with the owner's password: the policy in force refuses a code until then.)
    expect((await apiAs(owner, '/clinic/policies/set', { signInMethods: ['password', 'email_code'] })).status).toBe(200);
    expect((await apiAs(await signedInByEmailCode(owner), '/clinic/policies/set', { signInMethods: ['email_code'] })).status).toBe(200);
    await memberPage.reload();
    const refusal = memberPage.getByRole('alert').filter({ hasText: 'Your clinic does not allow this way of signing in' });
    await refusal.waitFor({ timeout: 90_000 });
    await refusal.getByText(`${clinicName} allows signing in to Charta only with an emailed code.`, { exact: false }).waitFor();
    await shootAndCheck(memberPage, 'clinic-sign-in-refused');
    keepShots('clinic-sign-in-refused');
    await refusal.getByRole('button', { name: 'Sign out' }).click();
    await memberPage.waitForURL((url) => url.pathname.startsWith('/sign-in'), { timeout: 60_000 });
  }, 600_000);
});
