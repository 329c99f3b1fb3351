import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/feedback/FullPageLoader';
import { paths } from '@/config/paths';
import { useAuth } from '../hooks/use-auth';

/**
 * Signed-out visitors go to the sign-in page, which brings them back here afterwards. After a sign-out
 * (here or in another tab) it does not: the page was the last user's, and whoever signs in next would land
 * on it ("This session does not exist", or worse, their own copy of that page's context).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  // Remembered from render to render (React's "state from earlier renders" pattern, set while rendering).
  const [someoneWasSignedIn, setSomeoneWasSignedIn] = useState(false);
  if (user && !someoneWasSignedIn) setSomeoneWasSignedIn(true);
  if (loading) return <FullPageLoader label="Checking your sign-in" />;
  if (!user) {
    const comeBackTo = someoneWasSignedIn ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to={paths.signIn.getHref(comeBackTo)} replace />;
  }
  return children;
}
