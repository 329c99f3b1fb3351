// Plan and billing state (docs/api.md "Subscription"). Billing (Stripe) writes it; users only read and cancel.
import { z } from 'zod';
import { ownIdParams } from './fields.js';

export type SubscriptionPlan = 'free' | 'pro';
export type SubscriptionStatus = 'none' | 'trialing' | 'active' | 'past_due' | 'canceled';

export interface Subscription {
  uid: string;
  plan: SubscriptionPlan;
  status: SubscriptionStatus;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  stripeCustomerId: string | null;
}

export interface SubscriptionResponse {
  subscription: Subscription;
}

export const updateSubscriptionBody = z.strictObject({ cancelAtPeriodEnd: z.boolean() });

export const subscriptionIdParams = ownIdParams;
