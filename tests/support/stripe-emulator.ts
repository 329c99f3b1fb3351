// The billing suites' helpers: the API in-process with webhooks from the Stripe emulator, and the customer's
// side played through the emulator's control endpoints (the emulator's own suite uses stripe-emulator-client.ts).
import type { Server } from 'node:http';
import type { Express } from 'express';
import request from 'supertest';
import type Stripe from 'stripe';
import { configFromEnv } from '../../functions/src/config.js';
import { stripeClient } from '../../functions/src/billing/gateway/stripe-billing-gateway.js';
import { bearer } from './sessions.js';
import type { TestUser } from './auth-users.js';


/** The Stripe emulator `npm test` and `npm run test:some` start (scripts/lib/stripe-emulator.sh). */
export function stripeEmulatorUrl(): string {
  const url = process.env['STRIPE_EMULATOR_URL'];
  if (!url) throw new Error('STRIPE_EMULATOR_URL is not set: run the tests with `npm test` or `npm run test:some`, which start the Stripe emulator.');
  return url;
}

/** The official SDK against the emulator, configured as the API configures it: for checking what Stripe holds. */
export function testStripe(): Stripe {
  const stripe = configFromEnv().billing.stripe;
  if (!stripe) throw new Error('STRIPE_SECRET_KEY is not set: the Stripe emulator is not running');
  return stripeClient(stripe);
}


export type Delivery = 'normal' | 'twice' | 'reversed';

/** What a control endpoint answers: the events it sent (after their first delivery) and the ids it acted on. */
export interface ControlAnswer {
  events: { id: string; type: string; deliveries: { url: string; attempt: number; status: number | null }[] }[];
  subscription?: string | null;
}

/** An emulator-only control endpoint (playing the customer): answers once every event it sent was delivered once. */
export async function emulatorControl(path: string, body: Record<string, unknown> = {}, method = 'POST'): Promise<ControlAnswer> {
  const res = await fetch(`${stripeEmulatorUrl()}/emulator/v1/${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await res.json()) as ControlAnswer;
  if (!res.ok) throw new Error(`Stripe emulator ${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * Serves an in-process API on a port of this run's range (`base` + the test port offset; each suite its own
 * base, 5411 and up) and has the emulator deliver webhooks to it too. Returns what to call in afterAll.
 */
export async function receiveWebhooks(app: Express, base: number): Promise<{ url: string; close: () => Promise<void> }> {
  const port = base + Number(process.env['CHARTA_TEST_PORT_OFFSET'] ?? 10000);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${port}/api/v1/stripe/webhook`;
  await emulatorControl('webhook_targets', { url });
  return {
    url,
    close: async () => {
      await emulatorControl('webhook_targets', { url }, 'DELETE');
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Starts a hosted checkout for Pro through the API and pays it on the emulator; answers the subscription id. */
export async function upgradeToPro(app: Express, user: TestUser, delivery: Delivery = 'normal'): Promise<{ subscriptionId: string; control: ControlAnswer }> {
  const link = await request(app).get('/api/v1/stripe/payments_link?plan=pro').set(bearer(user));
  if (link.status !== 200) throw new Error(`payments_link: ${link.status} ${JSON.stringify(link.body)}`);
  const sessionId = /\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(String(link.body.url))?.[1];
  if (!sessionId) throw new Error(`payments_link answered no checkout URL: ${String(link.body.url)}`);
  const control = await emulatorControl(`checkout_sessions/${sessionId}/complete`, { delivery });
  const subscriptionId = control.subscription;
  if (!subscriptionId) throw new Error('The completed checkout session has no subscription');
  return { subscriptionId, control };
}
