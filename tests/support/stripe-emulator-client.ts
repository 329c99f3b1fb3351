/**
 * Helpers for driving the Stripe emulator itself (tests/integration/stripe-emulator.test.ts): the real SDK
 * pointed at it with a chosen API version and key, its control endpoints, and a local endpoint that
 * records webhooks. The billing suites' helpers (through the API) are in stripe-emulator.ts.
 */
import { randomInt } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** The Stripe emulator the test stack started (scripts/lib/stripe-emulator.sh, 12111 + the port offset). */
export function emulatorUrl(): string {
  const url = process.env['STRIPE_EMULATOR_URL'];
  if (!url) throw new Error('STRIPE_EMULATOR_URL is not set: run the tests with `npm test` or `npm run test:some`, which start the Stripe emulator.');
  return url;
}

/** The API version the billing adapter pins (functions/src/billing/gateway): these tests speak it too. */
export const PINNED_STRIPE_API_VERSION = '2026-10-28.endive';

/** The real SDK pointed at the emulator as the API's adapter is: host, port and protocol from STRIPE_API_BASE. */
export function emulatorStripe(opts: { apiVersion?: string; key?: string } = {}): Stripe {
  const base = new URL(process.env['STRIPE_API_BASE'] ?? emulatorUrl());
  return new Stripe(opts.key ?? process.env['STRIPE_SECRET_KEY'] ?? 'sk_test_charta_emulator', {
    // An older version on purpose in one test: the SDK's type names only the version it ships with.
    apiVersion: (opts.apiVersion ?? PINNED_STRIPE_API_VERSION) as typeof Stripe.API_VERSION,
    host: base.hostname,
    port: Number(base.port),
    protocol: base.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
  });
}

/**
 * A card number of its own (a 16-digit Visa-like number with a valid Luhn digit, random), for a test that
 * plays a person with their own card: on the emulator, as on Stripe, the same number is the same card
 * (the same `card.fingerprint`), which is how the API tells a person's second account.
 */
export function uniqueTestCard(): string {
  const body = `4${Array.from({ length: 14 }, () => randomInt(10)).join('')}`;
  // The Luhn check digit: double every second digit from the right of the full number (the body's last first).
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export interface EmulatorDelivery {
  url: string;
  attempt: number;
  status: number | null;
  error?: string;
}

export interface EmulatorEvent {
  id: string;
  type: string;
  object: string | null;
  customer: string | null;
  deliveries: EmulatorDelivery[];
}

export type DeliveryMode = 'normal' | 'twice' | 'reversed';

/** The emulator's control endpoints (emulator-only; they play the customer and the calendar). */
export function stripeEmulatorControl(url = emulatorUrl()) {
  const call = async <T>(method: string, path: string, body?: unknown, key?: string): Promise<T> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) };
    const res = await fetch(`${url}/emulator/v1/${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    if (!res.ok) throw new Error(`Stripe emulator ${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  };
  type Sent = { events: EmulatorEvent[] };
  return {
    /** The customer pays, with `card` (a number passing the Luhn check) or else the emulator's default test Visa. */
    completeCheckout: (sessionId: string, delivery: DeliveryMode = 'normal', card?: string) =>
      call<Sent & { customer: string; subscription: string | null; invoice: string | null; payment_method: string }>('POST', `checkout_sessions/${sessionId}/complete`, { delivery, ...(card ? { card } : {}) }),
    renew: (subscriptionId: string, delivery: DeliveryMode = 'normal') => call<Sent>('POST', `subscriptions/${subscriptionId}/renew`, { delivery }),
    failPayment: (subscriptionId: string, delivery: DeliveryMode = 'normal') => call<Sent>('POST', `subscriptions/${subscriptionId}/fail_payment`, { delivery }),
    cancelAtPeriodEnd: (subscriptionId: string, delivery: DeliveryMode = 'normal') => call<Sent>('POST', `subscriptions/${subscriptionId}/cancel_at_period_end`, { delivery }),
    expire: (subscriptionId: string, delivery: DeliveryMode = 'normal') => call<Sent>('POST', `subscriptions/${subscriptionId}/expire`, { delivery }),
    resend: (eventId: string) => call<Sent>('POST', `events/${eventId}/resend`),
    /** Every event (oldest first) with its deliveries, narrowed so suites sharing one emulator see only theirs. */
    events: (filter: { customer?: string; type?: string; object?: string } = {}) => call<Sent>('GET', `events?${new URLSearchParams(filter)}`).then((r) => r.events),
    /** A webhook endpoint of the account `key` is (as on Stripe, endpoints belong to an account): only its objects' events reach it. */
    addWebhookTarget: (targetUrl: string, key: string) => call<{ id: string; url: string }>('POST', 'webhook_targets', { url: targetUrl }, key),
    /** Removes one target this suite's account added; other accounts' stay. */
    removeWebhookTarget: (targetUrl: string, key: string) => call<{ removed: number }>('DELETE', 'webhook_targets', { url: targetUrl }, key),
  };
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  eventId: string;
  /** The raw body, as the signature covers it. */
  body: string;
  status: number;
}

/**
 * A local endpoint for webhooks (an ephemeral port on 127.0.0.1): records every delivery, raw body and
 * headers, and answers 200, or what `answer` says for it (a 500 to see a retry).
 */
export async function startWebhookReceiver(answer: (body: string, attempt: number) => number = () => 200) {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const body = Buffer.concat(parts).toString('utf8');
      const eventId = (JSON.parse(body) as { id: string }).id;
      const attempt = received.filter((r) => r.eventId === eventId).length + 1;
      const status = answer(body, attempt);
      received.push({ headers: req.headers, eventId, body, status });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  return {
    url,
    received,
    /** Deliveries of events about one customer or its objects, in arrival order. */
    forCustomer: (customer: string) =>
      received.filter((r) => {
        const object = (JSON.parse(r.body) as { data: { object: { id: string; customer?: string } } }).data.object;
        return object.customer === customer || object.id === customer;
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
