import { createContext, type ReactNode } from 'react';
import type { SignedInUser } from '@/types/user';

export interface AuthState {
  user: SignedInUser | null;
  /** True until Firebase has told us whether someone is signed in (it restores sessions asynchronously). */
  loading: boolean;
}

export const AuthContext = createContext<AuthState | null>(null);

/**
 * Who is signed in, by itself (undefined: no provider). The sign-in and sign-up pages paint assuming nobody is,
 * and read only this: Auth's first answer, "nobody", leaves it null, so it does not re-render the page (about
 * 140 components, one long task on a mid-range phone; docs/first-load.md), as a change of AuthState would.
 */
export const SignedInUserContext = createContext<SignedInUser | null | undefined>(undefined);

/** Provides both: AuthProvider's state, or a test's. */
export function AuthStateProvider({ value, children }: { value: AuthState; children: ReactNode }) {
  return (
    <AuthContext.Provider value={value}>
      <SignedInUserContext.Provider value={value.user}>{children}</SignedInUserContext.Provider>
    </AuthContext.Provider>
  );
}
