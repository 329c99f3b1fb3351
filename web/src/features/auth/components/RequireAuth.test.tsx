// The guard in front of the signed-in app: a signed-out visitor goes to sign-in and is brought back
// afterwards, but a sign-out never hands its page on to whoever signs in next.
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '@/types/user';
import { AuthContext, type AuthState } from '../hooks/auth-context';
import { RequireAuth } from './RequireAuth';

const ADA: SignedInUser = { uid: 'ada', email: 'ada@example.com', emailVerified: true };

function SignInStub() {
  const location = useLocation();
  return <p>sign-in at {`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string, auth: AuthState) {
  const router = createMemoryRouter(
    [
      { path: '/sign-in', element: <SignInStub /> },
      { path: '*', element: <RequireAuth><p>the app</p></RequireAuth> },
    ],
    { initialEntries: [path] },
  );
  const view = (state: AuthState) => (
    <AuthContext.Provider value={state}>
      <RouterProvider router={router} />
    </AuthContext.Provider>
  );
  const result = render(view(auth));
  return { rerender: (state: AuthState) => result.rerender(view(state)) };
}

describe('RequireAuth', () => {
  it('sends a signed-out visitor to sign-in with the page to come back to', () => {
    renderAt('/sessions/s1', { user: null, loading: false });
    expect(screen.getByText('sign-in at /sign-in?redirect=%2Fsessions%2Fs1')).toBeInTheDocument();
  });

  it('after a sign-out, sends to sign-in without the page: the next person must not land on it', () => {
    const { rerender } = renderAt('/sessions/s1', { user: ADA, loading: false });
    expect(screen.getByText('the app')).toBeInTheDocument();
    rerender({ user: null, loading: false });
    expect(screen.getByText('sign-in at /sign-in')).toBeInTheDocument();
  });
});
