/**
 * How long after an account is created a remembered referral code is still sent: sign-up, then the first page
 * of the app, normally seconds apart; a day leaves room for a verification email read later in the same tab.
 */
export const REFERRAL_CLAIM_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the signed-in account is new enough to be the sign-up the code came with. An account made long ago
 * that signs in after following someone's invitation link was not referred by them.
 */
export function shouldClaimReferral(accountCreatedAt: string | undefined, now: number): boolean {
  if (!accountCreatedAt) return false;
  const created = Date.parse(accountCreatedAt);
  return Number.isFinite(created) && now - created <= REFERRAL_CLAIM_WINDOW_MS;
}
