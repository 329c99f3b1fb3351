import { useContext } from 'react';
import type { SignedInUser } from '@/types/user';
import { AuthContext, SignedInUserContext, type AuthState } from './auth-context';

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}

/** Who is signed in (null: nobody, or Auth has not answered yet), for a component that needs nothing else. */
export function useSignedInUser(): SignedInUser | null {
  const user = useContext(SignedInUserContext);
  if (user === undefined) throw new Error('useSignedInUser must be used inside <AuthProvider>');
  return user;
}
