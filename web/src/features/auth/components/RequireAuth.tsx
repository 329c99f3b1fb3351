import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/feedback/FullPageLoader';
import { paths } from '@/config/paths';
import { useAuth } from '../hooks/use-auth';

/** Signed-out visitors go to the sign-in page, which brings them back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageLoader label="Checking your sign-in" />;
  if (!user) return <Navigate to={paths.signIn.getHref(`${location.pathname}${location.search}`)} replace />;
  return children;
}
