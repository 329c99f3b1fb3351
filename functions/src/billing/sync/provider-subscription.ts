import type { SubscriptionPlan, SubscriptionStatus } from '@charta/contract';
import type { SubscriptionRecord } from '../../subscription/subscription.js';
import type { ProviderSubscription } from '../gateway/billing-gateway.js';

/** Stripe statuses in which the customer has paid, or is being given time to pay: Pro holds. */
const PAID_ACCESS = new Set(['active', 'trialing', 'past_due']);

/** Stripe statuses of a subscription that has not ended (it may still become or stay paid). */
const NOT_ENDED = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

/**
 * Whether a subscription in this Stripe status is paid for or owed (not ended, and not an `incomplete` one
 * whose first payment never went through): a customer with one must not be sold a second.
 */
export const isPaidOrOwed = (providerStatus: string): boolean => NOT_ENDED.has(providerStatus) && providerStatus !== 'incomplete';

/** Stripe's status in the contract's words (none | trialing | active | past_due | canceled). */
export function contractStatusOf(providerStatus: string): SubscriptionStatus {
  switch (providerStatus) {
    case 'active':
    case 'trialing':
    case 'past_due':
      return providerStatus;
    // Stripe stopped retrying the payment but keeps the subscription: still owed, no longer Pro.
    case 'unpaid':
      return 'past_due';
    // Checkout started a subscription whose first payment has not gone through: nothing paid yet.
    case 'incomplete':
      return 'none';
    default:
      return 'canceled';
  }
}

export function planOf(providerStatus: string): SubscriptionPlan {
  return PAID_ACCESS.has(providerStatus) ? 'pro' : 'free';
}

/**
 * Whether Stripe's current state of `incoming` should replace what the record holds. The record follows one
 * subscription; an event about another one (an old subscription ended long ago, delivered late or again)
 * replaces it only if that one is running and the recorded one is not, so a stale event can never end a
 * newer subscription.
 */
export function shouldReplace(record: SubscriptionRecord, incoming: ProviderSubscription): boolean {
  if (!record.stripeSubscriptionId || record.stripeSubscriptionId === incoming.id) return true;
  const recordedRunning = record.status !== 'canceled' && record.status !== 'none';
  return NOT_ENDED.has(incoming.status) && !recordedRunning;
}

/** The record mirroring Stripe's current state of the subscription. */
export function recordFromProvider(record: SubscriptionRecord, incoming: ProviderSubscription): SubscriptionRecord {
  return {
    uid: record.uid,
    plan: planOf(incoming.status),
    status: contractStatusOf(incoming.status),
    currentPeriodEnd: incoming.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: incoming.cancelAtPeriodEnd,
    stripeCustomerId: incoming.customerId,
    stripeSubscriptionId: incoming.id,
    quantity: incoming.quantity,
  };
}
