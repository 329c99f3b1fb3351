import type { ReactElement } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { safeRedirectTarget } from '@/config/paths';
import { useSignedInUser } from './use-auth';

export interface SignedOutPage {
  /** Where to go once signed in (the `redirect` search parameter), passed on between the auth pages. */
  redirect: string | undefined;
  /** What to render instead of the page: the way on, once the check finds someone signed in. */
  leave: ReactElement | null;
}

/**
 * The guard of the pages only a signed-out visitor needs (sign-in, sign-up). Signing in changes the
 * auth state; this is what then takes the user back to where they were.
 */
export function useSignedOutPage(): SignedOutPage {
  // No wait for the sign-in check (user is null until it answers): the check needs Firebase Auth, which loads
  // after the page paints (lib/firebase-on-demand.ts), and almost everyone who opens these pages is signed
  // out. One who is signed in sees the form until the check answers, then goes on.
  const user = useSignedInUser();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect') ?? undefined;
  return { redirect, leave: user ? <Navigate to={safeRedirectTarget(redirect)} replace /> : null };
}
