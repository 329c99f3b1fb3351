/** Plan and billing state, as the contract (@charta/contract) returns it. Billing (Stripe) writes it; users only read and cancel. */
import type { Subscription } from '@charta/contract';

export type { Subscription };

/** Everyone starts on the free plan with no paid subscription. */
export function freeSubscription(uid: string): Subscription {
  return { uid, plan: 'free', status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false, stripeCustomerId: null };
}

/** Only a paid subscription that is still running has a period end to cancel at. */
export function isCancellable(subscription: Subscription): boolean {
  return subscription.status === 'active' || subscription.status === 'trialing' || subscription.status === 'past_due';
}
