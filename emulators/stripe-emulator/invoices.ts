/**
 * Invoices, as subscriptions make them: one per period, the customer's balance applied first (a credit
 * lowers what is due and is used up), then paid or left open when the payment fails.
 */
import { visibleTo } from './accounts.ts';
import { answerObject, type ApiHandler } from './api.ts';
import { addToBalance } from './balance.ts';
import type { Emitter } from './events.ts';
import { render } from './render.ts';
import { newestFirst, type Customer, type Invoice, type InvoiceLine, type Subscription } from './state.ts';
import { createdFilter, listPage, newId, nowSeconds, resourceMissing } from './wire.ts';

/** Stripe retries a failed renewal payment some days later; the emulator shows when, it does not retry. */
const PAYMENT_RETRY_AFTER_S = 3 * 24 * 3600;

/**
 * The subscription's invoice: its period (unless `periodLine` is false: an invoice of prorations alone, as
 * `always_invoice` makes) and every pending invoice item of the subscription (prorations), which it takes.
 * A negative total (more credit than charge) is owed to the customer: it goes to their balance, as Stripe does.
 */
export function createSubscriptionInvoice(
  em: Emitter,
  subscription: Subscription,
  customer: Customer,
  opts: { billingReason: Invoice['billing_reason']; paid: boolean; trial: boolean; periodLine?: boolean },
): Invoice {
  const item = subscription.items.data[0]!;
  const now = nowSeconds();
  const id = newId('in');
  const pending = [...em.state.invoiceItems.values()].filter((ii) => ii.invoice === null && ii.parent.subscription_details.subscription === subscription.id);
  const periodAmount = opts.trial ? 0 : item.price.unit_amount * item.quantity;
  const periodLines: InvoiceLine[] =
    opts.periodLine === false
      ? []
      : [
          {
            id: newId('il'),
            object: 'line_item',
            amount: periodAmount,
            currency: subscription.currency,
            description: `${item.quantity} × ${item.price.nickname ?? item.price.id}${opts.trial ? ' (trial)' : ''}`,
            invoice: id,
            livemode: false,
            metadata: {},
            parent: { type: 'subscription_item_details', subscription_item_details: { proration: false, subscription: subscription.id, subscription_item: item.id } },
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: { price_details: { price: item.price.id, product: item.price.product }, type: 'price_details', unit_amount_decimal: item.price.unit_amount_decimal },
            quantity: item.quantity,
          },
        ];
  const itemLines: InvoiceLine[] = pending.map((ii) => {
    ii.invoice = id;
    return {
      id: newId('il'),
      object: 'line_item',
      amount: ii.amount,
      currency: ii.currency,
      description: ii.description,
      invoice: id,
      livemode: false,
      metadata: {},
      parent: { type: 'invoice_item_details', invoice_item_details: { invoice_item: ii.id, proration: ii.proration, subscription: subscription.id } },
      period: ii.period,
      pricing: ii.pricing,
      quantity: ii.quantity,
    };
  });
  const lines = [...periodLines, ...itemLines];
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  // The customer's balance is applied when the invoice is finalized: a credit (negative) lowers what is
  // due, at most to zero; a debit (positive) adds to it. Either way it is used up by this invoice. A
  // negative total is credit for the customer: it is added to their balance and nothing is due.
  const startingBalance = customer.currency === null || customer.currency === subscription.currency ? customer.balance : 0;
  const fromBalance = total > 0 ? Math.max(startingBalance, -total) : total < 0 ? 0 : Math.max(startingBalance, 0);
  const balanceChange = total < 0 ? total : -fromBalance;
  const amountDue = total < 0 ? 0 : total + fromBalance;
  if (balanceChange !== 0) {
    addToBalance(em, customer, { amount: balanceChange, currency: subscription.currency, description: null, metadata: {}, type: 'applied_to_invoice', invoice: id });
  } else if (customer.currency === null) {
    customer.currency = subscription.currency;
  }
  const invoice: Invoice = {
    id,
    object: 'invoice',
    amount_due: amountDue,
    amount_paid: opts.paid ? amountDue : 0,
    amount_remaining: opts.paid ? 0 : amountDue,
    attempt_count: amountDue > 0 ? 1 : 0,
    attempted: amountDue > 0,
    billing_reason: opts.billingReason,
    collection_method: 'charge_automatically',
    created: now,
    currency: subscription.currency,
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    description: null,
    ending_balance: startingBalance + balanceChange,
    hosted_invoice_url: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: opts.paid ? null : now + PAYMENT_RETRY_AFTER_S,
    number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence++).padStart(4, '0')}`,
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id } },
    period_end: item.current_period_start,
    period_start: item.current_period_start,
    starting_balance: startingBalance,
    status: opts.paid ? 'paid' : 'open',
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: opts.paid ? now : null, voided_at: null },
    subtotal: total,
    total,
  };
  em.state.invoices.set(id, invoice);
  subscription.latest_invoice = id;
  return invoice;
}

/** A failed invoice paid on a later attempt. */
export function markPaid(invoice: Invoice): void {
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.attempt_count += 1;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = nowSeconds();
}

export const retrieveInvoice: ApiHandler = (req) => {
  req.params.only(['expand']);
  const invoice = req.state.invoices.get(req.ids[0]!);
  if (!invoice) throw resourceMissing('invoice', req.ids[0]!);
  return answerObject(req, invoice);
};

export const listInvoices: ApiHandler = (req) => {
  req.params.only(['collection_method', 'created', 'customer', 'customer_account', 'due_date', 'ending_before', 'expand', 'limit', 'starting_after', 'status', 'subscription']);
  const customer = req.params.string('customer');
  const subscription = req.params.string('subscription');
  const status = req.params.string('status', { oneOf: ['draft', 'open', 'paid', 'uncollectible', 'void'] });
  const inCreated = createdFilter(req.params);
  const invoices = newestFirst(req.state.invoices.values()).filter(
    (i) =>
      visibleTo(req.state, i.id, req.account) &&
      (customer === undefined || i.customer === customer) &&
      (subscription === undefined || i.parent?.subscription_details.subscription === subscription) &&
      (status === undefined || i.status === status) &&
      inCreated(i.created),
  );
  return { body: listPage(invoices, '/v1/invoices', req.params, (i) => render(i, req.version)) };
};

/** GET /v1/invoiceitems: a customer's invoice items (here, prorations), `pending=true` for those no invoice has taken yet. */
export const listInvoiceItems: ApiHandler = (req) => {
  req.params.only(['created', 'customer', 'ending_before', 'expand', 'invoice', 'limit', 'pending', 'starting_after']);
  const customer = req.params.string('customer');
  const invoice = req.params.string('invoice');
  const pending = req.params.bool('pending');
  const inCreated = createdFilter(req.params);
  const items = newestFirst(req.state.invoiceItems.values()).filter(
    (ii) =>
      visibleTo(req.state, ii.id, req.account) &&
      (customer === undefined || ii.customer === customer) &&
      (invoice === undefined || ii.invoice === invoice) &&
      (pending === undefined || (ii.invoice === null) === pending) &&
      inCreated(ii.date),
  );
  return { body: listPage(items, '/v1/invoiceitems', req.params, (ii) => render(ii, req.version)) };
};
