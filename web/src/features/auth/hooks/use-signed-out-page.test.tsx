import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import type { SignedInUser } from '@/types/user';
import { AuthStateProvider } from './auth-context';
import { useSignedOutPage } from './use-signed-out-page';

function SignedOutOnlyPage() {
  const { redirect, leave } = useSignedOutPage();
  if (leave) return leave;
  return <p>signed-out page, then {redirect ?? 'home'}</p>;
}

const clinician: SignedInUser = { uid: 'u1', email: 'c@example.com', emailVerified: true };

function renderAt(path: string, state: { user: SignedInUser | null; loading: boolean }) {
  return renderRoutes(
    [
      { path: '/sign-in', element: <AuthStateProvider value={state}><SignedOutOnlyPage /></AuthStateProvider> },
      { path: '*', element: <p>landed</p> },
    ],
    path,
  );
}

describe('useSignedOutPage', () => {
  it('shows the page to a signed-out visitor, with the redirect to pass on', () => {
    renderAt('/sign-in?redirect=%2Fsessions%2Fs1', { user: null, loading: false });
    expect(screen.getByText('signed-out page, then /sessions/s1')).toBeInTheDocument();
  });

  it('shows the page while the sign-in is being checked (Firebase Auth loads after the page paints), then goes on if signed in', () => {
    const router = renderAt('/sign-in?redirect=%2Fsessions', { user: null, loading: true });
    expect(screen.getByText('signed-out page, then /sessions')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('takes a signed-in user on to the redirect target', () => {
    const router = renderAt('/sign-in?redirect=%2Fsessions%2Fs1', { user: clinician, loading: false });
    expect(router.state.location.pathname).toBe('/sessions/s1');
  });

  it('never follows a redirect off the site', () => {
    const router = renderAt('/sign-in?redirect=%2F%2Fevil.example', { user: clinician, loading: false });
    expect(router.state.location.pathname).toBe('/');
  });
});
