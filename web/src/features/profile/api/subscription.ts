// GET /api/v1/subscription (API contract: Profile and subscription).
import type { SubscriptionResponse } from '@charta/contract';
import useSWR from 'swr';
import { api } from '@/lib/api';

export const subscriptionKey = '/subscription';

export function getSubscription(): Promise<SubscriptionResponse> {
  return api.get<SubscriptionResponse>(subscriptionKey);
}

export function useSubscription() {
  return useSWR<SubscriptionResponse, unknown>(subscriptionKey, getSubscription);
}
