import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthCredential } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import * as auth from '../api/auth';
import { SignInMethods } from './SignInMethods';

vi.mock('../api/auth', () => ({
  completeProviderRedirect: vi.fn(() => Promise.resolve(null)),
  signInWithPasswordAndLink: vi.fn(() => Promise.resolve()),
  signInWithGoogle: vi.fn(() => Promise.resolve({ kind: 'signed-in' })),
  signInWithSso: vi.fn(() => Promise.resolve({ kind: 'signed-in' })),
  sendPasswordReset: vi.fn(() => Promise.resolve()),
  sendSignInCode: vi.fn(() => Promise.resolve()),
  signInWithCode: vi.fn(() => Promise.resolve()),
  singleSignOnProviderFor: vi.fn(() => Promise.resolve(null)),
}));

const firebaseError = (code: string) => Object.assign(new Error(code), { code });

beforeEach(() => {
  vi.clearAllMocks();
  // No address is at a single sign-on domain unless a test says so.
  vi.mocked(auth.singleSignOnProviderFor).mockImplementation(() => Promise.resolve(null));
});
afterEach(() => vi.useRealTimers());

describe('SignInMethods', () => {
  it('offers password, Google and a code, and single sign-on only when a provider is configured', () => {
    const { unmount } = render(<SignInMethods />);
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email me a sign-in code' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with your organisation' })).not.toBeInTheDocument();
    unmount();

    vi.stubEnv('VITE_SSO_PROVIDER_ID', 'saml.acme-clinic');
    render(<SignInMethods />);
    expect(screen.getByRole('button', { name: 'Sign in with your organisation' })).toBeInTheDocument();
  });

  it('signs in through the configured provider', async () => {
    vi.stubEnv('VITE_SSO_PROVIDER_ID', 'oidc.charta-demo');
    const user = userEvent.setup();
    render(<SignInMethods />);
    await user.click(screen.getByRole('button', { name: 'Sign in with your organisation' }));
    expect(auth.signInWithSso).toHaveBeenCalledWith('oidc.charta-demo');
  });

  it('says nothing when the Google popup is closed, and a sentence when it fails', async () => {
    const user = userEvent.setup();
    render(<SignInMethods />);
    vi.mocked(auth.signInWithGoogle).mockResolvedValueOnce({ kind: 'dismissed' });
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    vi.mocked(auth.signInWithGoogle).mockRejectedValueOnce(firebaseError('auth/network-request-failed'));
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot reach the sign-in service');
  });

  it('explains an email that already has a password account, then links Google after the password sign-in', async () => {
    const user = userEvent.setup();
    const credential = { providerId: 'google.com' } as AuthCredential;
    vi.mocked(auth.signInWithGoogle).mockResolvedValueOnce({ kind: 'needs-password', email: 'ada@example.com', pendingCredential: credential });
    render(<SignInMethods />);

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText(/already has a Charta account that signs in with a password/)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveFocus();

    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(auth.signInWithPasswordAndLink).toHaveBeenCalledWith('ada@example.com', 'secret1', credential);
  });

  it('finishes a redirect sign-in that found a password account', async () => {
    const credential = { providerId: 'google.com' } as AuthCredential;
    vi.mocked(auth.completeProviderRedirect).mockResolvedValueOnce({ kind: 'needs-password', email: 'ada@example.com', pendingCredential: credential });
    render(<SignInMethods />);
    expect(await screen.findByText(/already has a Charta account/)).toBeInTheDocument();
  });

  it('resets a password with the same answer whatever the address, carrying the typed email', async () => {
    const user = userEvent.setup();
    render(<SignInMethods />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));

    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(auth.sendPasswordReset).toHaveBeenCalledWith('ada@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent('If ada@example.com has a Charta account with a password');

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('signs in with an emailed code, and a wrong code is named on the code field', async () => {
    const user = userEvent.setup();
    render(<SignInMethods />);
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in code' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(auth.sendSignInCode).toHaveBeenCalledWith('ada@example.com');

    expect(await screen.findByRole('status')).toHaveTextContent('We sent a 6-digit code to ada@example.com');
    expect(screen.getByRole('button', { name: /Send a new code in 1 minute/ })).toBeDisabled();

    vi.mocked(auth.signInWithCode).mockRejectedValueOnce(
      new ApiError({ status: 400, code: 'invalid_argument', field: 'code', message: 'That code is not valid: check the latest email or ask for a new code' }),
    );
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(auth.signInWithCode).toHaveBeenCalledWith('ada@example.com', '123456');
    expect(await screen.findByLabelText('Code')).toHaveAccessibleDescription('That code is not valid: check the latest email or ask for a new code');
  });

  it('says how long to wait when too many codes were asked for', async () => {
    const user = userEvent.setup();
    vi.mocked(auth.sendSignInCode).mockRejectedValueOnce(
      new ApiError({ status: 429, code: 'rate_limited', message: 'Too many requests', retryAfterSeconds: 125 }),
    );
    render(<SignInMethods />);
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in code' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You can ask for a new one in 3 minutes.');
    expect(screen.getByRole('button', { name: /Email me a code \(in 3 minutes\)/ })).toBeDisabled();
  });

  it('sends an address at a clinic’s single sign-on domain to its provider instead of checking the password', async () => {
    const user = userEvent.setup();
    vi.mocked(auth.singleSignOnProviderFor).mockImplementation((email: string) => Promise.resolve(email.endsWith('@northside.example') ? 'oidc.northside' : null));
    render(<SignInMethods />);
    await user.type(screen.getByLabelText('Email'), 'ana@northside.example');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(/Your clinic signs in everyone at northside\.example with its single sign-on/)).toBeInTheDocument();
    expect(auth.signInWithPasswordAndLink).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    expect(auth.signInWithSso).toHaveBeenCalledWith('oidc.northside');

    // Another address: back to the form, what was typed kept; an address elsewhere signs in with its password.
    await user.click(screen.getByRole('button', { name: 'Use another address' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ana@northside.example');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ana@example.org');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(auth.signInWithPasswordAndLink).toHaveBeenCalledWith('ana@example.org', 'secret1', null);
  });

  it('sends no code to an address at a single sign-on domain, and says why', async () => {
    const user = userEvent.setup();
    vi.mocked(auth.singleSignOnProviderFor).mockResolvedValueOnce('saml.northside');
    render(<SignInMethods />);
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in code' }));
    await user.type(screen.getByLabelText('Email'), 'ana@northside.example');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));

    expect(await screen.findByRole('button', { name: 'Continue with single sign-on' })).toBeInTheDocument();
    expect(auth.sendSignInCode).not.toHaveBeenCalled();
  });

  it('says a single sign-on failure in a sentence, and can be tried again', async () => {
    const user = userEvent.setup();
    vi.mocked(auth.singleSignOnProviderFor).mockResolvedValueOnce('oidc.northside');
    vi.mocked(auth.signInWithSso).mockRejectedValueOnce(firebaseError('auth/network-request-failed'));
    render(<SignInMethods />);
    await user.type(screen.getByLabelText('Email'), 'ana@northside.example');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Continue with single sign-on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot reach the sign-in service');
    await user.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    expect(auth.signInWithSso).toHaveBeenCalledTimes(2);
  });
});
