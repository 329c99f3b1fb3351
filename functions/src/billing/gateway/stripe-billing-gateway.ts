import Stripe from 'stripe';
import { unavailable } from '../../http/errors.js';
import type { StripeConnection } from '../billing-config.js';
import {
  WebhookSignatureError,
  type BillingGateway,
  type CheckoutRequest,
  type CheckoutSession,
  type ProviderCustomer,
  type ProviderEvent,
  type ProviderSubscription,
} from './billing-gateway.js';

/**
 * The API version every request sends, pinned so a Stripe account's default cannot change what we read. In
 * it Checkout's modes are `hosted_page` and `embedded_page` (2026-03-25.dahlia renamed `hosted`/`embedded`).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

const UI_MODE = { hosted: 'hosted_page', embedded: 'embedded_page' } as const;

/** Each Stripe request's limit, and how often the SDK retries a network failure or a 5xx/429. */
const STRIPE_REQUEST_TIMEOUT_MS = 20_000;
const STRIPE_NETWORK_RETRIES = 2;
/** The longest one Stripe call may take with its retries (backoff between them is under a few seconds). */
export const STRIPE_CALL_MAX_MS = STRIPE_REQUEST_TIMEOUT_MS * (STRIPE_NETWORK_RETRIES + 1) + 5_000;

/** The Stripe SDK as configured: Stripe itself, or the local emulator at `apiBase` (same code either way). */
export function stripeClient(connection: StripeConnection): Stripe {
  const base = connection.apiBase;
  return new Stripe(connection.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
    timeout: STRIPE_REQUEST_TIMEOUT_MS,
    ...(base
      ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' }
      : {}),
  });
}

function isMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing';
}

/**
 * Stripe unreachable, failing or throttling us is a 503 to our caller (who may retry); anything else (our
 * request was wrong, our key was refused) stays an unexpected error: a 500 with a request id, logged.
 */
async function calling<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError || err instanceof Stripe.errors.StripeRateLimitError) {
      throw unavailable('The payment provider could not be reached; try again shortly');
    }
    throw err;
  }
}

function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string') return value.id;
  return null;
}

function field(value: unknown, key: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

/** The end of the period paid for: on the items since 2025-03-31.basil (the latest of them), before that on the subscription. */
function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((end) => typeof end === 'number');
  const legacy = field(subscription, 'current_period_end');
  if (typeof legacy === 'number') ends.push(legacy);
  return ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null;
}

function toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const customerId = idOf(subscription.customer);
  if (!customerId) throw new Error('Stripe answered a subscription without a customer');
  return {
    id: subscription.id,
    customerId,
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: periodEndOf(subscription),
    quantity: subscription.items.data.reduce((sum, item) => sum + (item.quantity ?? 0), 0),
  };
}

/**
 * The ids an event names, wherever its object keeps them: a subscription is its own id; an invoice names its
 * subscription under `parent.subscription_details` (since 2025-03-31.basil; `subscription` before); a
 * checkout session names the subscription it made.
 */
export function providerEventOf(event: Stripe.Event): ProviderEvent {
  const object: unknown = event.data.object;
  const kind = field(object, 'object');
  let subscriptionId: string | null = null;
  let invoice: ProviderEvent['invoice'] = null;
  if (kind === 'subscription') subscriptionId = idOf(object);
  if (kind === 'invoice') {
    subscriptionId = idOf(field(field(field(object, 'parent'), 'subscription_details'), 'subscription')) ?? idOf(field(object, 'subscription'));
    const amountPaid = field(object, 'amount_paid');
    const currency = field(object, 'currency');
    invoice = { id: idOf(object) ?? '', amountPaid: typeof amountPaid === 'number' ? amountPaid : 0, currency: typeof currency === 'string' ? currency : '' };
  }
  if (kind === 'checkout.session') subscriptionId = idOf(field(object, 'subscription'));
  return { id: event.id, type: event.type, subscriptionId, customerId: idOf(field(object, 'customer')), invoice };
}

/** The BillingGateway on Stripe's official SDK. */
export class StripeBillingGateway implements BillingGateway {
  constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string,
    private readonly toleranceSec: number,
  ) {}

  static fromConnection(connection: StripeConnection, toleranceSec: number): StripeBillingGateway {
    return new StripeBillingGateway(stripeClient(connection), connection.webhookSecret, toleranceSec);
  }

  createCustomer(uid: string, idempotencyKey: string): Promise<{ id: string }> {
    // The uid only, no email or name: the body must be the same on every retry for the key to replay it,
    // and Checkout asks the customer for the email it needs.
    return calling(async () => {
      const customer = await this.stripe.customers.create({ metadata: { charta_uid: uid } }, { idempotencyKey });
      return { id: customer.id };
    });
  }

  retrieveCustomer(customerId: string): Promise<ProviderCustomer | null> {
    return calling(async () => {
      try {
        const customer = await this.stripe.customers.retrieve(customerId);
        if (customer.deleted) return null;
        return { id: customer.id, balance: customer.balance ?? 0, currency: customer.currency ?? null };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    });
  }

  deleteCustomer(customerId: string): Promise<void> {
    return calling(async () => {
      try {
        await this.stripe.customers.del(customerId);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    });
  }

  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
    return calling(async () => {
      const session = await this.stripe.checkout.sessions.create({
        mode: 'subscription',
        ui_mode: UI_MODE[request.mode],
        customer: request.customerId,
        client_reference_id: request.uid,
        line_items: [{ price: request.priceId, quantity: request.quantity }],
        subscription_data: { metadata: { charta_uid: request.uid }, ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}) },
        ...(request.mode === 'hosted' ? { success_url: request.returnUrl, cancel_url: request.cancelUrl } : { return_url: request.returnUrl }),
      });
      return { id: session.id, url: session.url ?? null, clientSecret: session.client_secret ?? null };
    });
  }

  expireOpenCheckoutSessions(customerId: string): Promise<void> {
    return calling(async () => {
      const open = await this.stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 });
      for (const session of open.data) {
        try {
          await this.stripe.checkout.sessions.expire(session.id);
        } catch (err) {
          // Completed or expired since it was listed: it is not open any more either way.
          if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        }
      }
    });
  }

  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    return calling(async () => {
      const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    });
  }

  subscriptionStatusesOf(customerId: string): Promise<string[]> {
    // Without a status filter Stripe lists every subscription but the canceled ones; one customer has one or two.
    return calling(async () => (await this.stripe.subscriptions.list({ customer: customerId, limit: 100 })).data.map((s) => s.status));
  }

  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    return calling(async () => {
      try {
        return toSubscription(await this.stripe.subscriptions.retrieve(subscriptionId));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    });
  }

  setCancelAtPeriodEnd(subscriptionId: string, cancelAtPeriodEnd: boolean): Promise<ProviderSubscription> {
    return calling(async () => toSubscription(await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancelAtPeriodEnd })));
  }

  cancelSubscriptionNow(subscriptionId: string): Promise<void> {
    return calling(async () => {
      try {
        const current = await this.stripe.subscriptions.retrieve(subscriptionId);
        if (current.status === 'canceled' || current.status === 'incomplete_expired') return;
        await this.stripe.subscriptions.cancel(subscriptionId);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    });
  }

  cancelSubscriptionWithCredit(subscriptionId: string): Promise<void> {
    return calling(async () => {
      try {
        const current = await this.stripe.subscriptions.retrieve(subscriptionId);
        if (current.status === 'canceled' || current.status === 'incomplete_expired') return;
        // prorate: the unused days are credited; invoice_now: on a final invoice at once, so the credit is the
        // customer's balance now rather than a pending item of a subscription that has ended.
        await this.stripe.subscriptions.cancel(subscriptionId, { prorate: true, invoice_now: true });
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    });
  }

  setSubscriptionQuantity(subscriptionId: string, quantity: number): Promise<ProviderSubscription> {
    return calling(async () => {
      const current = await this.stripe.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      if (!item) throw new Error('Stripe answered a subscription without items');
      if (item.quantity === quantity) return toSubscription(current);
      // Absolute, not a difference: a retry (the SDK's own, or ours) sets the same number again.
      return toSubscription(await this.stripe.subscriptions.update(subscriptionId, { items: [{ id: item.id, quantity }], proration_behavior: 'create_prorations' }));
    });
  }

  cardFingerprintsOf(customerId: string): Promise<string[]> {
    return calling(async () => {
      const fingerprints = new Set<string>();
      try {
        // Auto-paging: a customer has a card or two; every page is read however many there are.
        for await (const method of this.stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 })) {
          if (method.card?.fingerprint) fingerprints.add(method.card.fingerprint);
        }
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
      return [...fingerprints];
    });
  }

  firstPaidInvoiceOf(customerId: string): Promise<{ id: string } | null> {
    return calling(async () => {
      // Stripe lists newest first; the last one with money in it is the first payment (one invoice a month).
      let first: { id: string } | null = null;
      try {
        for await (const invoice of this.stripe.invoices.list({ customer: customerId, status: 'paid', limit: 100 })) {
          if (invoice.amount_paid > 0) first = { id: invoice.id };
        }
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
      return first;
    });
  }

  creditCustomer(args: { customerId: string; amount: number; currency: string; description: string; idempotencyKey: string }): Promise<{ id: string }> {
    return calling(async () => {
      // Negative: a credit the next invoices draw on.
      const transaction = await this.stripe.customers.createBalanceTransaction(
        args.customerId,
        { amount: -args.amount, currency: args.currency, description: args.description },
        { idempotencyKey: args.idempotencyKey },
      );
      return { id: transaction.id };
    });
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent {
    if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret, this.toleranceSec);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError('The Stripe-Signature does not verify (wrong secret, altered body or a timestamp over 300 s old)');
      throw new WebhookSignatureError('The webhook body is not a Stripe event');
    }
    return providerEventOf(event);
  }
}
