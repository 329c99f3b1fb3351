// How a subscription's plan and status are named on screen: the billing page and the profile's card say the same.
import type { SubscriptionPlan, SubscriptionStatus } from '@charta/contract';

export function planTitle(plan: SubscriptionPlan): string {
  switch (plan) {
    case 'free':
      return 'Free plan';
    case 'pro':
      return 'Pro plan';
  }
}

/** The chip beside the plan's name; none while there is no subscription. */
export function statusChip(status: SubscriptionStatus): { label: string; color: 'default' | 'success' | 'warning' } | null {
  switch (status) {
    case 'none':
      return null;
    case 'trialing':
      return { label: 'Trial', color: 'default' };
    case 'active':
      return { label: 'Active', color: 'success' };
    case 'past_due':
      return { label: 'Payment overdue', color: 'warning' };
    case 'canceled':
      return { label: 'Canceled', color: 'default' };
  }
}
