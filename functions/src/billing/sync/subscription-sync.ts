import { logCode, logId, type Logger } from '../../logging/logger.js';
import { logSubscriptionSynced } from '../../logging/log-events.js';
import type { SubscriptionRecord } from '../../subscription/subscription.js';
import type { SubscriptionRepo } from '../../subscription/subscription-repo.js';
import type { ProviderSubscription } from '../gateway/billing-gateway.js';
import type { BillingGatewayRef } from '../gateway/gateway-ref.js';
import { recordFromProvider, shouldReplace } from './provider-subscription.js';

/**
 * Keeps `subscriptions/{uid}` true to Stripe. Whatever event arrives, in whatever order and however often,
 * the subscription is read from Stripe as it is now and written in a transaction, so the record ends in
 * Stripe's final state; an event's own copy of the object, which may be older, is never written.
 */
export class SubscriptionSync {
  constructor(
    private readonly subscriptions: SubscriptionRepo,
    private readonly gateway: BillingGatewayRef,
    private readonly logger: Logger,
  ) {}

  /** Reads the subscription from Stripe and records it for its customer's user; null if it is not ours. */
  async syncFromProvider(subscriptionId: string): Promise<SubscriptionRecord | null> {
    const current = await this.gateway.require().retrieveSubscription(subscriptionId);
    if (!current) return null;
    return this.record(current);
  }

  private readonly planStarts: PlanStartListener[] = [];

  /**
   * What must happen when a payer's plan starts (clinics/clinic-seats.ts: a clinic's plan ends its members'
   * own), as `before` the record says so (so a failure leaves the record as it was, and Stripe's redelivery of
   * the event tries again) and `after` it does. A plan starts when a running subscription is recorded where
   * none (or another) ran.
   */
  whenPlanStarts(listener: PlanStartListener): void {
    this.planStarts.push(listener);
  }

  /** The record `incoming` would make, when it starts the payer's plan; else null. */
  private async startsPlan(uid: string, incoming: ProviderSubscription): Promise<SubscriptionRecord | null> {
    const recorded = await this.subscriptions.find(null, uid);
    if (recorded.stripeCustomerId !== incoming.customerId || !shouldReplace(recorded, incoming)) return null;
    const next = recordFromProvider(recorded, incoming);
    return planStarts(recorded, next) ? next : null;
  }

  /** Records a state just read from Stripe (after a change we asked for) for its customer's user. */
  async record(incoming: ProviderSubscription): Promise<SubscriptionRecord | null> {
    const uid = await this.subscriptions.uidOfCustomer(incoming.customerId);
    // A customer no user names (the account was deleted, or the customer was made outside Charta).
    if (!uid) return null;
    const starts = this.planStarts.length > 0 && (await this.startsPlan(uid, incoming));
    if (starts) for (const listener of this.planStarts) await listener.before?.(uid, starts);
    const written = await this.subscriptions.runTransaction(async (tx) => {
      const record = await this.subscriptions.find(tx, uid);
      // The customer changed hands in between (cannot happen: one customer per user, kept for good).
      if (record.stripeCustomerId !== incoming.customerId) return null;
      if (!shouldReplace(record, incoming)) return record;
      const next = recordFromProvider(record, incoming);
      this.subscriptions.save(tx, next);
      return next;
    });
    if (written) {
      logSubscriptionSynced(this.logger, { uid: logId(uid), subscriptionId: logId(incoming.id), status: logCode(incoming.status), plan: logCode(written.plan) });
      if (starts) for (const listener of this.planStarts) await listener.after?.(uid, written);
    }
    return written;
  }
}

export interface PlanStartListener {
  before?: (payer: string, next: SubscriptionRecord) => Promise<void>;
  after?: (payer: string, written: SubscriptionRecord) => Promise<void>;
}

/** Pro now, where the record was not Pro on this subscription. */
const planStarts = (before: SubscriptionRecord, after: SubscriptionRecord) => after.plan === 'pro' && !(before.plan === 'pro' && before.stripeSubscriptionId === after.stripeSubscriptionId);
