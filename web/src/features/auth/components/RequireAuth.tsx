import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/feedback/FullPageLoader';
import { paths } from '@/config/paths';
import { signedInHint } from '@/lib/signed-in-hint';
import { markPageShown } from '../api/auth';
import { useAuth } from '../hooks/use-auth';

/**
 * Signed-out visitors go to the sign-in page, which brings them back here afterwards. After a sign-out
 * (here or in another tab) it does not: the page was the last user's, and whoever signs in next would land
 * on it ("This session does not exist", or worse, their own copy of that page's context).
 *
 * While Auth has not answered yet: on a browser where someone was signed in last time (lib/signed-in-hint.ts),
 * the app renders at once (the shell shows the Record tab, and a loader in place of any other page; nothing
 * reads the API until the user is known: app/shell/Shell.tsx), and Auth loads after that paint; anywhere
 * else, a loader until Auth answers. If Auth then says nobody is signed in, to sign-in as above, or, given
 * `signedOut`, that instead (a page of its own for signed-out visitors, which offers sign-in itself).
 */
export function RequireAuth({ children, signedOut }: { children: ReactNode; signedOut?: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  // Remembered from render to render (React's "state from earlier renders" pattern, set while rendering).
  const [someoneWasSignedIn, setSomeoneWasSignedIn] = useState(false);
  if (user && !someoneWasSignedIn) setSomeoneWasSignedIn(true);
  // Read once, as the app opens: Auth's answer rewrites it (features/auth/components/AuthProvider.tsx).
  const [expectSignedIn] = useState(() => signedInHint() !== null);
  // Auth, held back on such a browser until the page is up, may load now (features/auth/api/auth.ts).
  useEffect(() => markPageShown(), []);
  if (loading) return expectSignedIn ? children : <FullPageLoader label="Checking your sign-in" />;
  if (!user) {
    // A page with something to say to a signed-out visitor (an invitation link) says it instead.
    if (signedOut) return signedOut;
    const comeBackTo = someoneWasSignedIn ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to={paths.signIn.getHref(comeBackTo)} replace />;
  }
  return children;
}
