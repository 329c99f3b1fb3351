/**
 * The local Stripe emulator: speaks the subset of Stripe's REST API (v1, form-encoded) that Charta's
 * billing adapter uses, through the official `stripe` SDK pointed at it (`host`, `port`, `protocol`),
 * delivers signed webhooks as Stripe does, and serves plain checkout and portal pages at the URLs it
 * hands out. Control endpoints under /emulator/v1 play the customer and the calendar.
 * Run: node emulators/stripe-emulator/server.ts [--port 12111] [--webhook-url URL] [--webhook-account sk_test_…]
 * [--webhook-secret whsec_…]. Each test key is an account of its own (accounts.ts): --webhook-url gets the
 * events of --webhook-account's objects only (default sk_test_charta_emulator, the key the stack's API uses).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { requireVisible } from './accounts.ts';
import type { ApiHandler, ApiRequest } from './api.ts';
import { createPortalSession } from './billing-portal.ts';
import { listPrices, retrievePrice, retrieveProduct } from './catalog.ts';
import { createCheckoutSession, expireCheckoutSession, listCheckoutLineItems, listCheckoutSessions, retrieveCheckoutSession } from './checkout.ts';
import { actOnSubscription, addWebhookTarget, cardNumberOf, completeCheckoutSession, deliveryMode, listEmulatorEvents, listTargets, removeWebhookTargets, resendEvent, type ControlBody, type SubscriptionAction } from './control.ts';
import { createBalanceTransaction, createCustomer, deleteCustomer, listBalanceTransactions, listCustomers, retrieveBalanceTransaction, retrieveCustomer, updateCustomer } from './customers.ts';
import { listEvents, retrieveEvent } from './events.ts';
import { findReplay, fingerprint, MAX_KEY_LENGTH, remember } from './idempotency.ts';
import { listInvoiceItems, listInvoices, retrieveInvoice } from './invoices.ts';
import { servePage } from './pages.ts';
import { listCustomerPaymentMethods, retrieveCustomerPaymentMethod, retrievePaymentMethod } from './payment-methods.ts';
import { newState, type EmulatorState } from './state.ts';
import { cancelSubscription, listSubscriptions, retrieveSubscription, updateSubscription } from './subscriptions.ts';
import { deliverInBackground } from './webhooks.ts';
import { readBody } from './http.ts';
import { decodeForm, invalidRequest, newId, nowSeconds, Params, StripeApiError, type Json } from './wire.ts';

const ID = '([^/]+)';

const ROUTES: { method: string; pattern: RegExp; handler: ApiHandler }[] = [
  { method: 'POST', pattern: /^\/v1\/customers$/, handler: createCustomer },
  { method: 'GET', pattern: /^\/v1\/customers$/, handler: listCustomers },
  { method: 'GET', pattern: new RegExp(`^/v1/customers/${ID}$`), handler: retrieveCustomer },
  { method: 'POST', pattern: new RegExp(`^/v1/customers/${ID}$`), handler: updateCustomer },
  { method: 'DELETE', pattern: new RegExp(`^/v1/customers/${ID}$`), handler: deleteCustomer },
  { method: 'POST', pattern: new RegExp(`^/v1/customers/${ID}/balance_transactions$`), handler: createBalanceTransaction },
  { method: 'GET', pattern: new RegExp(`^/v1/customers/${ID}/balance_transactions$`), handler: listBalanceTransactions },
  { method: 'GET', pattern: new RegExp(`^/v1/customers/${ID}/balance_transactions/${ID}$`), handler: retrieveBalanceTransaction },
  { method: 'GET', pattern: new RegExp(`^/v1/customers/${ID}/payment_methods$`), handler: listCustomerPaymentMethods },
  { method: 'GET', pattern: new RegExp(`^/v1/customers/${ID}/payment_methods/${ID}$`), handler: retrieveCustomerPaymentMethod },
  { method: 'GET', pattern: new RegExp(`^/v1/payment_methods/${ID}$`), handler: retrievePaymentMethod },
  { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, handler: createCheckoutSession },
  { method: 'GET', pattern: /^\/v1\/checkout\/sessions$/, handler: listCheckoutSessions },
  { method: 'GET', pattern: new RegExp(`^/v1/checkout/sessions/${ID}$`), handler: retrieveCheckoutSession },
  { method: 'GET', pattern: new RegExp(`^/v1/checkout/sessions/${ID}/line_items$`), handler: listCheckoutLineItems },
  { method: 'POST', pattern: new RegExp(`^/v1/checkout/sessions/${ID}/expire$`), handler: expireCheckoutSession },
  { method: 'POST', pattern: /^\/v1\/billing_portal\/sessions$/, handler: createPortalSession },
  { method: 'GET', pattern: /^\/v1\/subscriptions$/, handler: listSubscriptions },
  { method: 'GET', pattern: new RegExp(`^/v1/subscriptions/${ID}$`), handler: retrieveSubscription },
  { method: 'POST', pattern: new RegExp(`^/v1/subscriptions/${ID}$`), handler: updateSubscription },
  { method: 'DELETE', pattern: new RegExp(`^/v1/subscriptions/${ID}$`), handler: cancelSubscription },
  { method: 'GET', pattern: /^\/v1\/invoices$/, handler: listInvoices },
  { method: 'GET', pattern: new RegExp(`^/v1/invoices/${ID}$`), handler: retrieveInvoice },
  { method: 'GET', pattern: /^\/v1\/invoiceitems$/, handler: listInvoiceItems },
  { method: 'GET', pattern: /^\/v1\/prices$/, handler: listPrices },
  { method: 'GET', pattern: new RegExp(`^/v1/prices/${ID}$`), handler: retrievePrice },
  { method: 'GET', pattern: new RegExp(`^/v1/products/${ID}$`), handler: retrieveProduct },
  { method: 'GET', pattern: /^\/v1\/events$/, handler: listEvents },
  { method: 'GET', pattern: new RegExp(`^/v1/events/${ID}$`), handler: retrieveEvent },
];

function sendJson(res: ServerResponse, status: number, body: Json, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-cache, no-store', ...headers });
  res.end(JSON.stringify(body, null, 2));
}

/** Stripe accepts a secret or restricted test key, by Bearer (what the SDK sends) or as Basic's user name. */
function apiKeyOf(req: IncomingMessage): string {
  const header = req.headers.authorization;
  if (!header) {
    throw new StripeApiError(401, 'invalid_request_error', "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.");
  }
  const bearer = /^Bearer (.+)$/i.exec(header)?.[1];
  const basic = /^Basic (.+)$/i.exec(header)?.[1];
  const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0]! : header);
  if (!/^(sk|rk)_test_[A-Za-z0-9_]+$/.test(key)) {
    const shown = key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(Math.min(key.length - 12, 20))}${key.slice(-4)}` : '****';
    throw new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${shown}`, 'api_key_invalid');
  }
  return key;
}

async function serveApi(state: EmulatorState, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const requestId = newId('req', 14);
  const headers: Record<string, string> = { 'request-id': requestId };
  try {
    const apiKey = apiKeyOf(req);
    const versionHeader = req.headers['stripe-version'];
    const requested = Array.isArray(versionHeader) ? versionHeader[0] : versionHeader;
    if (requested !== undefined && !/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(requested)) throw invalidRequest(`Invalid Stripe API version: ${requested}`, 'invalid_api_version');
    if (requested && state.accountApiVersion === null) state.accountApiVersion = requested;
    const version = requested ?? state.accountApiVersion;
    if (version) headers['stripe-version'] = version;

    const method = req.method ?? 'GET';
    const path = url.pathname;
    const route = ROUTES.find((r) => r.method === method && r.pattern.test(path));
    const body = method === 'POST' ? await readBody(req) : '';
    if (!route) {
      throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
    }
    const raw = decodeForm(method === 'POST' ? body : url.search.slice(1));
    const ids = route.pattern.exec(path)!.slice(1).map(decodeURIComponent);
    // Another account's object is "No such …", as if it did not exist (accounts.ts).
    for (const id of ids) requireVisible(state, id, apiKey);

    const keyHeader = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const idempotencyKey = (Array.isArray(keyHeader) ? keyHeader[0] : keyHeader) ?? null;
    if (idempotencyKey !== null) {
      headers['idempotency-key'] = idempotencyKey;
      if (idempotencyKey.length > MAX_KEY_LENGTH) throw invalidRequest(`Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters.`, 'parameter_invalid');
    }
    const print = fingerprint(raw);
    const now = nowSeconds();
    if (idempotencyKey !== null) {
      const replay = findReplay(state, apiKey, idempotencyKey, method, path, print, now);
      if (replay) return sendJson(res, replay.status, replay.body, { ...headers, 'idempotent-replayed': 'true', 'original-request': replay.requestId });
    }

    const apiRequest: ApiRequest = { state, account: apiKey, method, path, ids, params: new Params(raw), version, requestId, idempotencyKey, emitted: [] };
    let status: number;
    let answer: Json;
    try {
      const result = route.handler(apiRequest);
      status = result.status ?? 200;
      answer = result.body;
    } catch (err) {
      if (err instanceof StripeApiError) throw err;
      console.error('stripe-emulator: handler failed', err);
      status = 500;
      answer = { error: { type: 'api_error', message: 'An unknown error occurred in the Stripe emulator.' } };
    }
    if (idempotencyKey !== null) remember(state, apiKey, idempotencyKey, { method, path, fingerprint: print, status, body: answer, at: now, requestId });
    sendJson(res, status, answer, headers);
    deliverInBackground(state, apiRequest.emitted);
  } catch (err) {
    if (!(err instanceof StripeApiError)) throw err;
    sendJson(res, err.status, err.body(), headers);
  }
}

async function readControlBody(req: IncomingMessage): Promise<ControlBody> {
  const text = await readBody(req);
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed;
  } catch {
    // answered below
  }
  throw invalidRequest('The control endpoints take a JSON object.');
}

async function serveControl(state: EmulatorState, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const path = url.pathname;
  const method = req.method ?? 'GET';
  try {
    if (path === '/emulator/v1/events' && method === 'GET') return sendJson(res, 200, listEmulatorEvents(state, url.searchParams));
    if (path === '/emulator/v1/webhook_targets' && method === 'GET') return sendJson(res, 200, listTargets(state));
    // A webhook endpoint belongs to an account: registered and removed with its API key, as on Stripe.
    if (path === '/emulator/v1/webhook_targets' && method === 'POST') return sendJson(res, 200, addWebhookTarget(state, await readControlBody(req), apiKeyOf(req)));
    if (path === '/emulator/v1/webhook_targets' && method === 'DELETE') return sendJson(res, 200, removeWebhookTargets(state, await readControlBody(req), apiKeyOf(req)));
    const complete = /^\/emulator\/v1\/checkout_sessions\/([^/]+)\/complete$/.exec(path);
    if (complete && method === 'POST') {
      const body = await readControlBody(req);
      return sendJson(res, 200, await completeCheckoutSession(state, decodeURIComponent(complete[1]!), deliveryMode(body), cardNumberOf(body)));
    }
    const action = /^\/emulator\/v1\/subscriptions\/([^/]+)\/(renew|fail_payment|cancel_at_period_end|expire)$/.exec(path);
    if (action && method === 'POST') {
      const mode = deliveryMode(await readControlBody(req));
      return sendJson(res, 200, await actOnSubscription(state, decodeURIComponent(action[1]!), action[2] as SubscriptionAction, mode));
    }
    const resend = /^\/emulator\/v1\/events\/([^/]+)\/resend$/.exec(path);
    if (resend && method === 'POST') return sendJson(res, 200, await resendEvent(state, decodeURIComponent(resend[1]!)));
    throw new StripeApiError(404, 'invalid_request_error', `The Stripe emulator has no control endpoint ${method} ${path}.`);
  } catch (err) {
    if (!(err instanceof StripeApiError)) throw err;
    sendJson(res, err.status, err.body());
  }
}

async function route(state: EmulatorState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://emulator');
  if (req.method === 'GET' && url.pathname === '/health') return sendJson(res, 200, { status: 'ok' });
  if (url.pathname.startsWith('/v1/')) return serveApi(state, req, res, url);
  if (url.pathname.startsWith('/emulator/v1/')) return serveControl(state, req, res, url);
  return servePage(state, req, res, url);
}

export interface StripeEmulatorOptions {
  port: number;
  host?: string;
  webhookUrl?: string;
  /** The account (secret key) the --webhook-url endpoint belongs to: it gets the events of that key's objects only. */
  webhookAccount?: string;
  webhookSecret?: string;
  /** Delays before each retry of a failed delivery. */
  retryDelaysMs?: number[];
  /** The address the checkout and portal URLs use; default http://127.0.0.1:<port>. */
  publicUrl?: string;
}

export const DEFAULT_WEBHOOK_SECRET = 'whsec_charta_emulator';
export const DEFAULT_WEBHOOK_ACCOUNT = 'sk_test_charta_emulator';
export const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16000];

export async function startStripeEmulator(opts: StripeEmulatorOptions): Promise<{ server: Server; state: EmulatorState; url: string }> {
  const host = opts.host ?? '127.0.0.1';
  const state = newState({ baseUrl: '', webhookSecret: opts.webhookSecret ?? DEFAULT_WEBHOOK_SECRET, ...(opts.webhookUrl ? { webhookUrl: opts.webhookUrl } : {}), webhookAccount: opts.webhookAccount ?? DEFAULT_WEBHOOK_ACCOUNT, retryDelaysMs: opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS });
  const server = createServer((req, res) => {
    route(state, req, res).catch((err: unknown) => {
      console.error('stripe-emulator: request failed', err);
      if (!res.headersSent) sendJson(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred in the Stripe emulator.' } });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  state.baseUrl = opts.publicUrl ?? `http://127.0.0.1:${port}`;
  return { server, state, url: `http://127.0.0.1:${port}` };
}

function flag(name: string, env: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : process.env[env];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(flag('port', 'STRIPE_EMULATOR_PORT') ?? 12111);
  const webhookUrl = flag('webhook-url', 'STRIPE_EMULATOR_WEBHOOK_URL');
  const delays = flag('retry-delays-ms', 'STRIPE_EMULATOR_RETRY_DELAYS_MS');
  const publicUrl = flag('public-url', 'STRIPE_EMULATOR_PUBLIC_URL');
  const { server, url } = await startStripeEmulator({
    port,
    webhookSecret: flag('webhook-secret', 'STRIPE_EMULATOR_WEBHOOK_SECRET') ?? DEFAULT_WEBHOOK_SECRET,
    webhookAccount: flag('webhook-account', 'STRIPE_EMULATOR_WEBHOOK_ACCOUNT') ?? DEFAULT_WEBHOOK_ACCOUNT,
    ...(webhookUrl ? { webhookUrl } : {}),
    ...(delays ? { retryDelaysMs: delays.split(',').map(Number) } : {}),
    ...(publicUrl ? { publicUrl } : {}),
  });
  console.log(`stripe-emulator: Stripe API emulated at ${url}${webhookUrl ? `, webhooks to ${webhookUrl}` : ''}`);
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
