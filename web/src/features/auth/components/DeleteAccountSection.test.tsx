import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import * as auth from '../api/auth';
import { AuthStateProvider } from '../hooks/auth-context';
import { DeleteAccountSection } from './DeleteAccountSection';

vi.mock('@/lib/api');
vi.mock('../api/auth', () => ({
  signOutUser: vi.fn(() => Promise.resolve()),
  reauthenticationOptions: vi.fn(() => ({ email: 'ada@example.com', password: true, providers: ['google.com'] })),
  reauthenticateWithPassword: vi.fn(() => Promise.resolve()),
  reauthenticateWithProvider: vi.fn(() => Promise.resolve()),
  reauthenticateWithCode: vi.fn(() => Promise.resolve()),
  sendSignInCode: vi.fn(() => Promise.resolve()),
}));

const staleSignIn = () =>
  new ApiError({ status: 403, code: 'reauthentication_required', message: 'Sign in again to delete your account' });

function renderSection() {
  render(
    <AuthStateProvider value={{ user: { uid: 'u1', email: 'ada@example.com', emailVerified: true }, loading: false }}>
      <DeleteAccountSection />
    </AuthStateProvider>,
  );
}

beforeEach(() => vi.clearAllMocks());

async function askToDelete(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Delete your account?' })).getByRole('button', { name: 'Delete my account' }));
}

describe('DeleteAccountSection', () => {
  it('deletes the account and signs out', async () => {
    const user = userEvent.setup();
    vi.mocked(api.delete).mockResolvedValueOnce({ deleted: true });
    renderSection();
    await askToDelete(user);
    expect(api.delete).toHaveBeenCalledWith('/profile/u1');
    await vi.waitFor(() => expect(auth.signOutUser).toHaveBeenCalledWith({ report: false }));
  });

  it('asks the user to confirm their identity when the sign-in is too old, then retries the deletion', async () => {
    const user = userEvent.setup();
    vi.mocked(api.delete).mockRejectedValueOnce(staleSignIn()).mockResolvedValueOnce({ deleted: true });
    renderSection();
    await askToDelete(user);

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(dialog).getByRole('button', { name: 'Confirm with Google' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Email me a code instead' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Your password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm with password' }));

    expect(auth.reauthenticateWithPassword).toHaveBeenCalledWith('secret1');
    await vi.waitFor(() => expect(api.delete).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(auth.signOutUser).toHaveBeenCalled());
  });

  it('keeps the account when the confirmation fails, and says why', async () => {
    const user = userEvent.setup();
    vi.mocked(api.delete).mockRejectedValueOnce(staleSignIn());
    vi.mocked(auth.reauthenticateWithPassword).mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/wrong-password' }));
    renderSection();
    await askToDelete(user);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(dialog).getByLabelText('Your password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm with password' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That password is not right');
    expect(api.delete).toHaveBeenCalledTimes(1);
  });
});
