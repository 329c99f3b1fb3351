// The plan the caller is on and what it allows (docs/api.md "Subscription"; GET /subscription/usage is our
// extension): read by the billing page, Settings, the Record tab and the session page, so the cache keys, the
// hooks and the decisions about the limit live here, once.
import {
  PLAN_LIMIT_FIELD,
  PLAN_LIMIT_SESSION_ERROR_CODE,
  type PlanUsage,
  type PlanUsageResponse,
  type Session,
  type SubscriptionResponse,
} from '@charta/contract';
import useSWR, { type SWRConfiguration } from 'swr';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';

export const SUBSCRIPTION_KEY = '/subscription';
export const PLAN_USAGE_KEY = '/subscription/usage';

export function getSubscription(): Promise<SubscriptionResponse> {
  return api.get<SubscriptionResponse>(SUBSCRIPTION_KEY);
}

export function useSubscription(config?: SWRConfiguration<SubscriptionResponse, unknown>) {
  return useSWR<SubscriptionResponse, unknown>(SUBSCRIPTION_KEY, getSubscription, config);
}

export function getPlanUsage(): Promise<PlanUsageResponse> {
  return api.get<PlanUsageResponse>(PLAN_USAGE_KEY);
}

export function usePlanUsage() {
  return useSWR<PlanUsageResponse, unknown>(PLAN_USAGE_KEY, getPlanUsage);
}

/**
 * How many documentations are left when the Record tab starts saying so. Three: enough warning to upgrade
 * before a busy clinic day runs out, late enough not to nag a clinician who is far from the limit.
 */
export const NEARLY_AT_LIMIT = 3;

export type PlanAllowance =
  | { kind: 'unlimited' }
  | { kind: 'available'; left: number }
  | { kind: 'nearly'; left: number }
  | { kind: 'reached'; limit: number };

/** What this month's usage leaves: the one decision behind every limit notice in the app. */
export function planAllowance(usage: PlanUsage): PlanAllowance {
  if (usage.monthlyLimit === null) return { kind: 'unlimited' };
  const left = Math.max(0, usage.monthlyLimit - usage.documentationsThisMonth);
  if (left === 0) return { kind: 'reached', limit: usage.monthlyLimit };
  return left <= NEARLY_AT_LIMIT ? { kind: 'nearly', left } : { kind: 'available', left };
}

/** The free plan's monthly limit refused the request (403 naming the plan), as opposed to any other 403. */
export function isPlanLimitError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.field === PLAN_LIMIT_FIELD;
}

/** A session the limit held at its transcript: nothing is lost, and it is documented after an upgrade. */
export function isHeldByPlanLimit(session: Pick<Session, 'status' | 'error'>): boolean {
  return session.status === 'failed' && session.error?.code === PLAN_LIMIT_SESSION_ERROR_CODE;
}

/** "1 December", in the reader's language: when the monthly count starts again. */
export function formatResetDate(resetsAt: string): string {
  const date = new Date(resetsAt);
  if (Number.isNaN(date.getTime())) return 'the start of next month';
  // resetsAt is midnight UTC on the 1st; in the Americas that is still the last day of the month locally.
  return new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(date);
}

// The session a clinician left to upgrade from, so the billing page can take them back to document it once
// the plan has changed. sessionStorage: it belongs to this tab's detour through checkout, nothing longer.
const SESSION_AFTER_UPGRADE_KEY = 'charta-document-after-upgrade';

export function rememberSessionToDocument(sessionId: string): void {
  try {
    sessionStorage.setItem(SESSION_AFTER_UPGRADE_KEY, sessionId);
  } catch {
    // Storage refused (a private window's quota): the billing page simply does not offer the way back.
  }
}

export function sessionToDocument(): string | null {
  try {
    return sessionStorage.getItem(SESSION_AFTER_UPGRADE_KEY);
  } catch {
    return null;
  }
}

export function forgetSessionToDocument(): void {
  try {
    sessionStorage.removeItem(SESSION_AFTER_UPGRADE_KEY);
  } catch {
    // Nothing was kept.
  }
}
