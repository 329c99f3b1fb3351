import { useEffect, useState, type ReactNode } from 'react';
import { subscribeToSignedInUser } from '../api/auth';
import { AuthContext, type AuthState } from '../hooks/auth-context';

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ user: null, loading: true });

  useEffect(() => subscribeToSignedInUser((user) => setState({ user, loading: false })), []);

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}
