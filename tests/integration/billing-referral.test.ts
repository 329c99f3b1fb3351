import { randomInt } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../functions/src/config.js';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer } from '../support/sessions.js';
import { emulatorControl, ownStripeAccount, receiveWebhooks, testStripe, upgradeToPro } from '../support/stripe-emulator.js';
import { uniqueTestCard } from '../support/stripe-emulator-client.js';

const baseConfig = configFromEnv();
// A credit of this suite's own (not the default 1000), on a Stripe account of its own: only this app handles
// its invoice.paid, so the amount credited is the one configured here.
const CREDIT = { amount: 1500, currency: 'usd' };
const billing = { ...ownStripeAccount('referral_suite'), referralCredit: CREDIT };
const { app, db, logger } = emulatorApi({ config: { billing } });
const stripe = testStripe(billing);
let webhooks: Awaited<ReturnType<typeof receiveWebhooks>>;

beforeAll(async () => {
  webhooks = await receiveWebhooks(app, 5412, billing);
});
afterAll(async () => {
  await webhooks.close();
});

async function profileOf(user: TestUser) {
  return (await request(app).get('/api/v1/profile').set(bearer(user)).expect(200)).body.profile as { referralCode: string; referredByCode?: string | null; email: string };
}

const claim = (user: TestUser, referredByCode: string, on = app) => request(on).put('/api/v1/profile').set(bearer(user)).send({ referredByCode });

/** The referral credits Stripe holds for a user (the adjustments on their customer's balance), in cents. */
async function creditsOf(user: TestUser): Promise<number[]> {
  const customerId = (await request(app).get('/api/v1/subscription').set(bearer(user)).expect(200)).body.subscription.stripeCustomerId as string | null;
  if (!customerId) return [];
  const transactions = await stripe.customers.listBalanceTransactions(customerId, { limit: 100 });
  return transactions.data.filter((t) => t.type === 'adjustment').map((t) => -t.amount);
}

/** Why the referred user's payment earned nothing, as logged (codes only). */
const notCreditedReasons = (referredUid: string) =>
  logger.entries.filter((e) => e.event === 'referral_not_credited' && e.fields['referredUid'] === referredUid).map((e) => e.fields['reason']);

/** A code stored without the API's checks: what data from before the rules holds, or a PUT that raced a payment. */
const storeReferredByCodeDirectly = (user: TestUser, code: string) => db.collection('profiles').doc(user.uid).update({ referredByCode: code });

async function newReferrer() {
  const referrer = await createTestUser({ displayName: 'Dr. Maria Garcia Lopez' });
  return { referrer, referralCode: (await profileOf(referrer)).referralCode };
}

async function referrerAndReferred() {
  const referrer = await createTestUser({ displayName: 'Dr. Maria Garcia Lopez' });
  const referred = await createTestUser({ displayName: 'Ana Pérez' });
  const { referralCode } = await profileOf(referrer);
  await request(app).put('/api/v1/profile').set(bearer(referred)).send({ referredByCode: referralCode.toLowerCase() }).expect(200);
  return { referrer, referred, referralCode };
}

describe('POST /referral/lookup_customer_name', () => {
  it('Public: the referrer’s first name and last initial, nothing else (never the email)', async () => {
    const referrer = await createTestUser({ displayName: 'Dr. Maria Garcia Lopez' });
    const { referralCode, email } = await profileOf(referrer);
    const res = await request(app).post('/api/v1/referral/lookup_customer_name').send({ referralCode: ` ${referralCode.toLowerCase()} ` }).expect(200);
    expect(res.body).toEqual({ name: 'Maria L.' });
    expect(JSON.stringify(res.body)).not.toContain(email);
    expect(JSON.stringify(res.body)).not.toContain('Garcia');
  });

  it('A display name that is an email address shows as "a colleague", never the address', async () => {
    const address = `maria.garcia.${randomInt(1e6)}@example.org`;
    const referrer = await createTestUser({ displayName: address });
    const { referralCode } = await profileOf(referrer);
    const res = await request(app).post('/api/v1/referral/lookup_customer_name').send({ referralCode }).expect(200);
    expect(res.body).toEqual({ name: 'a colleague' });
  });

  it('An unknown code is 404; a malformed one 400 naming referralCode', async () => {
    const unknown = await request(app).post('/api/v1/referral/lookup_customer_name').send({ referralCode: 'ZZZZ9999ZZ' }).expect(404);
    expect(unknown.body.error.code).toBe('not_found');
    const bad = await request(app).post('/api/v1/referral/lookup_customer_name').send({ referralCode: 'a@b.c' }).expect(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_argument', field: 'referralCode' });
  });

  it('Rate limited per client address (3 an hour here): the 4th is 429 with Retry-After; another address is not', async () => {
    const tight = emulatorApi({ config: { trustProxyHops: 2, limits: { ...baseConfig.limits, rates: { ...baseConfig.limits.rates, referralLookup: [{ limit: 3, windowSec: 3600 }] } } } });
    const client = `203.0.113.${randomInt(1, 250)}`;
    const ask = (address = client) => request(tight.app).post('/api/v1/referral/lookup_customer_name').set('X-Forwarded-For', `${address}, 10.1.2.3`).send({ referralCode: 'ZZZZ9999ZZ' });
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(404);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask(`198.51.100.${randomInt(1, 250)}`)).status).toBe(404);
  });
});

describe('referredByCode on PUT /profile', () => {
  it('Set once: the same code again is fine, another is 409; one’s own code and unknown codes are 400', async () => {
    const { referred, referralCode } = await referrerAndReferred();
    expect((await profileOf(referred)).referredByCode).toBe(referralCode);
    await request(app).put('/api/v1/profile').set(bearer(referred)).send({ referredByCode: referralCode }).expect(200);
    const other = await createTestUser();
    const changed = await request(app).put('/api/v1/profile').set(bearer(referred)).send({ referredByCode: (await profileOf(other)).referralCode }).expect(409);
    expect(changed.body.error).toMatchObject({ code: 'conflict', field: 'referredByCode' });

    const self = await createTestUser();
    const own = await request(app).put('/api/v1/profile').set(bearer(self)).send({ referredByCode: (await profileOf(self)).referralCode }).expect(400);
    expect(own.body.error).toMatchObject({ code: 'invalid_argument', field: 'referredByCode' });
    const unknown = await request(app).put('/api/v1/profile').set(bearer(self)).send({ referredByCode: 'ZZZZ9999ZZ' }).expect(400);
    expect(unknown.body.error).toMatchObject({ code: 'invalid_argument', field: 'referredByCode' });
  });

  it('Two different codes at once: one is stored, the other answers 409', async () => {
    const [a, b, user] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    const codes = [(await profileOf(a)).referralCode, (await profileOf(b)).referralCode];
    await profileOf(user);
    const answers = await Promise.all(codes.map((code) => request(app).put('/api/v1/profile').set(bearer(user)).send({ referredByCode: code })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(codes).toContain((await profileOf(user)).referredByCode);
  });
});

describe('referredByCode only for a new account that has not paid (checked on the server)', () => {
  it('After the account’s first day: 409 naming referredByCode, nothing stored; within it: stored', async () => {
    const { referralCode } = await newReferrer();
    const hours = (h: number) => emulatorApi({ config: { billing }, now: () => new Date(Date.now() + h * 3600_000) }).app;
    const old = await createTestUser();
    const refused = await claim(old, referralCode, hours(25)).expect(409);
    expect(refused.body.error).toMatchObject({ code: 'conflict', field: 'referredByCode' });
    expect(refused.body.error.message).toMatch(/first 24 hours/);
    expect((await profileOf(old)).referredByCode ?? null).toBeNull();

    const young = await createTestUser();
    await claim(young, referralCode, hours(23)).expect(200);
    expect((await profileOf(young)).referredByCode).toBe(referralCode);
  });

  it('After the account’s first payment: 409; a code stored anyway earns nothing from the next invoices', async () => {
    const { referrer, referralCode } = await newReferrer();
    const paying = await createTestUser();
    const { subscriptionId } = await upgradeToPro(app, paying);
    const refused = await claim(paying, referralCode).expect(409);
    expect(refused.body.error).toMatchObject({ code: 'conflict', field: 'referredByCode' });
    expect(refused.body.error.message).toMatch(/first payment/);
    expect((await profileOf(paying)).referredByCode ?? null).toBeNull();

    await storeReferredByCodeDirectly(paying, referralCode);
    await emulatorControl(`subscriptions/${subscriptionId}/renew`);
    expect(await creditsOf(referrer)).toEqual([]);
    expect(notCreditedReasons(paying.uid)).toContain('not_first_payment');
  });
});

describe('referral credit at most once per person', () => {
  it('Deleting the referred account and signing up again with the same email and code credits the referrer once', async () => {
    const { referrer, referralCode } = await newReferrer();
    const first = await createTestUser();
    await claim(first, referralCode).expect(200);
    await upgradeToPro(app, first);
    expect(await creditsOf(referrer)).toEqual([CREDIT.amount]);

    await request(app).delete(`/api/v1/profile/${first.uid}`).set(bearer(first)).expect(200);
    const again = await createTestUser({ email: first.email });
    expect(again.uid).not.toBe(first.uid);
    // A new account, within its first day: the code is taken...
    await claim(again, referralCode).expect(200);
    // ...but paying (with another card: the email alone says it is the same person) credits nothing more.
    await upgradeToPro(app, again);
    expect(await creditsOf(referrer)).toEqual([CREDIT.amount]);
    expect(notCreditedReasons(again.uid)).toEqual(['person_already_credited']);
  });

  it('Another account of the same person (another email, the same card) is not credited again', async () => {
    const { referrer, referralCode } = await newReferrer();
    const card = uniqueTestCard();
    const [first, second] = [await createTestUser(), await createTestUser()];
    await claim(first, referralCode).expect(200);
    await upgradeToPro(app, first, 'normal', card);
    await claim(second, referralCode).expect(200);
    await upgradeToPro(app, second, 'normal', card);
    expect(await creditsOf(referrer)).toEqual([CREDIT.amount]);
    expect(notCreditedReasons(second.uid)).toEqual(['person_already_credited']);
  });

  it('Two accounts of one person paying at the same moment: one credit', async () => {
    const { referrer, referralCode } = await newReferrer();
    const card = uniqueTestCard();
    const pair = await Promise.all([createTestUser(), createTestUser()]);
    for (const user of pair) await claim(user, referralCode).expect(200);
    await Promise.all(pair.map((user) => upgradeToPro(app, user, 'normal', card)));
    expect(await creditsOf(referrer)).toEqual([CREDIT.amount]);
  });

  it('The referrer’s own second account: the same inbox is refused as one’s own code, and is never credited', async () => {
    const { referrer, referralCode } = await newReferrer();
    const [local, domain] = referrer.email.split('@');
    const second = await createTestUser({ email: `${local!.toUpperCase()}+second@${domain}` });
    const refused = await claim(second, referralCode).expect(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_argument', field: 'referredByCode' });

    await storeReferredByCodeDirectly(second, referralCode);
    await upgradeToPro(app, second);
    expect(await creditsOf(referrer)).toEqual([]);
    expect(notCreditedReasons(second.uid)).toEqual(['referrer_same_email']);
  });

  it('The referrer’s own second account paying with the referrer’s card is not credited; a colleague with their own card is', async () => {
    const { referrer, referralCode } = await newReferrer();
    const card = uniqueTestCard();
    await upgradeToPro(app, referrer, 'normal', card);
    const second = await createTestUser();
    await claim(second, referralCode).expect(200);
    await upgradeToPro(app, second, 'normal', card.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(await creditsOf(referrer)).toEqual([]);
    expect(notCreditedReasons(second.uid)).toEqual(['referrer_same_card']);

    const colleague = await createTestUser();
    await claim(colleague, referralCode).expect(200);
    await upgradeToPro(app, colleague);
    expect(await creditsOf(referrer)).toEqual([CREDIT.amount]);
  });
});

describe('referral credit', () => {
  it('The referrer is credited once when the referred user’s first invoice is paid, even if invoice.paid arrives twice', async () => {
    const { referrer, referred } = await referrerAndReferred();
    const { subscriptionId, control } = await upgradeToPro(app, referred, 'twice');
    expect(control.events.filter((e) => e.type === 'invoice.paid').length).toBeGreaterThanOrEqual(1);
    // A later paid invoice is not a first one.
    await emulatorControl(`subscriptions/${subscriptionId}/renew`, { delivery: 'twice' });

    const balance = await request(app).post('/api/v1/stripe/balance').set(bearer(referrer)).send({}).expect(200);
    expect(balance.body).toEqual({ balance: CREDIT });
    const customerId = (await request(app).get('/api/v1/subscription').set(bearer(referrer))).body.subscription.stripeCustomerId as string;
    const transactions = await stripe.customers.listBalanceTransactions(customerId);
    expect(transactions.data.map((t) => t.amount)).toEqual([-CREDIT.amount]);
    // The referred user gets nothing.
    expect((await request(app).post('/api/v1/stripe/balance').set(bearer(referred)).send({}).expect(200)).body.balance.amount).toBe(0);
  });

  it('No referral, no credit; a user without a customer has a 0 balance', async () => {
    const user = await createTestUser();
    expect((await request(app).post('/api/v1/stripe/balance').set(bearer(user)).send({}).expect(200)).body).toEqual({ balance: { amount: 0, currency: CREDIT.currency } });
    await upgradeToPro(app, user);
    expect((await request(app).post('/api/v1/stripe/balance').set(bearer(user)).send({}).expect(200)).body.balance.amount).toBe(0);
  });
});
