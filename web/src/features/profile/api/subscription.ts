// GET /api/v1/subscription (API contract: Profile and subscription).
import useSWR from 'swr';
import { api } from '@/lib/api';

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

export const subscriptionKey = '/subscription';

export function getSubscription(): Promise<SubscriptionResponse> {
  return api.get<SubscriptionResponse>(subscriptionKey);
}

export function useSubscription() {
  return useSWR<SubscriptionResponse, unknown>(subscriptionKey, getSubscription);
}
