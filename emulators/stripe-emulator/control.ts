/**
 * Emulator-only control endpoints (JSON in, JSON out; no API key): they play the customer and the
 * passing of time, which Stripe's own test mode does with its dashboard and test clocks. Each one
 * answers after the first delivery attempt of every event it sends, with those events and their
 * deliveries; `delivery` sends them `normal`ly, `twice` (the series again, same ids) or `reversed`.
 */
import { ownerOf } from './accounts.ts';
import { completeCheckout, requireSession } from './checkout.ts';
import { controlEmitter, eventSubject, type Emitter } from './events.ts';
import { DEFAULT_TEST_CARD, parseCardNumber } from './payment-methods.ts';
import type { EmulatorState, StoredEvent, WebhookTarget } from './state.ts';
import { endSubscription, failPayment, renew, requireSubscription, setCancelAtPeriodEnd } from './subscriptions.ts';
import { deliver, type DeliveryMode } from './webhooks.ts';
import { invalidRequest, newId, resourceMissing, type JsonObject } from './wire.ts';

export type ControlBody = { delivery?: unknown; url?: unknown; card?: unknown };

export function deliveryMode(body: ControlBody): DeliveryMode {
  const mode = body.delivery ?? 'normal';
  if (mode !== 'normal' && mode !== 'twice' && mode !== 'reversed') throw invalidRequest('delivery must be "normal", "twice" or "reversed"', 'parameter_invalid', 'delivery');
  return mode;
}

export const eventSummary = (stored: StoredEvent): JsonObject => ({
  id: stored.event.id,
  type: stored.event.type,
  created: stored.event.created,
  object: eventSubject(stored).objectId,
  customer: eventSubject(stored).customer,
  deliveries: stored.deliveries.map((d) => ({ url: d.url, attempt: d.attempt, status: d.status, at: d.at, ...(d.error ? { error: d.error } : {}) })),
});

async function sendAndSummarize(em: Emitter, mode: DeliveryMode, extra: JsonObject): Promise<JsonObject> {
  await deliver(em.state, em.events, mode);
  return { ...extra, events: em.events.map(eventSummary) };
}

function customerOf(state: EmulatorState, customerId: string) {
  const customer = state.customers.get(customerId);
  if (!customer) throw resourceMissing('customer', customerId, 'customer');
  return customer;
}

/** The card a control call pays with: `card` (a number passing the Luhn check, spaces allowed), else the default test Visa. */
export function cardNumberOf(body: ControlBody): string {
  if (body.card === undefined) return DEFAULT_TEST_CARD;
  const number = typeof body.card === 'string' ? parseCardNumber(body.card) : null;
  if (!number) throw invalidRequest('card must be a card number of 12 to 19 digits that passes the Luhn check', 'invalid_number', 'card');
  return number;
}

/**
 * Completes a Checkout Session as if the customer paid with the card `cardNumber` (the hosted and embedded
 * pages' Pay button); the answer names the PaymentMethod made from it.
 */
export async function completeCheckoutSession(state: EmulatorState, id: string, mode: DeliveryMode, cardNumber: string = DEFAULT_TEST_CARD): Promise<JsonObject> {
  const session = requireSession(state, id);
  const em = controlEmitter(state, ownerOf(state, session.id));
  const { customer, subscription, invoice, paymentMethod } = completeCheckout(em, session, cardNumber);
  return sendAndSummarize(em, mode, { checkout_session: id, customer: customer.id, subscription: subscription?.id ?? null, invoice: invoice?.id ?? null, payment_method: paymentMethod.id });
}

export type SubscriptionAction = 'renew' | 'fail_payment' | 'cancel_at_period_end' | 'keep' | 'expire';

export async function actOnSubscription(state: EmulatorState, id: string, action: SubscriptionAction, mode: DeliveryMode): Promise<JsonObject> {
  const subscription = requireSubscription({ state }, id);
  const em = controlEmitter(state, ownerOf(state, subscription.id));
  if (action === 'renew') renew(em, subscription, customerOf(state, subscription.customer));
  else if (action === 'fail_payment') failPayment(em, subscription, customerOf(state, subscription.customer));
  else if (action === 'cancel_at_period_end') setCancelAtPeriodEnd(em, subscription, true);
  else if (action === 'keep') setCancelAtPeriodEnd(em, subscription, false);
  else {
    if (subscription.status === 'canceled') throw invalidRequest('This subscription has already ended.');
    endSubscription(em, subscription, subscription.cancel_at_period_end ? 'cancellation_requested' : 'payment_failed');
  }
  return sendAndSummarize(em, mode, { subscription: id, status: subscription.status, latest_invoice: subscription.latest_invoice });
}

/**
 * Registers a webhook endpoint for the account whose API key the request carries (as Stripe's
 * `POST /v1/webhook_endpoints` does): it gets the events of that account's objects only. Every endpoint
 * signs with the emulator's one secret (Stripe gives each its own), so an app configured once verifies all.
 */
export function addWebhookTarget(state: EmulatorState, body: ControlBody, account: string): JsonObject {
  if (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url) || !URL.canParse(body.url)) throw invalidRequest('url must be an http(s) URL', 'url_invalid', 'url');
  const target = { id: newId('we', 14), url: body.url, account };
  state.addedTargets.push(target);
  return { id: target.id, url: target.url, secret: state.webhookSecret };
}

/** Removes targets the key's account added: one (`{ url }` or `{ id }`), or all of them; other accounts' and the configured --webhook-url stay. */
export function removeWebhookTargets(state: EmulatorState, body: ControlBody & { id?: unknown }, account: string): JsonObject {
  const before = state.addedTargets.length;
  const removes = (t: WebhookTarget) => t.account === account && ((body.url === undefined && body.id === undefined) || t.url === body.url || t.id === body.id);
  state.addedTargets = state.addedTargets.filter((t) => !removes(t));
  return { removed: before - state.addedTargets.length };
}

/** Every target with its account's key shown as Stripe shows keys (first 8 and last 4 characters). */
export function listTargets(state: EmulatorState): JsonObject {
  const shown = (t: WebhookTarget, configured: boolean) => ({ id: t.id, url: t.url, account: `${t.account.slice(0, 8)}…${t.account.slice(-4)}`, configured });
  return { targets: [...state.webhookTargets.map((t) => shown(t, true)), ...state.addedTargets.map((t) => shown(t, false))] };
}

/** Every event with its deliveries, oldest first; `?customer=`, `?type=` narrow it (suites sharing one emulator). */
export function listEmulatorEvents(state: EmulatorState, query: URLSearchParams): JsonObject {
  const customer = query.get('customer');
  const type = query.get('type');
  const object = query.get('object');
  const events = [...state.events.values()].filter((stored) => {
    const subject = eventSubject(stored);
    return (customer === null || subject.customer === customer) && (type === null || stored.event.type === type) && (object === null || subject.objectId === object);
  });
  return { events: events.map(eventSummary) };
}

/** Sends one stored event again (like `stripe events resend`). */
export async function resendEvent(state: EmulatorState, id: string): Promise<JsonObject> {
  const stored = state.events.get(id);
  if (!stored) throw resourceMissing('event', id);
  await deliver(state, [stored]);
  return { events: [eventSummary(stored)] };
}
