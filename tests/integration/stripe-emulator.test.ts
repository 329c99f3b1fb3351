/**
 * The local Stripe emulator, driven by the real `stripe` SDK (pointed at it by host, port and protocol, as
 * the API's adapter is): the wire format (form bodies, expand, idempotent replay, errors as the SDK's
 * classes), the resources the billing adapter uses, webhooks signed so the SDK verifies them, retried on
 * failure, and delivered twice or out of order when asked.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorStripe, emulatorUrl, startWebhookReceiver, stripeEmulatorControl, uniqueTestCard } from '../support/stripe-emulator-client.js';

// This suite's own Stripe account (its own test key): its events reach its receiver only, not the full stack's
// API, whose webhook endpoint belongs to the stack's key (STRIPE_SECRET_KEY).
const KEY = 'sk_test_stripe_emulator_suite';
const stripe = emulatorStripe({ key: KEY });
const control = stripeEmulatorControl();
const PRO = 'price_charta_pro_monthly';
const APP = 'http://localhost:5000';
const WEBHOOK_SECRET = process.env['STRIPE_WEBHOOK_SECRET'] ?? 'whsec_charta_emulator';

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver((body, attempt) => {
    const event = JSON.parse(body) as { type: string; data: { object: { metadata?: Record<string, string> } } };
    return attempt === 1 && event.data.object.metadata?.['fail_first'] === 'yes' ? 500 : 200;
  });
  await control.addWebhookTarget(receiver.url, KEY);
});

afterAll(async () => {
  await control.removeWebhookTarget(receiver.url, KEY);
  await receiver.close();
});

const newCustomer = (params: Stripe.CustomerCreateParams = {}) => stripe.customers.create({ email: 'clinician@example.com', ...params });

/** A hosted Checkout Session for Pro, as the app's billing page asks for one; `params` adds to it. */
const proCheckout = (customer: string, params: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    line_items: [{ price: PRO, quantity: 1 }],
    success_url: `${APP}/billing?checkout=done&session_id={CHECKOUT_SESSION_ID}`,
    ...params,
  });

async function subscribedCustomer(metadata: Record<string, string> = {}) {
  const customer = await newCustomer();
  const session = await proCheckout(customer.id, { subscription_data: { metadata } });
  const done = await control.completeCheckout(session.id);
  return { customer, session, subscriptionId: done.subscription!, done };
}

describe('customers', () => {
  it('create, retrieve, update (metadata merged, a key unset with an empty value), delete', async () => {
    const created = await newCustomer({ name: 'Maria Garcia', metadata: { uid: 'u-1', plan: 'free' } });
    expect(created).toMatchObject({ object: 'customer', email: 'clinician@example.com', name: 'Maria Garcia', balance: 0, livemode: false, metadata: { uid: 'u-1', plan: 'free' } });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);

    expect((await stripe.customers.retrieve(created.id)).id).toBe(created.id);
    const updated = await stripe.customers.update(created.id, { name: 'Maria G.', metadata: { plan: '', tier: 'x' } });
    expect(updated).toMatchObject({ name: 'Maria G.', metadata: { uid: 'u-1', tier: 'x' } });
    expect(updated.metadata).not.toHaveProperty('plan');

    const deleted = await stripe.customers.del(created.id);
    expect(deleted).toEqual({ id: created.id, object: 'customer', deleted: true });
    // As on Stripe: a deleted customer is a stub on retrieve, and missing for everything else.
    expect(await stripe.customers.retrieve(created.id)).toMatchObject({ id: created.id, deleted: true });
    await expect(stripe.customers.update(created.id, { name: 'x' })).rejects.toMatchObject({ code: 'resource_missing', statusCode: 404 });
  });

  it('lists as a Stripe list object, newest first, with cursors', async () => {
    const email = `list-${Date.now()}@example.com`;
    const first = await newCustomer({ email });
    const second = await newCustomer({ email });
    const page = await stripe.customers.list({ email, limit: 1 });
    expect(page).toMatchObject({ object: 'list', has_more: true, url: '/v1/customers' });
    expect(page.data.map((c) => c.id)).toEqual([second.id]);
    const next = await stripe.customers.list({ email, limit: 1, starting_after: second.id });
    expect(next.data.map((c) => c.id)).toEqual([first.id]);
    expect(next.has_more).toBe(false);
  });
});

describe('idempotent requests', () => {
  it('the same key and body replay the first answer: the same customer, marked as replayed', async () => {
    const key = `customer-for-uid-${Date.now()}`;
    const first = await stripe.customers.create({ email: 'a@example.com', metadata: { uid: key } }, { idempotencyKey: key });
    const again = await stripe.customers.create({ email: 'a@example.com', metadata: { uid: key } }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.customers.list({ email: 'a@example.com', limit: 100 })).data.filter((c) => c.metadata['uid'] === key)).toHaveLength(1);
  });

  it('20 concurrent creates with one key make one customer', async () => {
    const key = `concurrent-${Date.now()}`;
    const all = await Promise.all(Array.from({ length: 20 }, () => stripe.customers.create({ email: 'c@example.com', metadata: { uid: key } }, { idempotencyKey: key })));
    expect(new Set(all.map((c) => c.id)).size).toBe(1);
  });

  it('the same key with another body is the SDK\'s StripeIdempotencyError (400); on another endpoint too', async () => {
    const key = `reused-${Date.now()}`;
    await stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: key });
    const otherBody = stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: key });
    await expect(otherBody).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(otherBody).rejects.toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError', message: expect.stringContaining('same parameters') });
    const customer = await newCustomer();
    await expect(stripe.customers.createBalanceTransaction(customer.id, { amount: -100, currency: 'usd' }, { idempotencyKey: key })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('a refused request is not remembered: the corrected retry with the same key runs', async () => {
    const key = `corrected-${Date.now()}`;
    await expect(stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: 'price_missing' }], success_url: APP }, { idempotencyKey: key })).rejects.toMatchObject({ code: 'resource_missing' });
    const session = await stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: PRO }], success_url: APP }, { idempotencyKey: key });
    expect(session.status).toBe('open');
  });
});

describe('errors, as the SDK\'s error classes', () => {
  it('an unknown id: StripeInvalidRequestError 404 resource_missing naming the parameter', async () => {
    const err = await stripe.customers.retrieve('cus_missing').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id', message: "No such customer: 'cus_missing'" });
    expect((err as Stripe.errors.StripeError).requestId).toMatch(/^req_/);
  });

  it('an unknown or malformed parameter: 400 naming it', async () => {
    await expect(stripe.customers.create({ emial: 'x' } as Stripe.CustomerCreateParams)).rejects.toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'emial' });
    const customer = await newCustomer();
    await expect(stripe.customers.createBalanceTransaction(customer.id, { amount: 'ten' as unknown as number, currency: 'usd' })).rejects.toMatchObject({ code: 'parameter_invalid_integer', param: 'amount' });
    await expect(stripe.customers.createBalanceTransaction(customer.id, { currency: 'usd' } as Stripe.CustomerCreateBalanceTransactionParams)).rejects.toMatchObject({ code: 'parameter_missing', param: 'amount' });
  });

  it('no API key: 401 in Stripe\'s shape; a key that is not a test key: StripeAuthenticationError', async () => {
    const res = await fetch(`${emulatorUrl()}/v1/customers`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { type: string; message: string } }).error).toMatchObject({ type: 'invalid_request_error', message: expect.stringContaining('You did not provide an API key') });
    await expect(emulatorStripe({ key: 'sk_live_notallowedhere' }).customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('an unknown URL: 404 Unrecognized request URL; the Stripe-Version answered back', async () => {
    const res = await fetch(`${emulatorUrl()}/v1/nothing_here`, { headers: { authorization: 'Bearer sk_test_charta_emulator', 'stripe-version': '2026-10-28.endive' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('stripe-version')).toBe('2026-10-28.endive');
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('Unrecognized request URL (GET: /v1/nothing_here)');
  });
});

describe('Checkout Sessions', () => {
  it('hosted: a url to the emulator\'s checkout page; Pay completes it and goes to success_url with the session id', async () => {
    const customer = await newCustomer();
    const session = await proCheckout(customer.id, { cancel_url: `${APP}/billing` });
    expect(session).toMatchObject({ object: 'checkout.session', ui_mode: 'hosted_page', status: 'open', payment_status: 'unpaid', amount_total: 2900, currency: 'usd', client_secret: null });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${emulatorUrl()}/checkout/${session.id}`);

    const page = await fetch(session.url!);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('Charta Pro');
    expect(html).toContain('Pay $29.00');

    const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${APP}/billing?checkout=done&session_id=${session.id}`);

    const after = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'line_items'] });
    expect(after).toMatchObject({ status: 'complete', payment_status: 'paid', customer: customer.id, url: null });
    const subscription = after.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({ object: 'subscription', status: 'active', customer: customer.id });
    expect(after.line_items?.data[0]?.price?.id).toBe(PRO);
  });

  it('embedded (embedded_page in the pinned version): a client_secret and return_url, no url; its page sends the top window to return_url', async () => {
    const customer = await newCustomer();
    const returnUrl = `${APP}/billing?checkout=done&session_id={CHECKOUT_SESSION_ID}`;
    const session = await stripe.checkout.sessions.create({ mode: 'subscription', ui_mode: 'embedded_page', customer: customer.id, line_items: [{ price: PRO, quantity: 1 }], return_url: returnUrl });
    expect(session).toMatchObject({ ui_mode: 'embedded_page', url: null, return_url: returnUrl });
    expect(session.client_secret).toMatch(new RegExp(`^${session.id}_secret_`));

    const page = await fetch(`${emulatorUrl()}/checkout/embedded?client_secret=${encodeURIComponent(session.client_secret!)}`);
    const html = await page.text();
    expect(html).toMatch(/<form method="post" action="\/checkout\/[^"]+\/pay" target="_top">/);
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const paid = await fetch(`${emulatorUrl()}/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toBe(returnUrl.replace('{CHECKOUT_SESSION_ID}', session.id));
  });

  it('the pinned version refuses the pre-2026 name `embedded`; an older version speaks it', async () => {
    await expect(stripe.checkout.sessions.create({ mode: 'subscription', ui_mode: 'embedded' as Stripe.Checkout.SessionCreateParams.UiMode, line_items: [{ price: PRO }], return_url: APP })).rejects.toMatchObject({ statusCode: 400, param: 'ui_mode' });
    const older = emulatorStripe({ apiVersion: '2025-03-31.basil', key: KEY });
    const session = await older.checkout.sessions.create({ mode: 'subscription', ui_mode: 'embedded' as Stripe.Checkout.SessionCreateParams.UiMode, line_items: [{ price: PRO }], return_url: APP });
    expect(session.ui_mode).toBe('embedded');
    expect((await stripe.checkout.sessions.retrieve(session.id)).ui_mode).toBe('embedded_page');
  });

  it('an unknown price: resource_missing naming line_items[0][price]', async () => {
    await expect(stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: 'price_nope' }], success_url: APP })).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'line_items[0][price]' });
  });
});

describe('cards: PaymentMethods with Stripe\'s fingerprint', () => {
  it('Checkout leaves the card as the customer\'s PaymentMethod and the subscription\'s default; the same number has the same fingerprint', async () => {
    const card = uniqueTestCard();
    const other = uniqueTestCard();
    const pay = async (number: string) => {
      const customer = await newCustomer();
      const done = await control.completeCheckout((await proCheckout(customer.id)).id, 'normal', number);
      return { customer, done };
    };
    const first = await pay(card);
    const second = await pay(card.replace(/(\d{4})(?=\d)/g, '$1 ')); // typed with spaces: the same card
    const third = await pay(other);

    const [methodsOfFirst] = (await stripe.customers.listPaymentMethods(first.customer.id, { type: 'card' })).data;
    expect(methodsOfFirst).toMatchObject({ id: first.done.payment_method, object: 'payment_method', type: 'card', customer: first.customer.id, card: { brand: 'visa', last4: card.slice(-4) } });
    const fingerprint = methodsOfFirst!.card!.fingerprint;
    expect(fingerprint).toMatch(/^[A-Za-z0-9]{16}$/);
    const subscription = await stripe.subscriptions.retrieve(first.done.subscription!, { expand: ['default_payment_method'] });
    expect(subscription.default_payment_method).toMatchObject({ id: first.done.payment_method, card: { fingerprint } });

    // Another PaymentMethod (another customer, another checkout) from the same number: the same fingerprint.
    const again = await stripe.customers.retrievePaymentMethod(second.customer.id, second.done.payment_method);
    expect(again.id).not.toBe(first.done.payment_method);
    expect(again.card?.fingerprint).toBe(fingerprint);
    expect((await stripe.paymentMethods.retrieve(third.done.payment_method)).card?.fingerprint).not.toBe(fingerprint);

    // Scoped to the account, as Stripe scopes fingerprints to the merchant.
    const elsewhere = emulatorStripe({ key: `sk_test_fingerprint_${Date.now()}` });
    const theirs = await elsewhere.customers.create({});
    const session = await elsewhere.checkout.sessions.create({ mode: 'subscription', customer: theirs.id, line_items: [{ price: PRO }], success_url: APP });
    const done = await control.completeCheckout(session.id, 'normal', card);
    expect((await elsewhere.paymentMethods.retrieve(done.payment_method)).card?.fingerprint).not.toBe(fingerprint);
    await expect(stripe.paymentMethods.retrieve(done.payment_method)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    // Another customer's PaymentMethod is not found under this one.
    await expect(stripe.customers.retrievePaymentMethod(third.customer.id, first.done.payment_method)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('a card number that fails the Luhn check is refused before anything is paid, by the control endpoint and the page', async () => {
    const customer = await newCustomer();
    const session = await proCheckout(customer.id);
    await expect(control.completeCheckout(session.id, 'normal', '4242 4242 4242 4241')).rejects.toThrow(/400[\s\S]*invalid_number/);
    const page = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'card=1234+5678' });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('value="1234 5678"'); // what was typed stays
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);

    const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'card=5555+5555+5555+4444' });
    expect(paid.status).toBe(303);
    expect((await stripe.customers.listPaymentMethods(customer.id, { type: 'card' })).data[0]?.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
  });
});

describe('billing portal', () => {
  it('a url to the portal page, which cancels at period end and keeps the plan', async () => {
    const { customer, subscriptionId } = await subscribedCustomer();
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: `${APP}/billing` });
    expect(portal).toMatchObject({ object: 'billing_portal.session', customer: customer.id, return_url: `${APP}/billing` });
    expect(portal.id).toMatch(/^bps_/);
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain('Cancel at period end');
    expect(html).toContain(`href="${APP}/billing"`);

    const cancel = await fetch(`${portal.url}/subscriptions/${subscriptionId}/cancel_at_period_end`, { method: 'POST', redirect: 'manual' });
    expect(cancel.status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true);
    expect(await (await fetch(portal.url)).text()).toContain('Keep my plan');
    await fetch(`${portal.url}/subscriptions/${subscriptionId}/keep`, { method: 'POST', redirect: 'manual' });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(false);
  });
});

describe('customer balance', () => {
  it('a credit (negative amount) shows in the balance and is used up by the next invoice', async () => {
    const { customer, subscriptionId } = await subscribedCustomer();
    const credit = await stripe.customers.createBalanceTransaction(customer.id, { amount: -500, currency: 'usd', description: 'Referral credit', metadata: { referred: 'u-2' } });
    expect(credit).toMatchObject({ object: 'customer_balance_transaction', amount: -500, currency: 'usd', ending_balance: -500, type: 'adjustment', customer: customer.id });
    expect(credit.id).toMatch(/^cbtxn_/);
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance).toBe(-500);
    const list = await stripe.customers.listBalanceTransactions(customer.id);
    expect(list).toMatchObject({ object: 'list', url: `/v1/customers/${customer.id}/balance_transactions` });
    expect(list.data.map((t) => t.id)).toEqual([credit.id]);

    await control.renew(subscriptionId);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect(subscription.latest_invoice).toMatchObject({ status: 'paid', total: 2900, amount_due: 2400, starting_balance: -500, ending_balance: 0 });
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance).toBe(0);
  });
});

describe('subscriptions', () => {
  it('retrieve with expand[], update cancel_at_period_end, cancel; a second cancel is resource_missing as on Stripe', async () => {
    const { customer, subscriptionId } = await subscribedCustomer();
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice', 'customer', 'items.data.price.product'] });
    expect(subscription.id).toMatch(/^sub_/);
    expect((subscription.customer as Stripe.Customer).id).toBe(customer.id);
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ object: 'invoice', status: 'paid', amount_paid: 2900, billing_reason: 'subscription_create' });
    expect(invoice.id).toMatch(/^in_/);
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscriptionId);
    const item = subscription.items.data[0]!;
    expect((item.price.product as Stripe.Product).name).toBe('Charta Pro');
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start);
    await expect(stripe.subscriptions.retrieve(subscriptionId, { expand: ['status'] })).rejects.toMatchObject({ statusCode: 400, message: 'This property cannot be expanded (status).' });

    const cancelling = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({ cancel_at_period_end: true, cancel_at: item.current_period_end, status: 'active' });
    const kept = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    expect(kept).toMatchObject({ cancel_at_period_end: false, cancel_at: null });

    const canceled = await stripe.subscriptions.cancel(subscriptionId);
    expect(canceled).toMatchObject({ status: 'canceled' });
    expect(canceled.ended_at).not.toBeNull();
    await expect(stripe.subscriptions.cancel(subscriptionId)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('canceled subscription') });
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(0);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1);
  });

  it('control: a failed payment makes it past_due with an open invoice; renew pays it; cancel at period end then renew ends it', async () => {
    const { subscriptionId } = await subscribedCustomer();
    const failed = await control.failPayment(subscriptionId);
    expect(failed.events.map((e) => e.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    const pastDue = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect(pastDue.status).toBe('past_due');
    expect(pastDue.latest_invoice).toMatchObject({ status: 'open', amount_remaining: 2900 });

    const retried = await control.renew(subscriptionId);
    expect(retried.events.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');

    await control.cancelAtPeriodEnd(subscriptionId);
    const ended = await control.renew(subscriptionId);
    expect(ended.events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
  });

  it('control: expire ends it (customer.subscription.deleted)', async () => {
    const { subscriptionId } = await subscribedCustomer();
    const expired = await control.expire(subscriptionId);
    expect(expired.events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
  });
});

describe('seats: an item\'s quantity changed, prorated as Stripe prorates', () => {
  const typesFor = (customer: string) => receiver.forCustomer(customer).map((r) => (JSON.parse(r.body) as { type: string }).type);
  /** Within a few cents of `cents`: the share of the period left moves a little between the requests. */
  const about = (cents: number) => expect.toSatisfy((v: number) => Math.abs(v - cents) <= Math.ceil(Math.abs(cents) / 1000) + 2);

  it('a seat added mid-period: two prorations (the old quantity\'s unused time credited, the new one\'s charged) that the next invoice takes', async () => {
    const { customer, subscriptionId } = await subscribedCustomer();
    const item = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!;
    const updated = await stripe.subscriptions.update(subscriptionId, { items: [{ id: item.id, quantity: 3 }] });
    expect(updated.items.data[0]!.quantity).toBe(3);

    const pending = await stripe.invoiceItems.list({ customer: customer.id, pending: true });
    expect(pending.data.map((ii) => ii.id).every((id) => id.startsWith('ii_'))).toBe(true);
    const [charge, credit] = pending.data as [Stripe.InvoiceItem, Stripe.InvoiceItem];
    // Just subscribed: almost the whole month is left.
    expect(credit).toMatchObject({ object: 'invoiceitem', amount: about(-2900), quantity: 1, proration: true, invoice: null, description: expect.stringMatching(/^Unused time on 1 × /) });
    expect(charge).toMatchObject({ amount: about(8700), quantity: 3, proration: true, description: expect.stringMatching(/^Remaining time on 3 × /) });
    await expect.poll(() => typesFor(customer.id), { timeout: 3000 }).toEqual(expect.arrayContaining(['customer.subscription.updated', 'invoiceitem.created']));
    expect(typesFor(customer.id).filter((t) => t === 'invoiceitem.created')).toHaveLength(2);

    await control.renew(subscriptionId);
    const renewed = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    const invoice = renewed.latest_invoice as Stripe.Invoice;
    expect(invoice.lines.data).toHaveLength(3);
    expect(invoice.total).toBe(3 * 2900 + charge.amount + credit.amount);
    expect((await stripe.invoiceItems.list({ customer: customer.id, pending: true })).data).toHaveLength(0);
  });

  it('always_invoice: the prorations are invoiced at once; a seat taken away credits the balance; none prorates nothing', async () => {
    const { customer, subscriptionId } = await subscribedCustomer();
    const item = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!;
    const up = await stripe.subscriptions.update(subscriptionId, { items: [{ id: item.id, quantity: 2 }], proration_behavior: 'always_invoice', expand: ['latest_invoice'] });
    expect(up.latest_invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', total: about(2900), amount_paid: about(2900) });
    expect((up.latest_invoice as Stripe.Invoice).lines.data).toHaveLength(2);

    const down = await stripe.subscriptions.update(subscriptionId, { items: [{ id: item.id, quantity: 1 }], proration_behavior: 'always_invoice', expand: ['latest_invoice'] });
    expect(down.latest_invoice).toMatchObject({ total: about(-2900), amount_due: 0, ending_balance: about(-2900) });
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance).toEqual(about(-2900));

    await stripe.subscriptions.update(subscriptionId, { items: [{ id: item.id, quantity: 4 }], proration_behavior: 'none' });
    expect((await stripe.invoiceItems.list({ customer: customer.id, pending: true })).data).toHaveLength(0);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.quantity).toBe(4);
  });

  it('cancelled now with prorate and invoice_now: the unused time is credited to the balance', async () => {
    const { customer, subscriptionId } = await subscribedCustomer();
    const canceled = await stripe.subscriptions.cancel(subscriptionId, { prorate: true, invoice_now: true });
    expect(canceled.status).toBe('canceled');
    const invoice = await stripe.invoices.retrieve(canceled.latest_invoice as string);
    expect(invoice).toMatchObject({ total: about(-2900), amount_due: 0 });
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance).toEqual(about(-2900));
  });

  it('what the emulator does not model is refused by name: a price change, another subscription\'s item', async () => {
    const { subscriptionId } = await subscribedCustomer();
    const item = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!;
    await expect(stripe.subscriptions.update(subscriptionId, { items: [{ id: item.id, price: PRO }] })).rejects.toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'items[0][price]' });
    await expect(stripe.subscriptions.update(subscriptionId, { items: [{ id: 'si_other', quantity: 2 }] })).rejects.toMatchObject({ statusCode: 400, code: 'parameter_invalid', param: 'items[0][id]' });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.quantity).toBe(1);
  });
});

describe('webhooks', () => {
  it('completing a checkout sends checkout.session.completed, customer.subscription.created, invoice.paid, signed so the SDK verifies them', async () => {
    const { customer, done, subscriptionId } = await subscribedCustomer();
    expect(done.events.map((e) => e.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    for (const event of done.events) expect(event.deliveries.find((d) => d.url === receiver.url)).toMatchObject({ attempt: 1, status: 200 });

    const received = receiver.forCustomer(customer.id).filter((r) => done.events.some((e) => e.id === r.eventId));
    expect(received.map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    for (const delivery of received) {
      const header = delivery.headers['stripe-signature'] as string;
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = stripe.webhooks.constructEvent(delivery.body, header, WEBHOOK_SECRET);
      expect(event.api_version).toBeTruthy();
      if (event.type === 'customer.subscription.created') expect(event.data.object.id).toBe(subscriptionId);
    }
    // A body changed in transit, or signed with another secret, does not verify.
    const first = received[0]!;
    expect(() => stripe.webhooks.constructEvent(first.body.replace('"livemode": false', '"livemode": true'), first.headers['stripe-signature'] as string, WEBHOOK_SECRET)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => stripe.webhooks.constructEvent(first.body, first.headers['stripe-signature'] as string, 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError);

    // The same events through the API.
    const fetched = await stripe.events.retrieve(done.events[0]!.id);
    expect(fetched).toMatchObject({ object: 'event', type: 'checkout.session.completed' });
  });

  it('an event answered with 500 is retried until it is taken', async () => {
    const { customer, subscriptionId } = await subscribedCustomer({ fail_first: 'yes' });
    const created = (await control.events({ customer: customer.id, type: 'customer.subscription.created' }))[0]!;
    expect(created.object).toBe(subscriptionId);
    expect(created.deliveries.filter((d) => d.url === receiver.url)).toEqual([expect.objectContaining({ attempt: 1, status: 500 })]);
    await expect
      .poll(async () => (await control.events({ customer: customer.id, type: 'customer.subscription.created' }))[0]!.deliveries.filter((d) => d.url === receiver.url).map((d) => d.status), { timeout: 5000, interval: 200 })
      .toEqual([500, 200]);
    const attempts = receiver.received.filter((r) => r.eventId === created.id);
    expect(attempts.map((r) => r.status)).toEqual([500, 200]);
    // Each attempt is signed afresh and verifies.
    for (const attempt of attempts) expect(stripe.webhooks.constructEvent(attempt.body, attempt.headers['stripe-signature'] as string, WEBHOOK_SECRET).id).toBe(created.id);
  });

  it('delivery "twice" sends the series again with the same event ids; "reversed" sends it last to first', async () => {
    const customer = await newCustomer();
    const session = await stripe.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: PRO }], success_url: APP });
    const twice = await control.completeCheckout(session.id, 'twice');
    const ids = twice.events.map((e) => e.id);
    const got = receiver.received.filter((r) => ids.includes(r.eventId)).map((r) => r.eventId);
    expect(got).toEqual([...ids, ...ids]);
    for (const event of twice.events) expect(event.deliveries.filter((d) => d.url === receiver.url).map((d) => d.status)).toEqual([200, 200]);

    const reversed = await control.renew(twice.subscription!, 'reversed');
    expect(reversed.events.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    const order = receiver.received.filter((r) => reversed.events.some((e) => e.id === r.eventId)).map((r) => (JSON.parse(r.body) as { type: string }).type);
    expect(order).toEqual(['customer.subscription.updated', 'invoice.paid']);
  });

  it('API calls send their events too (customer.created, customer.subscription.updated), after answering', async () => {
    const customer = await newCustomer();
    await expect.poll(() => receiver.forCustomer(customer.id).map((r) => (JSON.parse(r.body) as { type: string }).type), { timeout: 3000 }).toContain('customer.created');
    const event = JSON.parse(receiver.forCustomer(customer.id)[0]!.body) as Stripe.Event;
    expect(event.request).toMatchObject({ id: expect.stringMatching(/^req_/) });
  });
});

describe('accounts: each API key is its own Stripe account', () => {
  it('an event about one account\'s customer reaches only that account\'s webhook endpoints; its objects and events are not found with another key', async () => {
    const keyA = `sk_test_account_a_${Date.now()}`;
    const keyB = `sk_test_account_b_${Date.now()}`;
    const [a, b] = [emulatorStripe({ key: keyA }), emulatorStripe({ key: keyB })];
    const [receiverA, receiverB] = await Promise.all([startWebhookReceiver(), startWebhookReceiver()]);
    try {
      await control.addWebhookTarget(receiverA.url, keyA);
      await control.addWebhookTarget(receiverB.url, keyB);
      const customer = await a.customers.create({ email: 'a@example.com' });
      const session = await a.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: PRO }], success_url: APP });
      const done = await control.completeCheckout(session.id);
      await expect.poll(() => receiverA.forCustomer(customer.id).map((r) => (JSON.parse(r.body) as { type: string }).type), { timeout: 3000 }).toContain('customer.created');

      expect(receiverA.forCustomer(customer.id).map((r) => r.eventId)).toEqual(expect.arrayContaining(done.events.map((e) => e.id)));
      // Nothing of account A reached account B's endpoint, this suite's (another key) or any other.
      expect(receiverB.received).toEqual([]);
      expect(receiver.forCustomer(customer.id)).toEqual([]);
      for (const event of done.events) expect(event.deliveries.map((d) => d.url)).toEqual([receiverA.url]);

      // As on Stripe, another account's objects do not exist for this key, and its lists leave them out.
      await expect(b.customers.retrieve(customer.id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
      await expect(b.subscriptions.retrieve(done.subscription!)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
      await expect(b.checkout.sessions.retrieve(session.id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
      await expect(b.events.retrieve(done.events[0]!.id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
      await expect(b.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: PRO }], success_url: APP })).rejects.toMatchObject({ code: 'resource_missing', param: 'customer' });
      expect((await b.customers.list({ limit: 100 })).data.map((c) => c.id)).not.toContain(customer.id);
      expect((await b.events.list({ limit: 100 })).data.map((e) => e.id)).not.toEqual(expect.arrayContaining([done.events[0]!.id]));
      expect((await a.customers.retrieve(customer.id)).id).toBe(customer.id);
    } finally {
      await control.removeWebhookTarget(receiverA.url, keyA).catch(() => undefined);
      await control.removeWebhookTarget(receiverB.url, keyB).catch(() => undefined);
      await Promise.all([receiverA.close(), receiverB.close()]);
    }
  });

  it('a webhook endpoint is registered for an account: without a test key the control endpoint answers 401', async () => {
    const res = await fetch(`${emulatorUrl()}/emulator/v1/webhook_targets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'http://127.0.0.1:9/webhook' }) });
    expect(res.status).toBe(401);
  });
});
