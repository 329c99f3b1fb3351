// The guard in front of the signed-in app: a signed-out visitor goes to sign-in and is brought back
// afterwards, but a sign-out never hands its page on to whoever signs in next.
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignedInUser } from '@/types/user';
import * as auth from '../api/auth';
import { AuthStateProvider, type AuthState } from '../hooks/auth-context';
import { RequireAuth } from './RequireAuth';

vi.mock('../api/auth', () => ({ markPageShown: vi.fn() }));

afterEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});

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
    <AuthStateProvider value={state}>
      <RouterProvider router={router} />
    </AuthStateProvider>
  );
  const result = render(view(auth));
  return { rerender: (state: AuthState) => result.rerender(view(state)) };
}

describe('RequireAuth', () => {
  it('sends a signed-out visitor to sign-in with the page to come back to', () => {
    renderAt('/sessions/s1', { user: null, loading: false });
    expect(screen.getByText('sign-in at /sign-in?redirect=%2Fsessions%2Fs1')).toBeInTheDocument();
  });

  it('shows a page’s own signed-out view instead of sending to sign-in, and the page once someone signs in', () => {
    const router = createMemoryRouter(
      [
        { path: '/sign-in', element: <SignInStub /> },
        { path: '*', element: <RequireAuth signedOut={<p>sign in to see the invitation</p>}><p>the invitation</p></RequireAuth> },
      ],
      { initialEntries: ['/clinic/invitations/t1'] },
    );
    const view = (state: AuthState) => (
      <AuthStateProvider value={state}>
        <RouterProvider router={router} />
      </AuthStateProvider>
    );
    const { rerender } = render(view({ user: null, loading: false }));
    expect(screen.getByText('sign in to see the invitation')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clinic/invitations/t1');
    rerender(view({ user: ADA, loading: false }));
    expect(screen.getByText('the invitation')).toBeInTheDocument();
  });

  it('after a sign-out, sends to sign-in without the page: the next person must not land on it', () => {
    const { rerender } = renderAt('/sessions/s1', { user: ADA, loading: false });
    expect(screen.getByText('the app')).toBeInTheDocument();
    rerender({ user: null, loading: false });
    expect(screen.getByText('sign-in at /sign-in')).toBeInTheDocument();
  });

  it('shows a loader, not the app, while Auth has not answered on a browser nobody was signed in on', () => {
    renderAt('/', { user: null, loading: true });
    expect(screen.getByRole('progressbar', { name: 'Checking your sign-in' })).toBeInTheDocument();
    expect(screen.queryByText('the app')).not.toBeInTheDocument();
  });

  it('renders the app at once while Auth has not answered, on a browser signed in last time, and then lets Auth load', () => {
    localStorage.setItem('charta.signedIn', 'ada');
    const { rerender } = renderAt('/', { user: null, loading: true });
    expect(screen.getByText('the app')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(auth.markPageShown).toHaveBeenCalled();
    rerender({ user: ADA, loading: false });
    expect(screen.getByText('the app')).toBeInTheDocument();
  });

  it('on such a browser, when Auth then says nobody is signed in, goes to sign-in with the page to come back to', () => {
    localStorage.setItem('charta.signedIn', 'ada');
    const { rerender } = renderAt('/templates?tab=mine', { user: null, loading: true });
    expect(screen.getByText('the app')).toBeInTheDocument();
    rerender({ user: null, loading: false });
    expect(screen.getByText('sign-in at /sign-in?redirect=%2Ftemplates%3Ftab%3Dmine')).toBeInTheDocument();
  });
});
