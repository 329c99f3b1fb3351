/**
 * The billing port: what Charta asks of its payment provider, in Charta's words. The Stripe adapter
 * (stripe-billing-gateway.ts) is the one implementation, pointed at api.stripe.com or at the local emulator
 * by configuration; domain code never sees Stripe's types.
 */

/** A provider subscription's state as the provider holds it now (never an event's possibly stale copy). */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Stripe's statuses: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
  status: string;
  cancelAtPeriodEnd: boolean;
  /** The end of the period paid for (the latest of its items'); null if the provider does not say. */
  currentPeriodEnd: Date | null;
  /** How many of the price it bills for (a clinic's seats; 1 for a clinician's own plan). */
  quantity: number;
}

export interface ProviderCustomer {
  id: string;
  /** Stripe's balance in cents: negative is credit the customer has with us. */
  balance: number;
  /** Null until the customer is first invoiced or credited. */
  currency: string | null;
}

export type CheckoutMode = 'hosted' | 'embedded';

export interface CheckoutRequest {
  /** Who pays: a clinician's uid, or a clinic's billing holder (clinics/clinic-seats.ts). */
  uid: string;
  customerId: string;
  priceId: string;
  /** How many of the price: a clinic's seats; 1 for a clinician's own plan. */
  quantity: number;
  trialDays: number;
  mode: CheckoutMode;
  /** Where the provider sends the customer after paying: hosted `success_url`, embedded `return_url`. */
  returnUrl: string;
  /** Hosted only: where Cancel leads. */
  cancelUrl: string;
}

export interface CheckoutSession {
  id: string;
  /** Hosted: the page to send the customer to. */
  url: string | null;
  /** Embedded: what Stripe.js (or the emulator's page) opens Checkout with. */
  clientSecret: string | null;
}

/**
 * A verified webhook event, reduced to what Charta acts on. `subscriptionId` and `customerId` are the ids the
 * event names (from a subscription, an invoice or a checkout session); `invoice` is set for invoice events.
 */
export interface ProviderEvent {
  id: string;
  type: string;
  subscriptionId: string | null;
  customerId: string | null;
  invoice: { id: string; amountPaid: number; currency: string } | null;
}

/** The webhook's signature is missing, malformed, wrong or too old. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface BillingGateway {
  /** Creates the user's customer; the same idempotency key answers the same customer (Stripe keeps keys 24 h). */
  createCustomer(uid: string, idempotencyKey: string): Promise<{ id: string }>;
  /** Null if the customer does not exist or was deleted. */
  retrieveCustomer(customerId: string): Promise<ProviderCustomer | null>;
  /** Deletes the customer; one already gone is not an error. */
  deleteCustomer(customerId: string): Promise<void>;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Ends the customer's open Checkout Sessions, so none of them can be paid any more. */
  expireOpenCheckoutSessions(customerId: string): Promise<void>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** The statuses of the customer's subscriptions that are not canceled, as the provider holds them now. */
  subscriptionStatusesOf(customerId: string): Promise<string[]>;
  /** Null if the subscription does not exist. */
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  setCancelAtPeriodEnd(subscriptionId: string, cancelAtPeriodEnd: boolean): Promise<ProviderSubscription>;
  /** Ends the subscription now (account deletion); one already canceled or gone is not an error. */
  cancelSubscriptionNow(subscriptionId: string): Promise<void>;
  /**
   * Ends the subscription now and credits the unused rest of its period to the customer's balance (a member's
   * own plan when their clinic pays for them: never billed twice for the same days). One already ended is not
   * an error.
   */
  cancelSubscriptionWithCredit(subscriptionId: string): Promise<void>;
  /**
   * Sets how many of its price the subscription bills for (a clinic's seats), prorated as the provider does:
   * the change's share of the period is credited or charged on the next invoice.
   */
  setSubscriptionQuantity(subscriptionId: string, quantity: number): Promise<ProviderSubscription>;
  /**
   * The fingerprints of the customer's cards (Stripe's `card.fingerprint`: the same for every use of one card
   * number in our account), so two customers paying with one card can be told apart from two people. Empty
   * for a customer without cards, or gone.
   */
  cardFingerprintsOf(customerId: string): Promise<string[]>;
  /** The customer's first invoice paid with money in it (a trial's 0 invoice is no payment), or null if none. */
  firstPaidInvoiceOf(customerId: string): Promise<{ id: string } | null>;
  /** Adds `amount` cents of credit to the customer's balance; the same idempotency key credits once. */
  creditCustomer(args: { customerId: string; amount: number; currency: string; description: string; idempotencyKey: string }): Promise<{ id: string }>;
  /** Verifies a webhook's signature over its raw body; throws WebhookSignatureError if it does not hold. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
}
