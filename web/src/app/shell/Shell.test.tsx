import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useNavigationActions } from '@/components/layout/navigation-state';
import { signOutUser } from '@/features/auth';
import { signInRefusal } from '@/lib/sign-in-refusal';
import { setViewportWidth } from '@/test/viewport';
import { renderShell } from './render-shell.test-support';

vi.mock('@/features/auth', () => ({
  useAuth: () => ({ user: { uid: 'u1', email: 'ada@example.com', emailVerified: true }, loading: false }),
  VerifyEmailBanner: () => null,
  signOutUser: vi.fn(() => Promise.resolve()),
}));

/** Stands in for a page that is recording: it disables navigation while mounted. */
function RecordingPage() {
  const { setDisabled } = useNavigationActions();
  useEffect(() => {
    setDisabled(true, 'Stop the recording before leaving this page.');
    return () => setDisabled(false);
  }, [setDisabled]);
  return <p>Recording page</p>;
}

beforeEach(() => {
  setViewportWidth(1280);
});

describe('Shell', () => {
  it('shows the current page under the Record title with links to the tabs', () => {
    renderShell();
    expect(screen.getByRole('heading', { level: 1, name: 'Record' })).toBeInTheDocument();
    expect(screen.getByText('Record page')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Record' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toBeInTheDocument();
  });

  it('navigates between tabs', async () => {
    const router = renderShell();
    await userEvent.click(screen.getByRole('link', { name: 'Settings' }));
    expect(await screen.findByText('Settings page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('stays put and explains why when navigation is disabled', async () => {
    const router = renderShell(<RecordingPage />);
    await screen.findByText('Recording page');
    // It looks disabled too, not only to assistive technology.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Settings' })).toHaveStyle({ cursor: 'not-allowed' }));

    await userEvent.click(screen.getByRole('link', { name: 'Settings' }));

    expect(await screen.findByText('Stop the recording before leaving this page.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('Settings page')).not.toBeInTheDocument();
  });

  it('links to the configured legal documents', () => {
    vi.stubEnv('VITE_BAA_URL', 'https://charta.example/baa');
    renderShell();
    expect(screen.getByRole('link', { name: 'Business Associate Agreement (BAA)' })).toHaveAttribute(
      'href',
      'https://charta.example/baa',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
  });

  it('signs out from the account menu', async () => {
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(signOutUser).toHaveBeenCalled();
  });

  it('says once, above the page, that the clinic refuses this way of signing in, and signs out from there', async () => {
    vi.mocked(signOutUser).mockClear();
    renderShell();
    expect(screen.queryByText('Your clinic does not allow this way of signing in')).not.toBeInTheDocument();
    const sentence = 'Northside allows signing in to Charta only with Google. You signed in with a password. Sign out, then sign in with it.';
    act(() => signInRefusal.refused(sentence));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your clinic does not allow this way of signing in');
    expect(alert).toHaveTextContent(sentence);
    expect(screen.getByText('Record page')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(signOutUser).toHaveBeenCalled());
    act(() => signInRefusal.cleared());
  });

  it('uses bottom navigation on a small screen', () => {
    setViewportWidth(390);
    renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveClass('MuiPaper-root');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toBeInTheDocument();
  });
});
