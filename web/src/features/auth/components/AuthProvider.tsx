import { useEffect, useState, type ReactNode } from 'react';
import { ErrorState } from '@/components/feedback/ErrorState';
import { paths } from '@/config/paths';
import type { SignedInUser } from '@/types/user';
import { subscribeToSignedInUser } from '../api/auth';
import { AuthContext, type AuthState } from '../hooks/auth-context';

function sameUser(a: SignedInUser | null, b: SignedInUser | null): boolean {
  if (a === null || b === null) return a === b;
  return a.uid === b.uid && a.email === b.email && a.emailVerified === b.emailVerified;
}

const SIGNED_OUT_PAGES: string[] = [paths.signIn.path, paths.signUp.path];

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ user: null, loading: true });
  const [unavailable, setUnavailable] = useState(false);

  // Told on every token change (hourly refreshes too): keep the same state object unless something the app
  // shows changed, so a refresh re-renders nothing.
  useEffect(
    () =>
      subscribeToSignedInUser(
        (user) => setState((previous) => (!previous.loading && sameUser(previous.user, user) ? previous : { user, loading: false })),
        (error) => {
          // Only a load failure (the ids, never the user's data, are in it): say so rather than check for ever.
          console.error('Firebase Auth could not load', error);
          setUnavailable(true);
        },
        // The sign-in and sign-up pages render without Auth; the app's other pages wait for it.
        { afterFirstPaint: SIGNED_OUT_PAGES.includes(window.location.pathname) },
      ),
    [],
  );

  if (unavailable) {
    return (
      <main>
        <ErrorState message="Charta could not finish loading. Check your connection, then try again." onRetry={() => window.location.reload()} />
      </main>
    );
  }
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}
