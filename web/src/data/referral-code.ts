// The referral code kept from sign-up until the first profile write sends it (see referral.ts). Apart from
// referral.ts, which checks a code with the contract's zod schema: the signed-in shell sends the kept code
// on every page, and zod would come with it (about 20 KB gzip). The code kept was checked as it was kept,
// and the API checks it again (a 4xx forgets it).
import type { ProfileResponse } from '@charta/contract';
import { api } from '@/lib/api';

// sessionStorage: the code belongs to this tab's sign-up, not to whoever uses the browser next week.
const REFERRAL_CODE_KEY = 'charta-referral-code';

/** Keeps a code (already normalized: rememberReferralCode in referral.ts) for the first profile write. */
export function keepReferralCode(code: string): void {
  try {
    sessionStorage.setItem(REFERRAL_CODE_KEY, code);
  } catch {
    // Storage refused: the greeting still shows; the referral is simply not recorded.
  }
}

/** The code kept in this tab, or null. */
export function rememberedReferralCode(): string | null {
  try {
    return sessionStorage.getItem(REFERRAL_CODE_KEY) || null;
  } catch {
    return null;
  }
}

export function forgetReferralCode(): void {
  try {
    sessionStorage.removeItem(REFERRAL_CODE_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** PUT /profile { referredByCode }: stored once by the API (another code later is 409, one's own 400). */
export function claimReferral(referralCode: string): Promise<ProfileResponse> {
  return api.put<ProfileResponse>('/profile', { referredByCode: referralCode });
}
