/**
 * Subscriptions: made by a completed Checkout Session, read and changed through the API (retrieve with
 * expand, update `cancel_at_period_end` or an item's quantity with proration, cancel, list), and moved
 * through their life by the control endpoints and the portal page (renew, a failed payment, cancel at
 * period end, expiry).
 */
import { visibleTo } from './accounts.ts';
import { answerObject, type ApiHandler } from './api.ts';
import { changedFrom, emit, emitterFor, type Emitter } from './events.ts';
import { createSubscriptionInvoice, markPaid } from './invoices.ts';
import { render } from './render.ts';
import { addMonths, newestFirst, type CheckoutExtras, type Customer, type InvoiceItem, type Price, type Subscription, type SubscriptionItem, type SubscriptionStatus } from './state.ts';
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

/**
 * Invoice items for the rest of the item's current period, to the second, one per part (`invoiceitem.created`
 * each): a credit (sign -1) or a charge (+1) for `quantity` of the price. None in a trial (nothing was
 * charged for it) or once the period is over.
 */
function prorations(em: Emitter, subscription: Subscription, customer: Customer, item: SubscriptionItem, parts: { quantity: number; sign: 1 | -1; what: string }[]): InvoiceItem[] {
  const now = nowSeconds();
  const { current_period_start: start, current_period_end: end } = item;
  if (subscription.status === 'trialing' || now >= end || end <= start) return [];
  const share = (end - now) / (end - start);
  const after = new Date(now * 1000).toISOString().slice(0, 10);
  const name = item.price.nickname ?? item.price.id;
  return parts.map(({ quantity, sign, what }) => {
    const ii: InvoiceItem = {
      id: newId('ii'),
      object: 'invoiceitem',
      amount: sign * Math.round(item.price.unit_amount * quantity * share),
      currency: subscription.currency,
      customer: customer.id,
      date: now,
      description: `${what} on ${quantity} × ${name} after ${after}`,
      discountable: false,
      invoice: null,
      livemode: false,
      metadata: {},
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, subscription_item: item.id } },
      period: { start: now, end },
      pricing: { price_details: { price: item.price.id, product: item.price.product }, type: 'price_details', unit_amount_decimal: item.price.unit_amount_decimal },
      proration: true,
      quantity,
    };
    em.state.invoiceItems.set(ii.id, ii);
    emit(em, 'invoiceitem.created', ii);
    return ii;
  });
}

/** Cancelled now with `prorate`: the unused rest of the period at the current quantity is credited. */
function creditUnusedTime(em: Emitter, subscription: Subscription, customer: Customer): void {
  const item = subscription.items.data[0]!;
  prorations(em, subscription, customer, item, [{ quantity: item.quantity, sign: -1, what: 'Unused time' }]);
}

type ProrationBehavior = 'always_invoice' | 'create_prorations' | 'none';

/**
 * An item's quantity changes (a seat added or taken away). Prorated as Stripe prorates, to the second: the
 * unused rest of the period at the old quantity is credited and the rest at the new one charged, as two
 * invoice items (`invoiceitem.created`) the next invoice takes (`create_prorations`, Stripe's default), on
 * an invoice of their own now (`always_invoice`: `invoice.paid`, or credit to the balance when it is
 * negative), or not at all (`none`). A trial is not prorated: nothing has been charged for it.
 */
function changeQuantity(em: Emitter, subscription: Subscription, customer: Customer, item: SubscriptionItem, quantity: number, behavior: ProrationBehavior): void {
  if (item.quantity === quantity) return;
  const from = item.quantity;
  updated(em, subscription, () => {
    item.quantity = quantity;
  });
  if (behavior === 'none') return;
  const made = prorations(em, subscription, customer, item, [
    { quantity: from, sign: -1, what: 'Unused time' },
    { quantity, sign: 1, what: 'Remaining time' },
  ]);
  if (made.length === 0) return;
  if (behavior === 'always_invoice') {
    const invoice = createSubscriptionInvoice(em, subscription, customer, { billingReason: 'subscription_update', paid: true, trial: false, periodLine: false });
    emit(em, 'invoice.paid', invoice);
  }
}

// --- the API ---

export const retrieveSubscription: ApiHandler = (req) => {
  req.params.only(['expand']);
  return answerObject(req, requireSubscription(req, req.ids[0]!));
};

const UPDATE_PARAMS = ['cancel_at', 'cancel_at_period_end', 'cancellation_details', 'description', 'expand', 'items', 'metadata', 'proration_behavior'];
// Real parameters the emulator does not model: refused by name so nobody mistakes them for applied.
const ITEM_PARAMS = ['id', 'quantity'];
const UNSUPPORTED_ITEM_PARAMS = ['billing_thresholds', 'clear_usage', 'deleted', 'discounts', 'metadata', 'plan', 'price', 'price_data', 'tax_rates'];
const UNSUPPORTED_UPDATE_PARAMS = ['add_invoice_items', 'application_fee_percent', 'automatic_tax', 'billing_cycle_anchor', 'billing_schedules', 'billing_thresholds', 'collection_method', 'days_until_due', 'default_payment_method', 'default_source', 'default_tax_rates', 'discounts', 'invoice_settings', 'off_session', 'on_behalf_of', 'pause_collection', 'payment_behavior', 'payment_settings', 'pending_invoice_item_interval', 'proration_date', 'transfer_data', 'trial_end', 'trial_from_plan', 'trial_settings'];

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
  const behavior = (params.string('proration_behavior', { oneOf: ['always_invoice', 'create_prorations', 'none'] }) ?? 'create_prorations') as ProrationBehavior;
  // Quantities only: each entry names one of the subscription's items by id.
  const quantities = (params.objects('items') ?? []).map((entry) => {
    for (const key of UNSUPPORTED_ITEM_PARAMS) {
      if (entry.has(key)) throw invalidRequest(`The Stripe emulator supports only quantity changes of existing items (not ${key}).`, 'parameter_unknown', entry.name(key));
    }
    entry.only(ITEM_PARAMS);
    const id = entry.string('id', { required: true })!;
    const item = subscription.items.data.find((i) => i.id === id);
    if (!item) throw invalidRequest(`The subscription item ${id} does not belong to subscription ${subscription.id}.`, 'parameter_invalid', entry.name('id'));
    return { item, quantity: entry.int('quantity', { min: 0, max: 999_999 }) ?? item.quantity };
  });
  const cancelAtPeriodEnd = params.bool('cancel_at_period_end');
  const cancelAt = params.has('cancel_at') ? params.nullableString('cancel_at') : undefined;
  const description = params.nullableString('description', { max: 500 });
  const changesBilling = cancelAtPeriodEnd !== undefined || cancelAt !== undefined || description !== undefined || quantities.length > 0;
  if (changesBilling) requireOngoing(subscription);
  if (cancelAt !== undefined && cancelAt !== null) throw invalidRequest('The Stripe emulator supports cancel_at only to unset it (empty value); use cancel_at_period_end.', 'parameter_invalid', 'cancel_at');
  if (cancelAtPeriodEnd !== undefined) setCancelAtPeriodEnd(em, subscription, cancelAtPeriodEnd);
  else if (cancelAt === null && subscription.cancel_at !== null) setCancelAtPeriodEnd(em, subscription, false);
  const customer = em.state.customers.get(subscription.customer);
  for (const { item, quantity } of quantities) {
    if (!customer) throw resourceMissing('customer', subscription.customer);
    changeQuantity(em, subscription, customer, item, quantity, behavior);
  }
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
  const invoiceNow = params.bool('invoice_now') ?? false;
  const prorate = params.bool('prorate') ?? false;
  const details = params.object('cancellation_details')?.only(['comment', 'feedback']);
  subscription.cancellation_details.comment = details?.nullableString('comment') ?? subscription.cancellation_details.comment;
  subscription.cancellation_details.feedback = details?.nullableString('feedback') ?? subscription.cancellation_details.feedback;
  const em = emitterFor(req);
  const customer = req.state.customers.get(subscription.customer);
  // prorate: the unused rest of the period is credited (an invoice item); invoice_now: a final invoice takes
  // it and any other pending item now, a negative one crediting the customer's balance (Stripe names no
  // billing_reason for that invoice in its docs; the emulator says subscription_update).
  if (prorate && customer) creditUnusedTime(em, subscription, customer);
  endSubscription(em, subscription, 'cancellation_requested');
  if (invoiceNow && customer && [...req.state.invoiceItems.values()].some((ii) => ii.invoice === null && ii.parent.subscription_details.subscription === subscription.id)) {
    const invoice = createSubscriptionInvoice(em, subscription, customer, { billingReason: 'subscription_update', paid: true, trial: false, periodLine: false });
    emit(em, 'invoice.paid', invoice);
  }
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

