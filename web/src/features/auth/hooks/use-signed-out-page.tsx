import type { ReactElement } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '@/components/feedback/FullPageLoader';
import { safeRedirectTarget } from '@/config/paths';
import { useAuth } from './use-auth';

export interface SignedOutPage {
  /** Where to go once signed in (the `redirect` search parameter), passed on between the auth pages. */
  redirect: string | undefined;
  /** What to render instead of the page: a loader while the sign-in is checked, or the way on once signed in. */
  leave: ReactElement | null;
}

/**
 * The guard of the pages only a signed-out visitor needs (sign-in, sign-up). Signing in changes the
 * auth state; this is what then takes the user back to where they were.
 */
export function useSignedOutPage(): SignedOutPage {
  const { user, loading } = useAuth();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect') ?? undefined;
  if (loading) return { redirect, leave: <FullPageLoader label="Checking your sign-in" /> };
  if (user) return { redirect, leave: <Navigate to={safeRedirectTarget(redirect)} replace /> };
  return { redirect, leave: null };
}
