// The billing suites' helpers: the API in-process with webhooks from the Stripe emulator, and the customer's
// side played through the emulator's control endpoints (the emulator's own suite uses stripe-emulator-client.ts).
import type { Server } from 'node:http';
import type { Express } from 'express';
import request from 'supertest';
import type Stripe from 'stripe';
import type { BillingConfig } from '../../functions/src/billing/billing-config.js';
import { configFromEnv } from '../../functions/src/config.js';
import { stripeClient } from '../../functions/src/billing/gateway/stripe-billing-gateway.js';
import { bearer } from './sessions.js';
import { uniqueTestCard } from './stripe-emulator-client.js';
import type { TestUser } from './auth-users.js';


/** The Stripe emulator `npm test` and `npm run test:some` start (scripts/lib/stripe-emulator.sh). */
export function stripeEmulatorUrl(): string {
  const url = process.env['STRIPE_EMULATOR_URL'];
  if (!url) throw new Error('STRIPE_EMULATOR_URL is not set: run the tests with `npm test` or `npm run test:some`, which start the Stripe emulator.');
  return url;
}

/**
 * Billing as the environment configures it, but on a Stripe account of the suite's own: its own test key (on
 * the emulator, as on Stripe, what a key creates belongs to its account, and an event goes only to that
 * account's webhook endpoints). So the full stack's API, whose endpoint belongs to the stack's key, never
 * handles this suite's events, and the suite's settings (limits, referral credit) are the only ones in play.
 */
export function ownStripeAccount(suite: string, billing: BillingConfig = configFromEnv().billing): BillingConfig & { stripe: NonNullable<BillingConfig['stripe']> } {
  if (!billing.stripe) throw new Error('STRIPE_SECRET_KEY is not set: the Stripe emulator is not running');
  return { ...billing, stripe: { ...billing.stripe, secretKey: `sk_test_charta_${suite}` } };
}

/** The official SDK against the emulator, configured as the API configures it: for checking what Stripe holds. */
export function testStripe(billing: BillingConfig): Stripe {
  if (!billing.stripe) throw new Error('STRIPE_SECRET_KEY is not set: the Stripe emulator is not running');
  return stripeClient(billing.stripe);
}


export type Delivery = 'normal' | 'twice' | 'reversed';

/** What a control endpoint answers: the events it sent (after their first delivery) and the ids it acted on. */
export interface ControlAnswer {
  events: { id: string; type: string; deliveries: { url: string; attempt: number; status: number | null }[] }[];
  subscription?: string | null;
}

/** An emulator-only control endpoint (playing the customer): answers once every event it sent was delivered once. */
export async function emulatorControl(path: string, body: Record<string, unknown> = {}, method = 'POST', key?: string): Promise<ControlAnswer> {
  const headers = { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) };
  const res = await fetch(`${stripeEmulatorUrl()}/emulator/v1/${path}`, { method, headers, body: JSON.stringify(body) });
  const answer = (await res.json()) as ControlAnswer;
  if (!res.ok) throw new Error(`Stripe emulator ${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * Serves an in-process API on a port of this run's range (`base` + the test port offset; each suite its own
 * base, 5411 and up) and registers it as a webhook endpoint of the suite's account (`billing`, from
 * ownStripeAccount), so it gets the events of that account's objects. Returns what to call in afterAll.
 */
export async function receiveWebhooks(app: Express, base: number, billing: BillingConfig): Promise<{ url: string; close: () => Promise<void> }> {
  const key = billing.stripe?.secretKey;
  if (!key) throw new Error('receiveWebhooks needs a Stripe key: pass the suite\'s ownStripeAccount()');
  const port = base + Number(process.env['CHARTA_TEST_PORT_OFFSET'] ?? 10000);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${port}/api/v1/stripe/webhook`;
  await emulatorControl('webhook_targets', { url }, 'POST', key);
  return {
    url,
    close: async () => {
      await emulatorControl('webhook_targets', { url }, 'DELETE', key);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Starts a hosted checkout for Pro through the API and pays it on the emulator with `card`, by default a card
 * of its own (the same card number is the same person to the referral rules); answers the subscription id.
 */
export async function upgradeToPro(app: Express, user: TestUser, delivery: Delivery = 'normal', card: string = uniqueTestCard()): Promise<{ subscriptionId: string; control: ControlAnswer }> {
  const link = await request(app).get('/api/v1/stripe/payments_link?plan=pro').set(bearer(user));
  if (link.status !== 200) throw new Error(`payments_link: ${link.status} ${JSON.stringify(link.body)}`);
  const sessionId = /\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(String(link.body.url))?.[1];
  if (!sessionId) throw new Error(`payments_link answered no checkout URL: ${String(link.body.url)}`);
  const control = await emulatorControl(`checkout_sessions/${sessionId}/complete`, { delivery, card });
  const subscriptionId = control.subscription;
  if (!subscriptionId) throw new Error('The completed checkout session has no subscription');
  return { subscriptionId, control };
}
