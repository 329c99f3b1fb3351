/**
 * Everything the Stripe emulator holds, in memory: the objects as Stripe renders them (references to
 * other objects as ids, expanded only when asked), the events with their deliveries, the stored
 * idempotent answers and the webhook targets. One state per server; nothing is written to disk.
 */
import type { Json, JsonObject } from './wire.ts';

export type Metadata = { [key: string]: string };

export type Customer = {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  discount: null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: { custom_fields: null; default_payment_method: null; footer: null; rendering_options: null };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
};

export type CustomerBalanceTransaction = {
  id: string;
  object: 'customer_balance_transaction';
  amount: number;
  checkout_session: null;
  created: number;
  credit_note: null;
  currency: string;
  customer: string;
  description: string | null;
  ending_balance: number;
  invoice: string | null;
  livemode: false;
  metadata: Metadata;
  type: 'adjustment' | 'applied_to_invoice';
};

/** A card PaymentMethod as Stripe renders one (payment-methods.ts); the emulator makes cards only. */
export type PaymentMethod = {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'always' | 'limited' | 'unspecified';
  billing_details: {
    address: { city: null; country: null; line1: null; line2: null; postal_code: null; state: null };
    email: string | null;
    name: string | null;
    phone: null;
    tax_id: null;
  };
  card: {
    brand: string;
    checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' };
    country: string;
    display_brand: string;
    exp_month: number;
    exp_year: number;
    /** The same for every PaymentMethod made from the same card number in the same account. */
    fingerprint: string;
    funding: 'credit' | 'debit' | 'prepaid' | 'unknown';
    generated_from: null;
    last4: string;
    networks: { available: string[]; preferred: null };
    regulated_status: 'regulated' | 'unregulated';
    three_d_secure_usage: { supported: boolean };
    wallet: null;
  };
  created: number;
  customer: string | null;
  customer_account: null;
  livemode: false;
  metadata: Metadata;
  type: 'card';
};

export type Recurring = { interval: 'month' | 'year'; interval_count: number; meter: null; trial_period_days: null; usage_type: 'licensed' };

export type Price = {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: Recurring | null;
  tax_behavior: 'unspecified';
  type: 'recurring' | 'one_time';
  unit_amount: number;
  unit_amount_decimal: string;
};

export type Product = {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  default_price: string | null;
  description: string | null;
  images: string[];
  livemode: false;
  metadata: Metadata;
  name: string;
  type: 'service';
  updated: number;
  url: string | null;
};

/** The canonical ui_mode names (2026-03-25.dahlia and later); older API versions see the old names. */
export type UiMode = 'hosted_page' | 'embedded_page' | 'elements' | 'form';

export type CheckoutLineItem = { price: string; quantity: number };

export type CheckoutSession = {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  client_secret: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  livemode: false;
  locale: string | null;
  metadata: Metadata;
  mode: 'subscription' | 'payment' | 'setup';
  payment_intent: null;
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  redirect_on_completion: 'always' | 'if_required' | 'never' | null;
  return_url: string | null;
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  success_url: string | null;
  ui_mode: UiMode;
  url: string | null;
};

/** What the emulator keeps beside a session but Stripe does not render on it. */
export type CheckoutExtras = {
  lineItems: CheckoutLineItem[];
  subscriptionData: { trialPeriodDays: number | null; metadata: Metadata; description: string | null };
};

export type PortalSession = {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  flow: null;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
};

export type SubscriptionItem = {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: string[];
  metadata: Metadata;
  price: Price;
  quantity: number;
  subscription: string;
  tax_rates: never[];
};

export type SubscriptionStatus = 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export type Subscription = {
  id: string;
  object: 'subscription';
  application: null;
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: 'cancellation_requested' | 'payment_failed' | 'payment_disputed' | null };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  /** The card Checkout collected (a `pm_` id), or null. */
  default_payment_method: string | null;
  description: string | null;
  discounts: string[];
  ended_at: number | null;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  pause_collection: null;
  pending_update: null;
  schedule: null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: null;
  trial_end: number | null;
  trial_start: number | null;
};

export type InvoiceLine = {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  invoice: string;
  livemode: false;
  metadata: Metadata;
  /** What the line bills: the subscription's period (its item), or a pending invoice item (a proration). */
  parent:
    | { type: 'subscription_item_details'; subscription_item_details: { proration: false; subscription: string; subscription_item: string } }
    | { type: 'invoice_item_details'; invoice_item_details: { invoice_item: string; proration: boolean; subscription: string } };
  period: { end: number; start: number };
  pricing: { price_details: { price: string; product: string }; type: 'price_details'; unit_amount_decimal: string };
  quantity: number;
};

/**
 * An invoice item: here always a proration a quantity change made (subscriptions.ts), pending (`invoice`
 * null) until the subscription's next invoice takes it, or one made at once (`always_invoice`).
 */
export type InvoiceItem = {
  id: string;
  object: 'invoiceitem';
  amount: number;
  currency: string;
  customer: string;
  date: number;
  description: string;
  discountable: false;
  invoice: string | null;
  livemode: false;
  metadata: Metadata;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; subscription_item: string } };
  period: { end: number; start: number };
  pricing: { price_details: { price: string; product: string }; type: 'price_details'; unit_amount_decimal: string };
  proration: boolean;
  quantity: number;
};

export type Invoice = {
  id: string;
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  description: string | null;
  ending_balance: number;
  hosted_invoice_url: null;
  lines: { object: 'list'; data: InvoiceLine[]; has_more: false; url: string };
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string;
  parent: { type: 'subscription_details'; quote_details: null; subscription_details: { metadata: Metadata; subscription: string } } | null;
  period_end: number;
  period_start: number;
  starting_balance: number;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  status_transitions: { finalized_at: number | null; marked_uncollectible_at: null; paid_at: number | null; voided_at: null };
  subtotal: number;
  total: number;
};

/** One attempt to deliver an event to one target. `status` is null when no HTTP answer came (refused, timed out). */
export type Delivery = { url: string; attempt: number; status: number | null; error?: string; at: number };

export type StoredEvent = {
  event: JsonObject & { id: string; type: string; created: number };
  /** The account (API key) whose object it is about: only that account's webhook targets get it (accounts.ts). */
  account: string;
  deliveries: Delivery[];
};

export type StoredIdempotentAnswer = { method: string; path: string; fingerprint: string; status: number; body: Json; at: number; requestId: string };

/** A webhook endpoint of one account (the API key that registered it, or --webhook-account for --webhook-url). */
export type WebhookTarget = { id: string; url: string; account: string };

export interface EmulatorState {
  /** The emulator's own address, for the checkout and portal URLs it hands out. */
  baseUrl: string;
  webhookSecret: string;
  /** Targets from --webhook-url (kept) and from tests (`POST /emulator/v1/webhook_targets` with their key, clearable). */
  webhookTargets: WebhookTarget[];
  addedTargets: WebhookTarget[];
  retryDelaysMs: number[];
  /**
   * The account's API version: like a new Stripe account, pinned by the first request that names one
   * (`Stripe-Version`); events are rendered in it.
   */
  accountApiVersion: string | null;
  /** The account (API key) each customer and Checkout Session was created by; the rest follow their customer (accounts.ts). */
  owners: Map<string, string>;
  customers: Map<string, Customer>;
  deletedCustomers: Set<string>;
  balanceTransactions: Map<string, CustomerBalanceTransaction>;
  paymentMethods: Map<string, PaymentMethod>;
  prices: Map<string, Price>;
  products: Map<string, Product>;
  checkoutSessions: Map<string, CheckoutSession>;
  checkoutExtras: Map<string, CheckoutExtras>;
  portalSessions: Map<string, PortalSession>;
  subscriptions: Map<string, Subscription>;
  invoices: Map<string, Invoice>;
  invoiceItems: Map<string, InvoiceItem>;
  events: Map<string, StoredEvent>;
  idempotency: Map<string, StoredIdempotentAnswer>;
  invoiceSequence: number;
}

/** The price the app sells, preset so `npm start` works with no set-up: Charta Pro, 29.00 USD a month. */
export const PRO_PRICE_ID = 'price_charta_pro_monthly';
export const PRO_PRODUCT_ID = 'prod_charta_pro';

export function newState(opts: { baseUrl: string; webhookSecret: string; webhookUrl?: string; webhookAccount: string; retryDelaysMs: number[] }): EmulatorState {
  const created = Math.floor(Date.UTC(2026, 0, 1) / 1000);
  const state: EmulatorState = {
    baseUrl: opts.baseUrl,
    webhookSecret: opts.webhookSecret,
    webhookTargets: opts.webhookUrl ? [{ id: 'we_configured', url: opts.webhookUrl, account: opts.webhookAccount }] : [],
    addedTargets: [],
    retryDelaysMs: opts.retryDelaysMs,
    accountApiVersion: null,
    owners: new Map(),
    customers: new Map(),
    deletedCustomers: new Set(),
    balanceTransactions: new Map(),
    paymentMethods: new Map(),
    prices: new Map(),
    products: new Map(),
    checkoutSessions: new Map(),
    checkoutExtras: new Map(),
    portalSessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    invoiceItems: new Map(),
    events: new Map(),
    idempotency: new Map(),
    invoiceSequence: 1,
  };
  state.products.set(PRO_PRODUCT_ID, {
    id: PRO_PRODUCT_ID,
    object: 'product',
    active: true,
    created,
    default_price: PRO_PRICE_ID,
    description: 'Unlimited documentations a month',
    images: [],
    livemode: false,
    metadata: {},
    name: 'Charta Pro',
    type: 'service',
    updated: created,
    url: null,
  });
  state.prices.set(PRO_PRICE_ID, {
    id: PRO_PRICE_ID,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency: 'usd',
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: 'Charta Pro monthly',
    product: PRO_PRODUCT_ID,
    recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    type: 'recurring',
    unit_amount: 2900,
    unit_amount_decimal: '2900',
  });
  return state;
}

/** Newest first, as Stripe lists. Maps keep insertion order, which is creation order here. */
export const newestFirst = <T>(items: Iterable<T>): T[] => [...items].reverse();

/** The same day of the next month (clamped to its last day), as Stripe advances a monthly period. */
export function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * 1000);
  const day = date.getUTCDate();
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}
