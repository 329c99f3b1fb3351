import { createHmac } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingGateway } from '../../functions/src/billing/gateway/billing-gateway.js';
import { StripeBillingGateway } from '../../functions/src/billing/gateway/stripe-billing-gateway.js';
import { configFromEnv } from '../../functions/src/config.js';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer } from '../support/sessions.js';
import { emulatorControl, ownStripeAccount, receiveWebhooks, testStripe, upgradeToPro } from '../support/stripe-emulator.js';

// The real API in-process, with the real Stripe adapter (the official SDK) against the Stripe emulator, on a
// Stripe account of this suite's own, whose webhooks the emulator delivers here (and only here). A free plan
// of 2 documentations a month keeps the limit tests short.
const FREE_LIMIT = 2;
const billing = { ...ownStripeAccount('billing_suite'), freeDocumentationsPerMonth: FREE_LIMIT };
const { app, db } = emulatorApi({ config: { billing } });
const stripe = testStripe(billing);
let webhooks: Awaited<ReturnType<typeof receiveWebhooks>>;

beforeAll(async () => {
  webhooks = await receiveWebhooks(app, 5411, billing);
});
afterAll(async () => {
  await webhooks.close();
});

async function subscriptionOf(user: TestUser) {
  const res = await request(app).get('/api/v1/subscription').set(bearer(user)).expect(200);
  return res.body.subscription as { plan: string; status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: string | null; stripeCustomerId: string | null };
}

async function usageOf(user: TestUser) {
  return (await request(app).get('/api/v1/subscription/usage').set(bearer(user)).expect(200)).body.usage as { plan: string; documentationsThisMonth: number; monthlyLimit: number | null; resetsAt: string };
}

function documentFromText(user: TestUser) {
  return request(app).post('/api/v1/creation').set(bearer(user)).send({ patientName: 'Ana López', templateId: 'soap', text: 'Clinician: How is the cough? Patient: Better since Monday.' });
}

describe('checkout → webhook → pro', () => {
  it('A paid checkout makes the user pro, with no monthly limit; the record mirrors Stripe', async () => {
    const user = await createTestUser();
    expect(await subscriptionOf(user)).toMatchObject({ plan: 'free', status: 'none' });
    const { subscriptionId, control } = await upgradeToPro(app, user);
    expect(control.events.map((e) => e.type)).toEqual(expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']));

    const subscription = await subscriptionOf(user);
    const inStripe = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription).toMatchObject({ plan: 'pro', status: 'active', cancelAtPeriodEnd: false, stripeCustomerId: inStripe.customer });
    expect(Date.parse(subscription.currentPeriodEnd ?? '')).toBe((inStripe.items.data[0]?.current_period_end ?? 0) * 1000);
    expect(await usageOf(user)).toMatchObject({ plan: 'pro', monthlyLimit: null });
    // Unlimited: past the free plan's limit.
    for (let i = 0; i <= FREE_LIMIT; i++) await documentFromText(user).expect(201);
    expect((await usageOf(user)).documentationsThisMonth).toBe(FREE_LIMIT + 1);
  });

  it('Embedded checkout answers a client secret of an embedded_page session for the caller’s customer', async () => {
    const user = await createTestUser();
    const res = await request(app).post('/api/v1/stripe/embedded_payments_link').set(bearer(user)).send({ plan: 'pro' }).expect(200);
    expect(res.body.clientSecret).toMatch(/^cs_.+_secret_/);
    const sessions = await stripe.checkout.sessions.list({ customer: (await subscriptionOf(user)).stripeCustomerId ?? '' });
    expect(sessions.data[0]).toMatchObject({ ui_mode: 'embedded_page', mode: 'subscription' });
    expect(sessions.data[0]?.return_url).toContain('/billing?checkout=done&session_id=');
  });

  it('Checkout for a plan already held is 409 naming plan; an unknown plan is 400', async () => {
    const user = await createTestUser();
    await upgradeToPro(app, user);
    const again = await request(app).get('/api/v1/stripe/payments_link?plan=pro').set(bearer(user)).expect(409);
    expect(again.body.error).toMatchObject({ code: 'conflict', field: 'plan' });
    const free = await request(app).post('/api/v1/stripe/embedded_payments_link').set(bearer(user)).send({ plan: 'free' }).expect(400);
    expect(free.body.error).toMatchObject({ code: 'invalid_argument', field: 'plan' });
  });

  it('A second checkout before the first payment’s webhook has landed is 409 too: Stripe is asked, so nobody pays twice', async () => {
    // A Stripe account with no webhook endpoint: Stripe holds the paid subscription, our record does not know yet
    // (as between paying and the webhook, or while Stripe retries a failed delivery).
    const lagging = emulatorApi({ config: { billing: ownStripeAccount('billing_lagging_webhook') } });
    const user = await createTestUser();
    await upgradeToPro(lagging.app, user);
    expect(await subscriptionOf(user)).toMatchObject({ plan: 'free' });
    const hosted = await request(lagging.app).get('/api/v1/stripe/payments_link?plan=pro').set(bearer(user)).expect(409);
    expect(hosted.body.error).toMatchObject({ code: 'conflict', field: 'plan' });
    const embedded = await request(lagging.app).post('/api/v1/stripe/embedded_payments_link').set(bearer(user)).send({ plan: 'pro' }).expect(409);
    expect(embedded.body.error).toMatchObject({ code: 'conflict', field: 'plan' });
  });

  it('Two checkouts open at once (two tabs): a new one ends the one before, so only one can be paid', async () => {
    const user = await createTestUser();
    const sessionOf = (url: unknown) => /\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(String(url))![1]!;
    const first = sessionOf((await request(app).get('/api/v1/stripe/payments_link?plan=pro').set(bearer(user)).expect(200)).body.url);
    const second = sessionOf((await request(app).get('/api/v1/stripe/payments_link?plan=pro').set(bearer(user)).expect(200)).body.url);
    expect((await stripe.checkout.sessions.retrieve(first)).status).toBe('expired');
    await emulatorControl(`checkout_sessions/${second}/complete`);
    await expect(emulatorControl(`checkout_sessions/${first}/complete`)).rejects.toThrow(/only an open session can be completed/);
    const { stripeCustomerId } = await subscriptionOf(user);
    expect((await stripe.subscriptions.list({ customer: stripeCustomerId! })).data).toHaveLength(1);
  });

  it('Five checkouts in the same instant leave exactly one open Checkout Session; the others answer 409 at once', async () => {
    const user = await createTestUser();
    await request(app).post('/api/v1/stripe/create_customer').set(bearer(user)).send({}).expect(200);
    const answers = await Promise.all(Array.from({ length: 5 }, () => request(app).get('/api/v1/stripe/payments_link?plan=pro').set(bearer(user))));
    const statuses = answers.map((a) => a.status);
    console.info(`billing: 5 checkouts in the same instant answered ${statuses.join(',')}`);
    expect(statuses.every((s) => s === 200 || s === 409), `statuses ${statuses.join(',')}`).toBe(true);
    expect(statuses).toContain(200);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.error).toMatchObject({ code: 'conflict', field: 'checkout', message: expect.stringMatching(/another checkout/i) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const { stripeCustomerId } = await subscriptionOf(user);
    const sessions = await stripe.checkout.sessions.list({ customer: stripeCustomerId!, limit: 100 });
    const open = sessions.data.filter((s) => s.status === 'open');
    expect(open, `open sessions after ${statuses.join(',')}`).toHaveLength(1);
    // The one open session is the last answered 200's: nobody holds a link that cannot be paid without knowing.
    const lastOk = answers.filter((a) => a.status === 200).map((a) => String(a.body.url));
    expect(lastOk.some((url) => url.includes(open[0]!.id))).toBe(true);
    // Once the winner has answered, a retry opens checkout again (the lease is released, not left to expire).
    await request(app).get('/api/v1/stripe/payments_link?plan=pro').set(bearer(user)).expect(200);
  });

  it('A checkout lease left by a crashed request blocks only until it expires', async () => {
    const user = await createTestUser();
    const lease = db.collection('checkoutLeases').doc(user.uid);
    await lease.set({ ownerUid: user.uid, token: 'crashed', expiresAt: new Date(Date.now() + 60_000) });
    const held = await request(app).get('/api/v1/stripe/payments_link?plan=pro').set(bearer(user)).expect(409);
    expect(held.body.error).toMatchObject({ code: 'conflict', field: 'checkout' });
    await lease.set({ ownerUid: user.uid, token: 'crashed', expiresAt: new Date(Date.now() - 1_000) });
    await request(app).get('/api/v1/stripe/payments_link?plan=pro').set(bearer(user)).expect(200);
    expect((await lease.get()).exists).toBe(false);
  });

  it('Calls that reach Stripe are limited per user: past the limit 429 with Retry-After; another user is not held up', async () => {
    const base = configFromEnv().limits;
    const tight = emulatorApi({ config: { billing, limits: { ...base, rates: { ...base.rates, billingCall: [{ limit: 3, windowSec: 3_600 }] } } } });
    const [user, other] = await Promise.all([createTestUser(), createTestUser()]);
    await request(tight.app).post('/api/v1/stripe/balance').set(bearer(user)).send({}).expect(200);
    await request(tight.app).post('/api/v1/stripe/create_customer').set(bearer(user)).send({}).expect(200);
    await request(tight.app).get('/api/v1/stripe/portal_link').set(bearer(user)).expect(200);
    const refused = await request(tight.app).get('/api/v1/stripe/payments_link?plan=pro').set(bearer(user)).expect(429);
    expect(refused.body.error).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await request(tight.app).post('/api/v1/stripe/balance').set(bearer(other)).send({}).expect(200);
  });

  it('The portal link opens the emulator’s portal for the caller’s customer', async () => {
    const user = await createTestUser();
    const res = await request(app).get('/api/v1/stripe/portal_link').set(bearer(user)).expect(200);
    expect(res.body.url).toMatch(/\/portal\/bps_/);
  });

  it('Locally, Stripe sends the clinician back to the origin the app was opened at (127.0.0.1 or localhost)', async () => {
    const user = await createTestUser();
    const configured = new URL(configFromEnv().appUrl);
    expect(configured.hostname).toBe('localhost');
    const opened = `http://127.0.0.1:${configured.port}`;
    const hosted = await request(app).get('/api/v1/stripe/payments_link?plan=pro').set(bearer(user)).set('Origin', opened).expect(200);
    const sessionId = /\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(String(hosted.body.url))![1]!;
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    expect(session.success_url).toBe(`${opened}/billing?checkout=done&session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${opened}/billing?checkout=cancelled`);
    await request(app).post('/api/v1/stripe/embedded_payments_link').set(bearer(user)).set('Origin', configured.origin).send({ plan: 'pro' }).expect(200);
    const { stripeCustomerId } = await subscriptionOf(user);
    const embedded = (await stripe.checkout.sessions.list({ customer: stripeCustomerId! })).data.find((s) => s.ui_mode === 'embedded_page');
    expect(embedded?.return_url).toBe(`${configured.origin}/billing?checkout=done&session_id={CHECKOUT_SESSION_ID}`);
    // The portal's way back (its page's link) too; an origin that is not a loopback one is never followed.
    const portal = await request(app).get('/api/v1/stripe/portal_link').set(bearer(user)).set('Origin', opened).expect(200);
    expect(await (await fetch(portal.body.url)).text()).toContain(`href="${opened}/billing"`);
    const elsewhere = await request(app).get('/api/v1/stripe/portal_link').set(bearer(user)).set('Origin', 'https://attacker.example').expect(200);
    expect(await (await fetch(elsewhere.body.url)).text()).toContain(`href="${configured.origin}/billing"`);
  });

  it('Without sign-in the billing routes are 401', async () => {
    await request(app).post('/api/v1/stripe/create_customer').send({}).expect(401);
    await request(app).get('/api/v1/stripe/payments_link?plan=pro').expect(401);
  });
});

describe('the subscription follows Stripe', () => {
  it('A failed payment makes it past_due (still pro while Stripe retries)', async () => {
    const user = await createTestUser();
    const { subscriptionId } = await upgradeToPro(app, user);
    await emulatorControl(`subscriptions/${subscriptionId}/fail_payment`);
    expect(await subscriptionOf(user)).toMatchObject({ plan: 'pro', status: 'past_due' });
  });

  it('Cancel at period end (portal) shows; PUT /subscription keeps it again in Stripe itself', async () => {
    const user = await createTestUser();
    const { subscriptionId } = await upgradeToPro(app, user);
    await emulatorControl(`subscriptions/${subscriptionId}/cancel_at_period_end`);
    expect(await subscriptionOf(user)).toMatchObject({ plan: 'pro', status: 'active', cancelAtPeriodEnd: true });

    const keep = await request(app).put('/api/v1/subscription').set(bearer(user)).send({ cancelAtPeriodEnd: false }).expect(200);
    expect(keep.body.subscription).toMatchObject({ cancelAtPeriodEnd: false, plan: 'pro' });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(false);

    const cancel = await request(app).delete(`/api/v1/subscription/${user.uid}`).set(bearer(user)).expect(200);
    expect(cancel.body.subscription).toMatchObject({ cancelAtPeriodEnd: true });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true);
    expect(Object.keys(cancel.body.subscription).sort()).toEqual(['cancelAtPeriodEnd', 'currentPeriodEnd', 'plan', 'status', 'stripeCustomerId', 'uid']);
  });

  it('Expiry makes it free and the monthly limit applies again, with the limit, the reset and how to upgrade', async () => {
    const user = await createTestUser();
    const { subscriptionId } = await upgradeToPro(app, user);
    for (let i = 0; i < FREE_LIMIT; i++) await documentFromText(user).expect(201);
    await emulatorControl(`subscriptions/${subscriptionId}/expire`);
    expect(await subscriptionOf(user)).toMatchObject({ plan: 'free', status: 'canceled' });
    const refused = await documentFromText(user).expect(403);
    expect(refused.body.error).toMatchObject({ code: 'permission_denied', field: 'plan' });
    expect(refused.body.error.message).toContain(`${FREE_LIMIT} documentations a month`);
    expect(refused.body.error.message).toMatch(/resets on \w+ 1, \d{4}/);
    expect(refused.body.error.message).toContain('Upgrade to Pro');
    expect(await usageOf(user)).toMatchObject({ plan: 'free', documentationsThisMonth: FREE_LIMIT, monthlyLimit: FREE_LIMIT });
  });

  it('Duplicated and reordered events give the same final state as in-order ones', async () => {
    const [inOrder, twice, reversed] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    const finals = [];
    for (const [user, delivery] of [[inOrder, 'normal'], [twice, 'twice'], [reversed, 'reversed']] as const) {
      const { subscriptionId } = await upgradeToPro(app, user, delivery);
      await emulatorControl(`subscriptions/${subscriptionId}/renew`, { delivery });
      await emulatorControl(`subscriptions/${subscriptionId}/cancel_at_period_end`, { delivery });
      const { plan, status, cancelAtPeriodEnd } = await subscriptionOf(user);
      finals.push({ plan, status, cancelAtPeriodEnd });
    }
    expect(finals).toEqual([
      { plan: 'pro', status: 'active', cancelAtPeriodEnd: true },
      { plan: 'pro', status: 'active', cancelAtPeriodEnd: true },
      { plan: 'pro', status: 'active', cancelAtPeriodEnd: true },
    ]);
  });

  it('An expiry delivered before the events of the checkout still ends as canceled/free', async () => {
    const user = await createTestUser();
    const { subscriptionId } = await upgradeToPro(app, user, 'reversed');
    await emulatorControl(`subscriptions/${subscriptionId}/expire`, { delivery: 'reversed' });
    expect(await subscriptionOf(user)).toMatchObject({ plan: 'free', status: 'canceled' });
  });
});

describe('POST /stripe/webhook', () => {
  const secret = billing.stripe.webhookSecret;
  const event = JSON.stringify({ id: 'evt_test_signature', object: 'event', type: 'customer.subscription.updated', data: { object: { id: 'sub_missing', object: 'subscription' } } });
  const sign = (body: string, t: number, key = secret) => `t=${t},v1=${createHmac('sha256', key).update(`${t}.${body}`).digest('hex')}`;
  const now = () => Math.floor(Date.now() / 1000);

  it.each([
    ['no signature', undefined],
    ['a wrong secret', sign(event, now(), 'whsec_wrong')],
    ['a stale timestamp (301 s)', sign(event, now() - 301)],
    ['garbage', 'not a signature'],
  ])('%s: 400 in the contract’s shape, nothing handled', async (_what, signature) => {
    let req = request(app).post('/api/v1/stripe/webhook').set('content-type', 'application/json');
    if (signature) req = req.set('stripe-signature', signature);
    const res = await req.send(event).expect(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_argument' });
    expect((await db.collection('stripeEvents').doc('evt_test_signature').get()).exists).toBe(false);
  });

  it('A body altered after signing is refused', async () => {
    const signature = sign(event, now());
    await request(app).post('/api/v1/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', signature).send(event.replace('sub_missing', 'sub_other')).expect(400);
  });

  it('A handler failure answers 5xx so Stripe retries, and is not recorded as handled; the retry is', async () => {
    const user = await createTestUser();
    const { subscriptionId } = await upgradeToPro(app, user);
    const real = StripeBillingGateway.fromConnection(billing.stripe, billing.webhookToleranceSec);
    const stripeDown: BillingGateway = Object.assign(Object.create(real) as StripeBillingGateway, { retrieveSubscription: () => Promise.reject(new Error('Stripe is down')) });
    const failing = emulatorApi({ config: { billing }, billingGateway: stripeDown });
    const id = `evt_test_fail_${Date.now()}`;
    const body = JSON.stringify({ id, object: 'event', type: 'customer.subscription.updated', data: { object: { id: subscriptionId, object: 'subscription' } } });
    const res = await request(failing.app).post('/api/v1/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', sign(body, now())).send(body);
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(res.body.error.code).toBe('internal');
    expect((await db.collection('stripeEvents').doc(id).get()).exists).toBe(false);
    await request(app).post('/api/v1/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', sign(body, now())).send(body).expect(200);
    expect((await db.collection('stripeEvents').doc(id).get()).exists).toBe(true);
  });

  it('A signed event is recorded once handled, and its redelivery is a no-op', async () => {
    const id = `evt_test_${Date.now()}`;
    const body = JSON.stringify({ id, object: 'event', type: 'customer.created', data: { object: { id: 'cus_x', object: 'customer' } } });
    const first = await request(app).post('/api/v1/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', sign(body, now())).send(body).expect(200);
    expect(first.body).toEqual({ received: true });
    expect((await db.collection('stripeEvents').doc(id).get()).exists).toBe(true);
    await request(app).post('/api/v1/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', sign(body, now())).send(body).expect(200);
  });
});

describe('one Stripe customer per user', () => {
  it('20 concurrent create_customer calls make one customer, and every answer names it', async () => {
    const user = await createTestUser();
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 20 }, () => request(app).post('/api/v1/stripe/create_customer').set(bearer(user)).send({})));
    const elapsedMs = Date.now() - started;
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((a) => a.body.customerId as string));
    expect(ids.size).toBe(1);
    const all = await stripe.customers.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
    expect(all.filter((c) => c.metadata['charta_uid'] === user.uid)).toHaveLength(1);
    expect((await subscriptionOf(user)).stripeCustomerId).toBe([...ids][0]);
    console.info(`billing: 20 concurrent create_customer → 1 customer in ${elapsedMs} ms`);
  });

  it('Checkout and portal at once with create_customer still make one', async () => {
    const user = await createTestUser();
    const [, hosted, , embedded] = await Promise.all([
      request(app).post('/api/v1/stripe/create_customer').set(bearer(user)).send({}).expect(200),
      request(app).get('/api/v1/stripe/payments_link?plan=pro').set(bearer(user)),
      request(app).get('/api/v1/stripe/portal_link').set(bearer(user)).expect(200),
      request(app).post('/api/v1/stripe/embedded_payments_link').set(bearer(user)).send({ plan: 'pro' }),
    ]);
    // The two checkouts race for the user's checkout lease: at least one is made, the other may be 409.
    expect([hosted.status, embedded.status]).toContain(200);
    for (const checkout of [hosted, embedded]) expect([200, 409]).toContain(checkout.status);
    const all = await stripe.customers.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
    expect(all.filter((c) => c.metadata['charta_uid'] === user.uid)).toHaveLength(1);
  });
});

describe('account deletion reaches Stripe', () => {
  it('The subscription is canceled and the customer deleted', async () => {
    const user = await createTestUser();
    const { subscriptionId } = await upgradeToPro(app, user);
    const customerId = (await subscriptionOf(user)).stripeCustomerId ?? '';
    await request(app).delete(`/api/v1/profile/${user.uid}`).set(bearer(user)).expect(200);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    expect(await stripe.customers.retrieve(customerId)).toMatchObject({ id: customerId, deleted: true });
    expect((await db.collection('subscriptions').doc(user.uid).get()).exists).toBe(false);
  });
});
