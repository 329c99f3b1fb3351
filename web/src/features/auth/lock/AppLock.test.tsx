import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import * as auth from '../api/auth';
import { AppLock } from './AppLock';
import { LOCK_AFTER_STORAGE_KEY, writeLockAfterSeconds } from './lock-settings';

vi.mock('@/lib/api');
vi.mock('../api/auth', () => ({
  reauthenticationOptions: vi.fn(() => ({ email: 'ada@example.com', password: true, providers: [] })),
  reauthenticateWithPassword: vi.fn(() => Promise.resolve()),
  reauthenticateWithProvider: vi.fn(() => Promise.resolve()),
  reauthenticateWithCode: vi.fn(() => Promise.resolve()),
  sendSignInCode: vi.fn(() => Promise.resolve()),
}));

const ada = { uid: 'u1', email: 'ada@example.com', emailVerified: true };

function renderApp() {
  render(
    <AppLock user={ada}>
      <main>
        <h1>Ana Patiño</h1>
        <label>
          Note
          <textarea />
        </label>
      </main>
    </AppLock>,
  );
}

/** Lets the idle time pass on fake timers, then hands the clock back for typing and clicking. */
function waitIdle(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
  vi.useRealTimers();
}

const reported = () => vi.mocked(api.post).mock.calls.filter(([path]) => path === '/audit/event').map(([, body]) => (body as { action: string }).action);

// The lock screen is a lazily loaded chunk: loaded once here, so no test's time limit pays for its first import.
beforeAll(async () => {
  await import('./LockScreen');
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(api.post).mockResolvedValue({ recorded: true });
  localStorage.clear();
  sessionStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AppLock', () => {
  it('keeps a locked tab locked from the first paint, before Auth has said who is signed in (the user this browser expects)', async () => {
    sessionStorage.setItem('charta.lock.lockedUid', 'u1');
    const app = (user: typeof ada | null) => (
      <AppLock user={user} expectedUid="u1">
        <h1>Ana Patiño</h1>
      </AppLock>
    );
    const { rerender } = render(app(null));
    expect(screen.getByTestId('app-under-lock')).toHaveAttribute('aria-hidden', 'true');
    vi.useRealTimers();
    expect(await screen.findByRole('dialog', { name: 'Charta is locked' })).toBeInTheDocument();
    // Auth confirms the same user: still locked.
    rerender(app(ada));
    expect(screen.getByTestId('app-under-lock')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('dialog', { name: 'Charta is locked' })).toBeInTheDocument();
  });

  it('covers the app after the configured idle time, hiding it from assistive technology, and records the lock', async () => {
    writeLockAfterSeconds(5 * 60);
    renderApp();
    act(() => {
      vi.advanceTimersByTime(5 * 60_000 - 2_000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    waitIdle(2_000);

    const lock = await screen.findByRole('dialog', { name: 'Charta is locked' });
    expect(within(lock).getByText(/not used for 5 minutes/)).toBeInTheDocument();
    // The patient's name is out of the accessibility tree and out of reach, but still there underneath.
    expect(screen.queryByRole('heading', { name: 'Ana Patiño' })).not.toBeInTheDocument();
    const underneath = screen.getByTestId('app-under-lock');
    expect(underneath).toHaveAttribute('inert');
    expect(underneath).toHaveAttribute('aria-hidden', 'true');
    expect(underneath).not.toBeVisible();
    expect(document.title).toBe('Locked – Charta');
    expect(reported()).toEqual(['account.locked']);
  });

  it('locks after 15 minutes unless Settings says otherwise', async () => {
    renderApp();
    act(() => {
      vi.advanceTimersByTime(14 * 60_000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    waitIdle(60_000);
    expect(await screen.findByRole('dialog', { name: 'Charta is locked' })).toBeInTheDocument();
  });

  it('says so when the password is wrong, records it, and stays locked', async () => {
    writeLockAfterSeconds(60);
    renderApp();
    waitIdle(60_000);
    const user = userEvent.setup();
    vi.mocked(auth.reauthenticateWithPassword).mockRejectedValueOnce(Object.assign(new Error('no'), { code: 'auth/invalid-credential' }));

    const lock = await screen.findByRole('dialog', { name: 'Charta is locked' });
    await user.type(within(lock).getByLabelText('Your password'), 'wrong');
    await user.click(within(lock).getByRole('button', { name: 'Unlock with password' }));

    expect(await within(lock).findByText('That password is not right. Check it and try again.')).toBeInTheDocument();
    expect(auth.reauthenticateWithPassword).toHaveBeenCalledWith('wrong');
    expect(screen.getByRole('dialog', { name: 'Charta is locked' })).toBeInTheDocument();
    expect(reported()).toEqual(['account.locked', 'account.unlock_failed']);
  });

  it('unlocks with the password, with what was typed still there, and records the unlock', async () => {
    writeLockAfterSeconds(60);
    renderApp();
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Cough for three days' } });
    waitIdle(60_000);
    const user = userEvent.setup();

    const lock = await screen.findByRole('dialog', { name: 'Charta is locked' });
    await user.type(within(lock).getByLabelText('Your password'), 'right password');
    await user.click(within(lock).getByRole('button', { name: 'Unlock with password' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Note')).toHaveValue('Cough for three days');
    expect(screen.getByRole('heading', { name: 'Ana Patiño' })).toBeInTheDocument();
    expect(screen.getByTestId('app-under-lock')).not.toHaveAttribute('inert');
    expect(reported()).toEqual(['account.locked', 'account.unlocked']);
  });

  it('stays locked when the page is reloaded', () => {
    writeLockAfterSeconds(60);
    const { unmount } = render(<AppLock user={ada}>page</AppLock>);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByRole('dialog', { name: 'Charta is locked' })).toBeInTheDocument();
    unmount();

    render(<AppLock user={ada}>page</AppLock>);
    expect(screen.getByRole('dialog', { name: 'Charta is locked' })).toBeInTheDocument();
  });

  it('ignores a stored idle time it would not offer (longer than an hour)', async () => {
    localStorage.setItem(LOCK_AFTER_STORAGE_KEY, String(24 * 3600));
    renderApp();
    waitIdle(15 * 60_000);
    expect(await screen.findByRole('dialog', { name: 'Charta is locked' })).toBeInTheDocument();
  });
});
