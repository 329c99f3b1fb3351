import { createContext } from 'react';
import type { SignedInUser } from '@/types/user';

export interface AuthState {
  user: SignedInUser | null;
  /** True until Firebase has told us whether someone is signed in (it restores sessions asynchronously). */
  loading: boolean;
}

export const AuthContext = createContext<AuthState | null>(null);
