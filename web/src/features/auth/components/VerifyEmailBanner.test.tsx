import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as auth from '../api/auth';
import { recordVerificationSent } from '../api/resend-throttle';
import { AuthStateProvider } from '../hooks/auth-context';
import { VerifyEmailBanner } from './VerifyEmailBanner';

vi.mock('../api/auth', () => ({
  resendVerificationEmail: vi.fn(() => Promise.resolve()),
  refreshVerification: vi.fn(() => Promise.resolve(false)),
}));

const unverified = { uid: 'u1', email: 'ada@example.com', emailVerified: false };

function renderBanner(user = unverified) {
  return render(
    <AuthStateProvider value={{ user, loading: false }}>
      <VerifyEmailBanner />
    </AuthStateProvider>,
  );
}

beforeEach(() => vi.clearAllMocks());

describe('VerifyEmailBanner', () => {
  it('says to check the inbox, and when the link may be sent again after sign-up sent one', () => {
    recordVerificationSent('u1', Date.now() - 15_000);
    renderBanner();
    expect(screen.getByText('Check your inbox')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We sent a verification link to ada@example.com.');
    expect(screen.getByRole('button', { name: /Resend in 4\d seconds/ })).toBeDisabled();
  });

  it('resends, then waits a minute before offering it again', async () => {
    const user = userEvent.setup();
    renderBanner();
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(auth.resendVerificationEmail).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a new verification link');
    expect(screen.getByRole('button', { name: 'Resend in 1 minute' })).toBeDisabled();
  });

  it('starts the wait when sign-up’s own send finishes after the banner is already showing', () => {
    renderBanner();
    expect(screen.getByRole('button', { name: 'Resend email' })).toBeEnabled();
    act(() => recordVerificationSent('u1'));
    expect(screen.getByRole('button', { name: 'Resend in 1 minute' })).toBeDisabled();
  });

  it('checks for the verification when the tab gets the focus back, without a new sign-in', () => {
    renderBanner();
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(auth.refreshVerification).toHaveBeenCalled();
  });

  it('is gone once the email is verified', () => {
    renderBanner({ ...unverified, emailVerified: true });
    expect(screen.queryByText('Check your inbox')).not.toBeInTheDocument();
  });
});
