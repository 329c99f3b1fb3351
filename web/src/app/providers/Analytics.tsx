import { useEffect, type ReactNode } from 'react';
import { FullPageLoader } from '@/components/feedback/FullPageLoader';
import { useAuth } from '@/features/auth';
import { isTagManagerLoaded, loadTagManager, startProductAnalytics } from '@/lib/analytics';

/**
 * How long a sign-in's follow-up requests get before the page is reloaded (sign-up sends the verification
 * email after the account exists and is signed in; a reload would cancel it).
 */
export const SIGN_IN_SETTLE_MS = 2000;

/**
 * Analytics in a build that has it (AppProviders renders this only then): product analytics throughout,
 * the tag manager only while nobody is signed in. A tag manager cannot be unloaded, so once someone signs
 * in where it ran, the page shows a loader (the signed-in app, with its patient data, never renders beside
 * it) and is loaded afresh, without it.
 */
export function Analytics({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const signedOut = !loading && user === null;
  const mustClearTagManager = user !== null && isTagManagerLoaded();

  useEffect(() => startProductAnalytics(), []);
  useEffect(() => {
    if (signedOut) loadTagManager();
  }, [signedOut]);
  useEffect(() => {
    if (!mustClearTagManager) return;
    const timer = setTimeout(() => window.location.reload(), SIGN_IN_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [mustClearTagManager]);

  if (mustClearTagManager) return <FullPageLoader label="Opening Charta" />;
  return children;
}
