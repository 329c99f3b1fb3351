import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { useNavigationState } from '@/components/layout/navigation-state';
import { PROFILE_KEY } from '@/data/profile';
import { claimReferral, forgetReferralCode, rememberedReferralCode } from '@/data/referral-code';
import { ApiError } from '@/lib/api-client';
import { loadedFirebaseAuth } from '@/lib/firebase-on-demand';
import { shouldClaimReferral } from '../lib/referral-claim';

/**
 * Sends the referral code the sign-up page remembered with the new account's first profile write, once.
 * Rendered by the signed-in shell; renders nothing.
 */
export function ReferralClaim() {
  const { user } = useNavigationState();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    const code = rememberedReferralCode();
    if (!user || !code) return;
    // Auth has loaded: the shell renders only once it knows the user.
    const createdAt = loadedFirebaseAuth()?.currentUser?.metadata.creationTime;
    if (!shouldClaimReferral(createdAt, Date.now())) {
      // An account that already existed (signed in after following a link): nobody referred it.
      forgetReferralCode();
      return;
    }
    claimReferral(code).then(
      (response) => {
        forgetReferralCode();
        void mutate(PROFILE_KEY, response, { revalidate: false });
      },
      (error: unknown) => {
        // Refused for good (an unknown code, one's own, already referred: 4xx): nothing to retry. Anything
        // else (offline, 5xx) keeps the code for the next page load.
        if (error instanceof ApiError && error.status < 500) forgetReferralCode();
      },
    );
  }, [user, mutate]);
  return null;
}
