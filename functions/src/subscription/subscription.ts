/** Plan and billing state, as the contract (@charta/contract) returns it. Billing (Stripe) writes it; users only read and cancel. */
import type { Subscription } from '@charta/contract';

export type { Subscription };

/**
 * What `subscriptions/{uid}` holds: the contract's fields plus the Stripe subscription they mirror (null on
 * the free plan, and on records made by hand before billing, e.g. a comped plan).
 */
export interface SubscriptionRecord extends Subscription {
  stripeSubscriptionId?: string | null;
  /** How many of the price Stripe bills for, as last read (a clinic's seats); absent on older records. */
  quantity?: number | null;
}

/** Everyone starts on the free plan with no paid subscription. */
export function freeSubscription(uid: string): SubscriptionRecord {
  return { uid, plan: 'free', status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false, stripeCustomerId: null, stripeSubscriptionId: null };
}

/** Only a paid subscription that is still running has a period end to cancel at. */
export function isCancellable(subscription: Subscription): boolean {
  return subscription.status === 'active' || subscription.status === 'trialing' || subscription.status === 'past_due';
}

/** The contract's fields only: the Stripe subscription id stays on the server. */
export function toContract(record: SubscriptionRecord): Subscription {
  const { uid, plan, status, currentPeriodEnd, cancelAtPeriodEnd, stripeCustomerId } = record;
  return { uid, plan, status, currentPeriodEnd, cancelAtPeriodEnd, stripeCustomerId };
}
