import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import * as emailActions from '../api/email-actions';
import { EmailActionPage } from './EmailActionPage';

vi.mock('../api/email-actions', async (importOriginal) => {
  const real = await importOriginal<typeof emailActions>();
  // The link's reading is the page's own logic; the Firebase calls are faked.
  return { ...real, accountOfResetLink: vi.fn(), chooseNewPassword: vi.fn(), applyEmailLink: vi.fn(), signInWithLink: vi.fn() };
});

const firebaseError = (code: string) => Object.assign(new Error(code), { code });

function renderAt(query: string) {
  return renderRoutes(
    [
      { path: '/auth/action', element: <EmailActionPage /> },
      { path: '/sign-in', element: <p>Sign-in page</p> },
      { path: '/settings', element: <p>Settings page</p> },
      { path: '/', element: <p>Record page</p> },
    ],
    `/auth/action?${query}`,
  );
}

beforeEach(() => {
  vi.mocked(emailActions.accountOfResetLink).mockReset();
  vi.mocked(emailActions.chooseNewPassword).mockReset();
  vi.mocked(emailActions.applyEmailLink).mockReset();
});

describe('EmailActionPage (/auth/action: the links in account emails)', () => {
  it('Password reset: names the account, asks a new password of at least 6 characters, then sends to sign in', async () => {
    vi.mocked(emailActions.accountOfResetLink).mockResolvedValue('ana@clinic.example');
    vi.mocked(emailActions.chooseNewPassword).mockResolvedValue();
    renderAt('mode=resetPassword&oobCode=CODE1&apiKey=k&lang=en');

    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByText('ana@clinic.example')).toBeInTheDocument();
    expect(emailActions.accountOfResetLink).toHaveBeenCalledWith('CODE1');
    await userEvent.type(screen.getByLabelText(/New password/), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByText('Use at least 6 characters.')).toBeInTheDocument();
    expect(emailActions.chooseNewPassword).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/New password/), 'defgh');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(emailActions.chooseNewPassword).toHaveBeenCalledWith('CODE1', 'abcdefgh');
    await userEvent.click(screen.getByRole('link', { name: 'Go to sign in' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
  });

  it('A weak password is said beside the form, which keeps what was typed; a link that died meanwhile ends it', async () => {
    vi.mocked(emailActions.accountOfResetLink).mockResolvedValue('ana@clinic.example');
    vi.mocked(emailActions.chooseNewPassword).mockRejectedValueOnce(firebaseError('auth/weak-password')).mockRejectedValueOnce(firebaseError('auth/expired-action-code'));
    renderAt('mode=resetPassword&oobCode=CODE2');
    await userEvent.type(await screen.findByLabelText(/New password/), 'password1');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(/Choose a stronger password/)).toBeInTheDocument();
    expect(screen.getByLabelText(/New password/)).toHaveValue('password1');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.getByText(/Forgot your password\?/)).toBeInTheDocument();
  });

  it('An expired or used reset link says so at once, with what to do next', async () => {
    vi.mocked(emailActions.accountOfResetLink).mockRejectedValue(firebaseError('auth/invalid-action-code'));
    renderAt('mode=resetPassword&oobCode=USED');
    expect(await screen.findByRole('heading', { name: 'This link has already been used' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/Forgot your password\?/);
    expect(screen.queryByLabelText(/New password/)).not.toBeInTheDocument();
  });

  it('Email verification: applied once, then on to where the app asked (a path of this app only)', async () => {
    vi.mocked(emailActions.applyEmailLink).mockResolvedValue({ email: 'ana@clinic.example' });
    renderAt(`mode=verifyEmail&oobCode=V1&continueUrl=${encodeURIComponent(`${window.location.origin}/settings`)}`);
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('ana@clinic.example');
    await userEvent.click(screen.getByRole('link', { name: 'Continue to Charta' }));
    expect(await screen.findByText('Settings page')).toBeInTheDocument();
    expect(emailActions.applyEmailLink).toHaveBeenCalledTimes(1);
  });

  it('A continue URL of another site is never followed', async () => {
    vi.mocked(emailActions.applyEmailLink).mockResolvedValue({ email: null });
    renderAt(`mode=verifyEmail&oobCode=V2&continueUrl=${encodeURIComponent('https://evil.example/steal')}`);
    await userEvent.click(await screen.findByRole('link', { name: 'Continue to Charta' }));
    expect(await screen.findByText('Record page')).toBeInTheDocument();
  });

  it('A link cut short (no code, or an unknown mode) says how to open it again', async () => {
    renderAt('mode=resetPassword');
    expect(await screen.findByRole('heading', { name: 'This link is incomplete' })).toBeInTheDocument();
    await waitFor(() => expect(emailActions.accountOfResetLink).not.toHaveBeenCalled());
  });
});
