import { logId, type Logger } from '../../logging/logger.js';
import { logBillingCustomerCreated } from '../../logging/log-events.js';
import type { SubscriptionRepo } from '../../subscription/subscription-repo.js';
import type { BillingGatewayRef } from '../gateway/gateway-ref.js';

/**
 * The idempotency key of a user's customer creation. Derived from the uid alone, so every request that
 * might create it (create_customer, checkout, portal, a referral credit), at once or retried, sends the
 * same key and Stripe answers them all with the one customer it made (Stripe keeps a key 24 hours; past
 * that the customer id is long recorded in Firestore and nothing asks again).
 */
export function customerIdempotencyKey(uid: string): string {
  return `charta-customer-v1-${uid}`;
}

/** One Stripe customer per user, ever: its id lives in `subscriptions/{uid}.stripeCustomerId`. */
export class CustomerService {
  constructor(
    private readonly subscriptions: SubscriptionRepo,
    private readonly gateway: BillingGatewayRef,
    private readonly logger: Logger,
  ) {}

  /** The user's customer id, if one was made. */
  async existingCustomerIdOf(uid: string): Promise<string | null> {
    return (await this.subscriptions.find(null, uid)).stripeCustomerId;
  }

  /**
   * The user's customer, made on first need. Concurrent first calls all ask Stripe with the same
   * idempotency key (so Stripe makes one customer) and record it in a transaction that keeps whatever was
   * recorded first, so every caller answers the same id.
   */
  async customerIdOf(uid: string): Promise<string> {
    const existing = await this.existingCustomerIdOf(uid);
    if (existing) return existing;
    const created = await this.gateway.require().createCustomer(uid, customerIdempotencyKey(uid));
    const { customerId, recordedNow } = await this.subscriptions.runTransaction(async (tx) => {
      const record = await this.subscriptions.find(tx, uid);
      if (record.stripeCustomerId) return { customerId: record.stripeCustomerId, recordedNow: false };
      this.subscriptions.save(tx, { ...record, stripeCustomerId: created.id });
      return { customerId: created.id, recordedNow: true };
    });
    if (recordedNow) logBillingCustomerCreated(this.logger, { uid: logId(uid), customerId: logId(customerId) });
    return customerId;
  }
}
