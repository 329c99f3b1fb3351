// When SWR should try a failed read again. Pure, so the policy is tested without timers or React.
import { ApiCancelledError, ApiError } from '@/lib/api-client';

export const MAX_RETRIES = 3;
export const FIRST_RETRY_DELAY_MS = 1_000;
export const MAX_RETRY_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s, ... doubling, never more than 30 s. */
export function backoffDelayMs(retryCount: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** (retryCount - 1), MAX_RETRY_DELAY_MS);
}

/**
 * Milliseconds to wait before retry number `retryCount` (1-based, as SWR counts), or null for "give up".
 * 4xx answers are final (retrying a bad request or a missing resource gives the same answer; 401 signs out),
 * and a cancelled request was abandoned on purpose. Timeouts, network failures and 5xx are retried.
 */
export function retryDelayMs(error: unknown, retryCount: number): number | null {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
  if (error instanceof ApiCancelledError) return null;
  if (retryCount < 1 || retryCount > MAX_RETRIES) return null;
  return backoffDelayMs(retryCount);
}
