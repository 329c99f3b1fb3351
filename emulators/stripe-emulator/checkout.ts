/**
 * Checkout Sessions: created hosted (a `url` to the emulator's checkout page) or embedded (a
 * `client_secret` for the embedded page, and a `return_url`), retrieved with `expand[]` (and the
 * includable `line_items`), listed, expired, and completed by the page's Pay button or the control endpoint.
 */
import { ownerOf, requireVisible, visibleTo } from './accounts.ts';
import { answerObject, type ApiHandler } from './api.ts';
import { requireCustomer } from './customers.ts';
import { emit, emitterFor, type Emitter } from './events.ts';
import { attachCard, DEFAULT_TEST_CARD } from './payment-methods.ts';
import { parseUiMode, render } from './render.ts';
import { newestFirst, type CheckoutExtras, type CheckoutSession, type Customer, type EmulatorState, type Invoice, type PaymentMethod, type Subscription } from './state.ts';
import { startSubscription } from './subscriptions.ts';
import { invalidRequest, listPage, newId, nowSeconds, resourceMissing, type Json, type JsonObject } from './wire.ts';

const DAY_S = 24 * 3600;

// Everything the SDK may send; those the emulator does not model are accepted and ignored.
const CREATE_PARAMS = ['adaptive_pricing', 'after_expiration', 'allow_promotion_codes', 'allowed_payment_method_types', 'automatic_tax', 'billing_address_collection', 'branding_settings', 'cancel_url', 'client_reference_id', 'consent_collection', 'currency', 'custom_fields', 'custom_text', 'customer', 'customer_account', 'customer_creation', 'customer_email', 'customer_update', 'discounts', 'excluded_payment_method_types', 'expand', 'expires_at', 'integration_identifier', 'invoice_creation', 'line_items', 'locale', 'managed_payments', 'metadata', 'mode', 'name_collection', 'optional_items', 'origin_context', 'payment_intent_data', 'payment_method_collection', 'payment_method_configuration', 'payment_method_data', 'payment_method_options', 'permissions', 'phone_number_collection', 'redirect_on_completion', 'return_url', 'saved_payment_method_options', 'setup_intent_data', 'shipping_address_collection', 'shipping_options', 'submit_type', 'subscription_data', 'success_url', 'tax_id_collection', 'ui_mode', 'wallet_options'];
const SUBSCRIPTION_DATA_PARAMS = ['application_fee_percent', 'billing_cycle_anchor', 'billing_cycle_anchor_config', 'billing_mode', 'default_tax_rates', 'description', 'invoice_settings', 'metadata', 'on_behalf_of', 'pending_invoice_item_interval', 'proration_behavior', 'transfer_data', 'trial_end', 'trial_period_days', 'trial_settings'];

export function requireSession(state: EmulatorState, id: string): CheckoutSession {
  const session = state.checkoutSessions.get(id);
  if (!session) throw resourceMissing('checkout.session', id);
  return session;
}

export const checkoutUrl = (state: EmulatorState, id: string) => `${state.baseUrl}/checkout/${id}`;
export const embeddedCheckoutUrl = (state: EmulatorState, clientSecret: string) => `${state.baseUrl}/checkout/embedded?client_secret=${encodeURIComponent(clientSecret)}`;

export const createCheckoutSession: ApiHandler = (req) => {
  const params = req.params.only(CREATE_PARAMS);
  const state = req.state;
  const mode = params.string('mode', { required: true, oneOf: ['payment', 'setup', 'subscription'] }) as CheckoutSession['mode'];
  const uiMode = parseUiMode(params.string('ui_mode'), req.version, 'ui_mode');
  const successUrl = params.string('success_url', { max: 5000 });
  const cancelUrl = params.string('cancel_url', { max: 5000 });
  const returnUrl = params.string('return_url', { max: 5000 });
  const redirect = params.string('redirect_on_completion', { oneOf: ['always', 'if_required', 'never'] }) as CheckoutSession['redirect_on_completion'] | undefined;
  if (uiMode === 'hosted_page') {
    if (returnUrl !== undefined) throw invalidRequest('You can only set `return_url` if `ui_mode` is `embedded_page` or `elements`.', 'parameter_invalid', 'return_url');
  } else {
    if (successUrl !== undefined) throw invalidRequest(`You cannot set \`success_url\` if \`ui_mode\` is \`${req.version && req.version < '2026-03-25' ? 'embedded' : 'embedded_page'}\`.`, 'parameter_invalid', 'success_url');
    if (cancelUrl !== undefined) throw invalidRequest('You cannot set `cancel_url` with this `ui_mode`.', 'parameter_invalid', 'cancel_url');
    if (returnUrl === undefined && (redirect ?? 'always') !== 'never') throw invalidRequest('Missing required param: return_url.', 'parameter_missing', 'return_url');
  }
  for (const [name, url] of [['success_url', successUrl], ['cancel_url', cancelUrl], ['return_url', returnUrl]] as const) {
    if (url !== undefined && !URL.canParse(url)) throw invalidRequest(`Not a valid URL`, 'url_invalid', name);
  }

  const customerId = params.string('customer');
  if (customerId) requireVisible(state, customerId, req.account, 'customer');
  const customer = customerId ? requireCustomer(state, customerId, 'customer') : undefined;
  const customerEmail = params.string('customer_email', { max: 800 });
  if (customer && customerEmail !== undefined) throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'parameter_invalid', 'customer_email');

  const lineItems = (params.objects('line_items') ?? []).map((item) => {
    item.only(['adjustable_quantity', 'dynamic_tax_rates', 'metadata', 'price', 'price_data', 'quantity', 'tax_rates']);
    if (item.has('price_data')) throw invalidRequest('The Stripe emulator knows only its preset prices; pass `price`.', 'parameter_unknown', item.name('price_data'));
    const priceId = item.string('price', { required: true })!;
    const price = state.prices.get(priceId);
    if (!price) throw resourceMissing('price', priceId, item.name('price'));
    const quantity = item.int('quantity', { min: 1, max: 999_999 }) ?? 1;
    if (mode === 'subscription' && !price.recurring) throw invalidRequest(`The price \`${priceId}\` is a one-time price; \`subscription\` mode needs recurring prices.`, 'parameter_invalid', item.name('price'));
    if (mode === 'payment' && price.recurring) throw invalidRequest(`You specified \`payment\` mode but passed a recurring price. Either switch to \`subscription\` mode or use only one-time prices.`, 'parameter_invalid', item.name('price'));
    return { price, quantity };
  });
  if (mode !== 'setup' && lineItems.length === 0) throw invalidRequest('Missing required param: line_items.', 'parameter_missing', 'line_items');
  if (mode === 'subscription' && lineItems.length > 1) throw invalidRequest('The Stripe emulator supports one line item per subscription.', 'parameter_invalid', 'line_items');

  const subscriptionData = params.object('subscription_data')?.only(SUBSCRIPTION_DATA_PARAMS);
  if (subscriptionData && mode !== 'subscription') throw invalidRequest('You can only set `subscription_data` in `subscription` mode.', 'parameter_invalid', 'subscription_data');
  const trialPeriodDays = subscriptionData?.int('trial_period_days', { min: 1, max: 730 }) ?? null;
  const now = nowSeconds();
  const expiresAt = params.int('expires_at', { min: now + 30 * 60, max: now + DAY_S }) ?? now + DAY_S;
  const total = lineItems.reduce((sum, { price, quantity }) => sum + price.unit_amount * quantity, 0);
  const id = newId('cs_test', 58);
  const embedded = uiMode !== 'hosted_page';
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    amount_subtotal: total,
    amount_total: total,
    cancel_url: cancelUrl ?? null,
    client_reference_id: params.string('client_reference_id', { max: 200 }) ?? null,
    client_secret: embedded ? `${id}_secret_${newId('x', 24).slice(2)}` : null,
    created: now,
    currency: lineItems[0]?.price.currency ?? params.string('currency') ?? 'usd',
    customer: customer?.id ?? null,
    customer_details: customer ? { email: customer.email, name: customer.name } : null,
    customer_email: customerEmail ?? null,
    expires_at: expiresAt,
    invoice: null,
    livemode: false,
    locale: params.string('locale') ?? null,
    metadata: params.metadata() ?? {},
    mode,
    payment_intent: null,
    payment_status: 'unpaid',
    redirect_on_completion: embedded ? (redirect ?? 'always') : null,
    return_url: returnUrl ?? null,
    status: 'open',
    subscription: null,
    success_url: successUrl ?? null,
    ui_mode: uiMode,
    url: embedded ? null : checkoutUrl(state, id),
  };
  const extras: CheckoutExtras = {
    lineItems: lineItems.map(({ price, quantity }) => ({ price: price.id, quantity })),
    subscriptionData: { trialPeriodDays, metadata: subscriptionData?.metadata() ?? {}, description: subscriptionData?.string('description', { max: 500 }) ?? null },
  };
  state.checkoutSessions.set(id, session);
  state.owners.set(id, req.account);
  state.checkoutExtras.set(id, extras);
  return answerObject(req, session);
};

/** `line_items` is not on the session unless asked for (`expand[]=line_items`), as on Stripe. */
function lineItemsList(state: EmulatorState, session: CheckoutSession): JsonObject {
  const extras = state.checkoutExtras.get(session.id)!;
  const data: Json[] = extras.lineItems.map(({ price: priceId, quantity }, index) => {
    const price = state.prices.get(priceId)!;
    const product = state.products.get(price.product);
    return {
      id: `li_${session.id.slice(8, 30)}${index}`,
      object: 'item',
      amount_discount: 0,
      amount_subtotal: price.unit_amount * quantity,
      amount_tax: 0,
      amount_total: price.unit_amount * quantity,
      currency: price.currency,
      description: product?.name ?? price.id,
      price: render(price, null),
      quantity,
    };
  });
  return { object: 'list', data, has_more: false, url: `/v1/checkout/sessions/${session.id}/line_items` };
}

const withLineItems = (state: EmulatorState, session: CheckoutSession) => (rendered: JsonObject, paths: string[]) => {
  if (paths.some((p) => p === 'line_items' || p.startsWith('line_items.'))) rendered['line_items'] = lineItemsList(state, session);
  return paths.filter((p) => p !== 'line_items');
};

export const retrieveCheckoutSession: ApiHandler = (req) => {
  req.params.only(['expand']);
  const session = requireSession(req.state, req.ids[0]!);
  expireIfDue(req.state, session);
  return answerObject(req, session, withLineItems(req.state, session));
};

export const listCheckoutSessions: ApiHandler = (req) => {
  req.params.only(['created', 'customer', 'customer_account', 'customer_details', 'ending_before', 'expand', 'limit', 'payment_intent', 'payment_link', 'starting_after', 'status', 'subscription']);
  const customer = req.params.string('customer');
  const subscription = req.params.string('subscription');
  const status = req.params.string('status', { oneOf: ['complete', 'expired', 'open'] });
  const sessions = newestFirst(req.state.checkoutSessions.values()).filter(
    (s) => visibleTo(req.state, s.id, req.account) && (customer === undefined || s.customer === customer) && (subscription === undefined || s.subscription === subscription) && (status === undefined || s.status === status),
  );
  return { body: listPage(sessions, '/v1/checkout/sessions', req.params, (s) => render(s, req.version)) };
};

export const listCheckoutLineItems: ApiHandler = (req) => {
  req.params.only(['ending_before', 'expand', 'limit', 'starting_after']);
  const session = requireSession(req.state, req.ids[0]!);
  return { body: lineItemsList(req.state, session) };
};

function expire(em: Emitter, session: CheckoutSession): void {
  session.status = 'expired';
  session.url = null;
  emit(em, 'checkout.session.expired', session);
}

/** Sessions past `expires_at` expire when next looked at (Stripe's run on a timer; no one can tell the difference). */
function expireIfDue(state: EmulatorState, session: CheckoutSession): void {
  if (session.status === 'open' && session.expires_at <= nowSeconds()) expire({ state, account: ownerOf(state, session.id), events: [] }, session);
}

export const expireCheckoutSession: ApiHandler = (req) => {
  req.params.only(['expand']);
  const session = requireSession(req.state, req.ids[0]!);
  if (session.status !== 'open') throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`, 'checkout_session_not_open');
  expire(emitterFor(req), session);
  return answerObject(req, session);
};

/**
 * The customer pays with `cardNumber` (digits, Luhn-checked by the caller): the session completes, the card
 * becomes a PaymentMethod of the customer and, in subscription mode, the subscription's default payment
 * method, and the subscription starts with its paid first invoice. Events in the order the shared interface
 * fixes: checkout.session.completed, customer.subscription.created, invoice.paid (plus customer.created when
 * Checkout made the customer).
 */
export function completeCheckout(
  em: Emitter,
  session: CheckoutSession,
  cardNumber: string = DEFAULT_TEST_CARD,
): { customer: Customer; subscription: Subscription | null; invoice: Invoice | null; paymentMethod: PaymentMethod } {
  expireIfDue(em.state, session);
  if (session.status !== 'open') throw invalidRequest(`This Checkout Session is ${session.status}; only an open session can be completed.`, 'checkout_session_not_open');
  const state = em.state;
  let customer = session.customer ? state.customers.get(session.customer) : undefined;
  if (session.customer && !customer) throw resourceMissing('customer', session.customer, 'customer');
  const created: { customer?: Customer } = {};
  if (!customer) {
    // Checkout makes a customer from the email it collected, as Stripe does in subscription mode.
    const id = newId('cus', 14);
    customer = {
      id, object: 'customer', address: null, balance: 0, created: nowSeconds(), currency: null, default_source: null, delinquent: false, description: null, discount: null,
      email: session.customer_email ?? 'customer@example.com', invoice_prefix: id.slice(4, 12).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null }, livemode: false, metadata: {}, name: null,
      next_invoice_sequence: 1, phone: null, preferred_locales: [], shipping: null, tax_exempt: 'none', test_clock: null,
    };
    state.customers.set(id, customer);
    state.owners.set(id, em.account);
    created.customer = customer;
  }
  const extras = state.checkoutExtras.get(session.id)!;
  // Checkout collects a card in every mode, a trial's too (payment_method_collection defaults to always).
  const card = attachCard(state, em.account, customer, cardNumber);
  let started: ReturnType<typeof startSubscription> | null = null;
  const deferred: Emitter = { state, account: em.account, events: [] };
  if (session.mode === 'subscription') {
    const line = extras.lineItems[0]!;
    started = startSubscription(deferred, customer, state.prices.get(line.price)!, line.quantity, extras.subscriptionData, card.id);
  }
  session.status = 'complete';
  session.url = null;
  session.customer = customer.id;
  session.customer_details = { email: customer.email ?? session.customer_email, name: customer.name };
  session.payment_status = started && started.invoice.amount_due === 0 ? 'no_payment_required' : session.mode === 'setup' ? 'no_payment_required' : 'paid';
  session.subscription = started?.subscription.id ?? null;
  session.invoice = started?.invoice.id ?? null;
  if (created.customer) emit(em, 'customer.created', created.customer);
  emit(em, 'checkout.session.completed', session);
  if (started) {
    emit(em, 'customer.subscription.created', started.subscription);
    emit(em, 'invoice.paid', started.invoice);
  }
  // Balance changes from the first invoice (a referral credit used up) come after, as customer.updated.
  for (const stored of deferred.events) em.events.push(stored);
  return { customer, subscription: started?.subscription ?? null, invoice: started?.invoice ?? null, paymentMethod: card };
}
