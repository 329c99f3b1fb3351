/**
 * Subscriptions: made by a completed Checkout Session, read and changed through the API (retrieve with
 * expand, update `cancel_at_period_end`, cancel, list), and moved through their life by the control
 * endpoints and the portal page (renew, a failed payment, cancel at period end, expiry).
 */
import { visibleTo } from './accounts.ts';
import { answerObject, type ApiHandler } from './api.ts';
import { changedFrom, emit, emitterFor, type Emitter } from './events.ts';
import { createSubscriptionInvoice, markPaid } from './invoices.ts';
import { render } from './render.ts';
import { addMonths, newestFirst, type CheckoutExtras, type Customer, type Price, type Subscription, type SubscriptionStatus } from './state.ts';
import { createdFilter, invalidRequest, listPage, newId, nowSeconds, resourceMissing } from './wire.ts';

const DAY_S = 24 * 3600;

export function requireSubscription(em: { state: Emitter['state'] }, id: string): Subscription {
  const subscription = em.state.subscriptions.get(id);
  if (!subscription) throw resourceMissing('subscription', id);
  return subscription;
}

const periodEnd = (start: number, price: Price) => addMonths(start, (price.recurring?.interval === 'year' ? 12 : 1) * (price.recurring?.interval_count ?? 1));

/** Runs a change and emits `customer.subscription.updated` with what it changed, if anything. */
function updated(em: Emitter, subscription: Subscription, change: () => void): void {
  const before = render(subscription, em.state.accountApiVersion);
  change();
  const previous = changedFrom(before, render(subscription, em.state.accountApiVersion));
  if (previous) emit(em, 'customer.subscription.updated', subscription, previous);
}

/** The subscription a completed Checkout Session makes, with its first invoice (paid, or 0 in a trial), paid by the card Checkout collected. */
export function startSubscription(em: Emitter, customer: Customer, price: Price, quantity: number, data: CheckoutExtras['subscriptionData'], defaultPaymentMethod: string | null) {
  const now = nowSeconds();
  const id = newId('sub');
  const trialEnd = data.trialPeriodDays ? now + data.trialPeriodDays * DAY_S : null;
  const subscription: Subscription = {
    id,
    object: 'subscription',
    application: null,
    billing_cycle_anchor: trialEnd ?? now,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: price.currency,
    customer: customer.id,
    default_payment_method: defaultPaymentMethod,
    description: data.description,
    discounts: [],
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: newId('si', 14),
          object: 'subscription_item',
          created: now,
          current_period_end: trialEnd ?? periodEnd(now, price),
          current_period_start: now,
          discounts: [],
          metadata: {},
          price: structuredClone(price),
          quantity,
          subscription: id,
          tax_rates: [],
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: { ...data.metadata },
    pause_collection: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: trialEnd ? 'trialing' : 'active',
    test_clock: null,
    trial_end: trialEnd,
    trial_start: trialEnd ? now : null,
  };
  em.state.subscriptions.set(id, subscription);
  const invoice = createSubscriptionInvoice(em, subscription, customer, { billingReason: 'subscription_create', paid: true, trial: trialEnd !== null });
  return { subscription, invoice };
}

function requireOngoing(subscription: Subscription): void {
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
  }
}

/** Ends a subscription now (an API cancel, an expiry, its customer deleted): `customer.subscription.deleted`. */
export function endSubscription(em: Emitter, subscription: Subscription, reason: Subscription['cancellation_details']['reason']): void {
  const now = nowSeconds();
  subscription.status = 'canceled';
  subscription.canceled_at ??= now;
  subscription.ended_at = now;
  subscription.cancellation_details.reason ??= reason;
  emit(em, 'customer.subscription.deleted', subscription);
}

export function endSubscriptionsOf(em: Emitter, customerId: string): void {
  for (const subscription of em.state.subscriptions.values()) {
    if (subscription.customer === customerId && subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') endSubscription(em, subscription, 'cancellation_requested');
  }
}

export function setCancelAtPeriodEnd(em: Emitter, subscription: Subscription, cancel: boolean): void {
  requireOngoing(subscription);
  updated(em, subscription, () => {
    subscription.cancel_at_period_end = cancel;
    // Since 2025 Stripe also shows the period end as `cancel_at` when cancelling at period end.
    subscription.cancel_at = cancel ? subscription.items.data[0]!.current_period_end : null;
    subscription.canceled_at = cancel ? nowSeconds() : null;
    subscription.cancellation_details.reason = cancel ? 'cancellation_requested' : null;
  });
}

/**
 * The period ends. A subscription set to cancel at period end ends (`customer.subscription.deleted`);
 * a past-due one whose open invoice is now paid becomes active in the same period (a successful retry);
 * otherwise the next period starts with a paid invoice (`invoice.paid`, `customer.subscription.updated`).
 */
export function renew(em: Emitter, subscription: Subscription, customer: Customer): void {
  requireOngoing(subscription);
  if (subscription.cancel_at_period_end) return endSubscription(em, subscription, 'cancellation_requested');
  const latest = subscription.latest_invoice ? em.state.invoices.get(subscription.latest_invoice) : undefined;
  if (subscription.status === 'past_due' && latest?.status === 'open') {
    markPaid(latest);
    emit(em, 'invoice.paid', latest);
    updated(em, subscription, () => {
      subscription.status = 'active';
    });
    return;
  }
  advancePeriod(em, subscription, customer, true, 'active');
}

/** The period ends and its payment fails: the next period starts with an open invoice, the subscription is past_due. */
export function failPayment(em: Emitter, subscription: Subscription, customer: Customer): void {
  requireOngoing(subscription);
  advancePeriod(em, subscription, customer, false, 'past_due');
}

function advancePeriod(em: Emitter, subscription: Subscription, customer: Customer, paid: boolean, status: SubscriptionStatus): void {
  const before = render(subscription, em.state.accountApiVersion);
  const item = subscription.items.data[0]!;
  item.current_period_start = item.current_period_end;
  item.current_period_end = periodEnd(item.current_period_start, item.price);
  subscription.status = status;
  const invoice = createSubscriptionInvoice(em, subscription, customer, { billingReason: 'subscription_cycle', paid, trial: false });
  emit(em, paid ? 'invoice.paid' : 'invoice.payment_failed', invoice);
  emit(em, 'customer.subscription.updated', subscription, changedFrom(before, render(subscription, em.state.accountApiVersion)));
}

// --- the API ---

export const retrieveSubscription: ApiHandler = (req) => {
  req.params.only(['expand']);
  return answerObject(req, requireSubscription(req, req.ids[0]!));
};

const UPDATE_PARAMS = ['cancel_at', 'cancel_at_period_end', 'cancellation_details', 'description', 'expand', 'metadata', 'proration_behavior'];
// Real parameters the emulator does not model: refused by name so nobody mistakes them for applied.
const UNSUPPORTED_UPDATE_PARAMS = ['add_invoice_items', 'application_fee_percent', 'automatic_tax', 'billing_cycle_anchor', 'billing_schedules', 'billing_thresholds', 'collection_method', 'days_until_due', 'default_payment_method', 'default_source', 'default_tax_rates', 'discounts', 'invoice_settings', 'items', 'off_session', 'on_behalf_of', 'pause_collection', 'payment_behavior', 'payment_settings', 'pending_invoice_item_interval', 'proration_date', 'transfer_data', 'trial_end', 'trial_from_plan', 'trial_settings'];

export const updateSubscription: ApiHandler = (req) => {
  for (const key of UNSUPPORTED_UPDATE_PARAMS) {
    if (req.params.has(key)) throw invalidRequest(`The Stripe emulator does not support ${key} on subscription updates.`, 'parameter_unknown', key);
  }
  const params = req.params.only(UPDATE_PARAMS);
  const subscription = requireSubscription(req, req.ids[0]!);
  const em = emitterFor(req);
  const metadata = params.metadata(subscription.metadata);
  const details = params.object('cancellation_details')?.only(['comment', 'feedback']);
  const comment = details?.nullableString('comment', { max: 5000 });
  const feedback = details?.nullableString('feedback');
  params.string('proration_behavior', { oneOf: ['always_invoice', 'create_prorations', 'none'] });
  const cancelAtPeriodEnd = params.bool('cancel_at_period_end');
  const cancelAt = params.has('cancel_at') ? params.nullableString('cancel_at') : undefined;
  const description = params.nullableString('description', { max: 500 });
  const changesBilling = cancelAtPeriodEnd !== undefined || cancelAt !== undefined || description !== undefined;
  if (changesBilling) requireOngoing(subscription);
  if (cancelAt !== undefined && cancelAt !== null) throw invalidRequest('The Stripe emulator supports cancel_at only to unset it (empty value); use cancel_at_period_end.', 'parameter_invalid', 'cancel_at');
  if (cancelAtPeriodEnd !== undefined) setCancelAtPeriodEnd(em, subscription, cancelAtPeriodEnd);
  else if (cancelAt === null && subscription.cancel_at !== null) setCancelAtPeriodEnd(em, subscription, false);
  updated(em, subscription, () => {
    if (metadata) subscription.metadata = metadata;
    if (description !== undefined) subscription.description = description;
    if (comment !== undefined) subscription.cancellation_details.comment = comment;
    if (feedback !== undefined) subscription.cancellation_details.feedback = feedback;
  });
  return answerObject(req, subscription);
};

/** DELETE /v1/subscriptions/:id cancels at once; a subscription already canceled is "No such subscription", as on Stripe. */
export const cancelSubscription: ApiHandler = (req) => {
  const params = req.params.only(['cancellation_details', 'expand', 'invoice_now', 'prorate']);
  const subscription = req.state.subscriptions.get(req.ids[0]!);
  if (!subscription || subscription.status === 'canceled' || subscription.status === 'incomplete_expired') throw resourceMissing('subscription', req.ids[0]!);
  params.bool('invoice_now');
  params.bool('prorate');
  const details = params.object('cancellation_details')?.only(['comment', 'feedback']);
  subscription.cancellation_details.comment = details?.nullableString('comment') ?? subscription.cancellation_details.comment;
  subscription.cancellation_details.feedback = details?.nullableString('feedback') ?? subscription.cancellation_details.feedback;
  endSubscription(emitterFor(req), subscription, 'cancellation_requested');
  return answerObject(req, subscription);
};

const STATUSES = ['active', 'all', 'canceled', 'ended', 'incomplete', 'incomplete_expired', 'past_due', 'paused', 'trialing', 'unpaid'];

export const listSubscriptions: ApiHandler = (req) => {
  req.params.only(['automatic_tax', 'collection_method', 'created', 'current_period_end', 'current_period_start', 'customer', 'customer_account', 'ending_before', 'expand', 'limit', 'plan', 'price', 'starting_after', 'status', 'test_clock']);
  const customer = req.params.string('customer');
  const price = req.params.string('price');
  const status = req.params.string('status', { oneOf: STATUSES });
  const inCreated = createdFilter(req.params);
  // Without a status, Stripe lists every subscription that has not been canceled.
  const statusMatches = (s: SubscriptionStatus) => (status === undefined ? s !== 'canceled' : status === 'all' || s === status || (status === 'ended' && s === 'canceled'));
  const subscriptions = newestFirst(req.state.subscriptions.values()).filter(
    (s) => visibleTo(req.state, s.id, req.account) && (customer === undefined || s.customer === customer) && (price === undefined || s.items.data.some((i) => i.price.id === price)) && statusMatches(s.status) && inCreated(s.created),
  );
  return { body: listPage(subscriptions, '/v1/subscriptions', req.params, (s) => render(s, req.version)) };
};

