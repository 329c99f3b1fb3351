import { useEffect, useState, type ReactNode } from 'react';
import { subscribeToSignedInUser } from '../api/auth';
import type { SignedInUser } from '@/types/user';
import { AuthContext, type AuthState } from '../hooks/auth-context';

function sameUser(a: SignedInUser | null, b: SignedInUser | null): boolean {
  if (a === null || b === null) return a === b;
  return a.uid === b.uid && a.email === b.email && a.emailVerified === b.emailVerified;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ user: null, loading: true });

  // Told on every token change (hourly refreshes too): keep the same state object unless something the app
  // shows changed, so a refresh re-renders nothing.
  useEffect(
    () =>
      subscribeToSignedInUser((user) =>
        setState((previous) => (!previous.loading && sameUser(previous.user, user) ? previous : { user, loading: false })),
      ),
    [],
  );

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}
