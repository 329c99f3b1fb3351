/**
 * A clinic's plan in Chromium (docs/clinics.md "Seats and billing"): the owner of a clinic of two starts the
 * clinic's plan from Clinic settings, pays on the Stripe emulator's hosted checkout page, and is back on Clinic
 * settings, which shows Pro for 2 seats once Stripe's webhook has landed; the member reads the plan on Clinic
 * settings and, on Plan & billing, that the clinic pays for their Pro. Screenshots and axe at 1280x800 and
 * 390x844 on the way (CHARTA_SHOTS_DIR keeps a copy).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestUser } from '../support/auth-users.js';
import { APP_URL, loaded, shootAndCheck } from '../support/browser.js';
import { apiAs, browserPages, keepShots } from '../support/e2e-clinicians.js';
import { invitationToken } from '../support/mail-catcher.js';

const signedInPage = browserPages();

describe('A clinic’s plan in Chromium', () => {
  it('The owner starts the clinic’s plan, pays on the checkout page and sees Pro for 2 seats; the member is Pro through it', async () => {
    const [owner, member] = await Promise.all([createTestUser({ displayName: 'Dr Ana Patiño' }), createTestUser({ displayName: 'Dr Bo Lind' })]);
    expect((await apiAs(owner, '/clinic/create', { name: `Harbour Practice ${randomUUID().slice(0, 4)}` })).status).toBe(201);
    expect((await apiAs(owner, '/clinic/invitations/create', { email: member.email })).status).toBe(201);
    expect((await apiAs(member, '/clinic/invitations/accept', { token: await invitationToken(member.email, 15_000) })).status).toBe(200);

    const ownerPage = await signedInPage(owner);
    await ownerPage.goto(`${APP_URL}/clinic`);
    const card = ownerPage.getByRole('region', { name: 'Plan and seats' });
    const start = card.getByRole('button', { name: 'Start the clinic plan for 2 seats' });
    await loaded(ownerPage, start);
    await card.scrollIntoViewIfNeeded();
    await shootAndCheck(ownerPage, 'clinic-plan-free');
    keepShots('clinic-plan-free');

    await start.click();
    await ownerPage.waitForURL(/\/checkout\/cs_/, { timeout: 30_000 });
    await ownerPage.getByRole('button', { name: /^Pay / }).click();
    await ownerPage.waitForURL(/\/clinic/, { timeout: 30_000 });
    await card.getByText(/^Every member is on Pro through the clinic: 2 seats, one per member/).waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Manage billing' }).waitFor();
    expect(new URL(ownerPage.url()).search).toBe('');
    await card.scrollIntoViewIfNeeded();
    await shootAndCheck(ownerPage, 'clinic-plan-pro');
    keepShots('clinic-plan-pro');

    const memberPage = await signedInPage(member);
    await memberPage.goto(`${APP_URL}/billing`);
    await memberPage.getByText('Your clinic pays for your Pro plan: its owner and admins manage it in Clinic settings.').waitFor({ timeout: 30_000 });
    expect(await memberPage.getByRole('heading', { name: 'Upgrade to Pro' }).count()).toBe(0);
    await shootAndCheck(memberPage, 'clinic-plan-member-billing');
    keepShots('clinic-plan-member-billing');
  }, 240_000);
});
