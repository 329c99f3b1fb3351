// What the billing page says about a subscription, decided apart from the page so each case is tested.
import type { Subscription } from '@charta/contract';

export function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(date);
}

/** The renewal or end of the paid period, in words; nothing on the free plan. */
export function periodLine(subscription: Subscription): string | null {
  if (subscription.plan === 'free' || subscription.status === 'canceled' || subscription.status === 'none') return null;
  const date = formatDate(subscription.currentPeriodEnd);
  if (!date) return null;
  if (subscription.cancelAtPeriodEnd) return `Cancelled: Pro ends on ${date}, then you are on the free plan. Your sessions and notes stay.`;
  if (subscription.status === 'trialing') return `Your trial ends on ${date}; the plan then renews.`;
  return `Renews on ${date}.`;
}

/** Something the clinician must act on, or null. */
export function subscriptionWarning(subscription: Subscription): string | null {
  if (subscription.status === 'past_due')
    return 'Your last payment did not go through. Update your payment method in Manage billing to keep Pro.';
  return null;
}

/** Manage billing (the portal) needs a Stripe customer: anyone who has ever checked out. */
export function canManageBilling(subscription: Subscription): boolean {
  return subscription.stripeCustomerId !== null;
}
