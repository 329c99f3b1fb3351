import { useEffect } from 'react';
import { refreshVerification } from '../api/auth';

/** How often an open, visible tab asks whether the email was verified (the link is usually opened in another tab). */
export const VERIFICATION_POLL_MS = 5_000;

/**
 * While the signed-in user's email is unverified, notices the verification without a new sign-in: when the
 * tab comes back into view or focus (the user opened the link elsewhere and returns) and every few seconds
 * while it is visible. refreshVerification reloads the user and refreshes the token, so the app and the
 * API both see the verified email at once.
 */
export function useVerificationPickup(unverified: boolean): void {
  useEffect(() => {
    if (!unverified) return undefined;
    let stopped = false;
    const check = () => {
      if (stopped || document.visibilityState !== 'visible') return;
      refreshVerification().catch((error: unknown) => {
        // Offline for a moment, most likely; the next check tries again.
        console.warn('Checking email verification failed', error instanceof Error ? error.name : 'unknown');
      });
    };
    const timer = setInterval(check, VERIFICATION_POLL_MS);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [unverified]);
}
