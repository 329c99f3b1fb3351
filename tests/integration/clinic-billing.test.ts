/**
 * Seats and billing of a clinic (docs/clinics.md "Seats and billing"), through the real Stripe adapter against
 * the Stripe emulator on a Stripe account of this suite's own: the clinic's plan bought at a seat per member,
 * every member Pro while it is paid, the seats following joins and leaves (prorated by Stripe, once per change),
 * a member's own plan ended with its unused days credited, and the plan ended with the clinic.
 */
import request from 'supertest';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../functions/src/app.js';
import { clinicPayer } from '../../functions/src/clinics/clinic-seats.js';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { clinicCalls } from '../support/clinics.js';
import { bearer } from '../support/sessions.js';
import { emulatorControl, ownStripeAccount, receiveWebhooks, testStripe, upgradeToPro } from '../support/stripe-emulator.js';
import { uniqueTestCard } from '../support/stripe-emulator-client.js';

const billing = ownStripeAccount('clinic_billing_suite');
const { app, db } = emulatorApi({ config: { billing } });
const stripe = testStripe(billing);
const { call, inClinic, newClinic, invite, join } = clinicCalls(app);
let webhooks: Awaited<ReturnType<typeof receiveWebhooks>>;

beforeAll(async () => {
  webhooks = await receiveWebhooks(app, 5441, billing);
});
afterAll(async () => {
  await webhooks.close();
});

const planOf = async (user: TestUser) => ((await request(app).get(`${API_BASE_PATH}/subscription/usage`).set(bearer(user)).expect(200)).body.usage as { plan: string }).plan;

/** The clinic's record, as billing keeps it (subscriptions/{clinic payer}). */
async function clinicRecord(clinicId: string) {
  return (await db.collection('subscriptions').doc(clinicPayer(clinicId)).get()).data() as { stripeSubscriptionId: string; stripeCustomerId: string; plan: string; quantity: number } | undefined;
}

/**
 * The clinic's checkout, opened by `admin` and paid on the emulator (its events delivered as `delivery` asks):
 * answers the clinic's subscription id.
 */
async function buyClinicPlan(admin: TestUser, delivery: 'normal' | 'twice' = 'normal'): Promise<string> {
  const link = await call(admin, '/billing/checkout').expect(200);
  expect(String(link.body.url)).toContain('/checkout/');
  const sessionId = /\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(String(link.body.url))![1]!;
  const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['line_items'] });
  expect(session.success_url).toContain('/clinic?checkout=done');
  const done = await emulatorControl(`checkout_sessions/${sessionId}/complete`, { card: uniqueTestCard(), delivery });
  return done.subscription!;
}

const quantityOf = async (subscriptionId: string) => (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.quantity;
const prorationsOf = async (customer: string) => (await stripe.invoiceItems.list({ customer, limit: 100 })).data.filter((ii: Stripe.InvoiceItem) => ii.proration);

describe('A clinic’s plan: a seat per member, every member Pro, nobody billed twice', () => {
  it('Bought at a seat per member; seats follow joins and leaves, prorated once each; a joining member’s own plan ends credited; the plan ends with the clinic', async () => {
    const [owner, colleague, locum, member] = await Promise.all([createTestUser(), createTestUser(), createTestUser(), createTestUser()]);
    const { clinic } = await newClinic(owner);
    await join(owner, colleague);
    expect((await inClinic(owner)).billing).toMatchObject({ plan: 'free', status: 'none', seats: 2, billedSeats: null });
    // Members do not buy for the clinic.
    expect((await call(colleague, '/billing/checkout')).status).toBe(403);
    await expect(call(owner, '/billing/portal').expect(409)).resolves.toBeTruthy();

    // Stripe delivers every event of the purchase twice: each is handled once.
    const subscriptionId = await buyClinicPlan(owner, 'twice');
    expect(await quantityOf(subscriptionId)).toBe(2);
    expect((await inClinic(colleague)).billing).toMatchObject({ plan: 'pro', status: 'active', seats: 2, billedSeats: 2 });
    expect(await planOf(colleague)).toBe('pro');
    expect(await planOf(owner)).toBe('pro');
    // A second checkout for the clinic is refused, as for a clinician on Pro.
    expect((await call(owner, '/billing/checkout')).status).toBe(409);

    // The locum pays for Pro themselves, then joins: their plan ends with its unused days credited, and they
    // are Pro through the clinic. The seats become 3, with Stripe's two proration items for that change.
    const own = await upgradeToPro(app, locum);
    await join(owner, locum);
    expect(await quantityOf(subscriptionId)).toBe(3);
    const customer = (await clinicRecord(clinic.id))!.stripeCustomerId;
    expect(await prorationsOf(customer)).toHaveLength(2);
    expect((await stripe.subscriptions.retrieve(own.subscriptionId)).status).toBe('canceled');
    const locumCustomer = (await stripe.subscriptions.retrieve(own.subscriptionId)).customer as string;
    expect(((await stripe.customers.retrieve(locumCustomer)) as Stripe.Customer).balance).toBeLessThan(-2800);
    expect(await planOf(locum)).toBe('pro');
    // Stripe's event for that seat change, delivered twice more: handled once, nothing changes or is billed again.
    const updates = await stripe.events.list({ type: 'customer.subscription.updated', limit: 20 });
    const seatChange = updates.data.find((e) => {
      const object = e.data.object as Stripe.Subscription;
      return object.id === subscriptionId && object.items.data[0]?.quantity === 3;
    });
    expect(seatChange).toBeDefined();
    await emulatorControl(`events/${seatChange!.id}/resend`);
    await emulatorControl(`events/${seatChange!.id}/resend`);
    expect((await db.collection('stripeEvents').doc(seatChange!.id).get()).exists).toBe(true);
    expect(await quantityOf(subscriptionId)).toBe(3);
    expect(await prorationsOf(customer)).toHaveLength(2);
    expect((await clinicRecord(clinic.id))?.quantity).toBe(3);
    // Nor can they buy a plan of their own while the clinic pays for them.
    const refused = await request(app).get(`${API_BASE_PATH}/stripe/payments_link?plan=pro`).set(bearer(locum)).expect(409);
    expect(refused.body.error.message).toContain('Your clinic pays');

    // A member joins (4 seats) and the locum leaves on Friday (3 seats): each change prorated once.
    await join(owner, member);
    await call(locum, '/leave').expect(200);
    expect(await quantityOf(subscriptionId)).toBe(3);
    expect(await prorationsOf(customer)).toHaveLength(6);
    expect(await planOf(locum)).toBe('free');
    expect((await inClinic(owner)).billing).toMatchObject({ seats: 3, billedSeats: 3 });
    const portal = await call(owner, '/billing/portal').expect(200);
    expect(String(portal.body.url)).toContain('/portal/');

    // Deleting the clinic ends its plan now.
    await call(owner, '/delete', { clinicId: clinic.id }).expect(200);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    expect(await clinicRecord(clinic.id)).toBeUndefined();
    expect(await planOf(colleague)).toBe('free');
  }, 120_000);

  it('Members joining at the same moment: the seats end equal to the members', async () => {
    const owner = await createTestUser();
    const joiners = await Promise.all(Array.from({ length: 5 }, () => createTestUser()));
    const { clinic } = await newClinic(owner);
    const subscriptionId = await buyClinicPlan(owner);
    expect(await quantityOf(subscriptionId)).toBe(1);
    const tokens: string[] = [];
    for (const joiner of joiners) tokens.push(await invite(owner, joiner.email));
    await Promise.all(joiners.map((joiner, i) => call(joiner, '/invitations/accept', { token: tokens[i] }).expect(200)));
    expect(await quantityOf(subscriptionId)).toBe(6);
    expect((await inClinic(owner)).billing).toMatchObject({ seats: 6, billedSeats: 6 });
    await call(owner, '/delete', { clinicId: clinic.id }).expect(200);
  }, 120_000);
});
