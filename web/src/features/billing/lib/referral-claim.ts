import { REFERRAL_CLAIM_WINDOW_MS } from '@charta/contract';

/**
 * Whether the signed-in account is new enough to be the sign-up the code came with (the contract's window,
 * which the API enforces too). An account made long ago that signs in after following someone's invitation
 * link was not referred by them.
 */
export function shouldClaimReferral(accountCreatedAt: string | undefined, now: number): boolean {
  if (!accountCreatedAt) return false;
  const created = Date.parse(accountCreatedAt);
  return Number.isFinite(created) && now - created <= REFERRAL_CLAIM_WINDOW_MS;
}
