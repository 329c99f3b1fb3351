import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '@/features/auth';
import { isTagManagerLoaded, loadTagManager, startProductAnalytics } from '@/lib/analytics';
import type { SignedInUser } from '@/types/user';
import { Analytics, SIGN_IN_SETTLE_MS } from './Analytics';

vi.mock('@/features/auth', () => ({ useAuth: vi.fn() }));
vi.mock('@/lib/analytics', () => ({ isTagManagerLoaded: vi.fn(), loadTagManager: vi.fn(), startProductAnalytics: vi.fn() }));

const auth = vi.mocked(useAuth);
const clinician: SignedInUser = { uid: 'u1', email: 'c@example.com', emailVerified: true };
const reload = vi.fn();

function renderApp() {
  return render(
    <Analytics>
      <p>Patient: María García</p>
    </Analytics>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(isTagManagerLoaded).mockReturnValue(false);
  vi.stubGlobal('location', { ...window.location, reload });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Analytics', () => {
  it('loads the tag manager on a signed-out page, and product analytics', () => {
    auth.mockReturnValue({ user: null, loading: false });
    renderApp();
    expect(loadTagManager).toHaveBeenCalledTimes(1);
    expect(startProductAnalytics).toHaveBeenCalledTimes(1);
  });

  it('never loads the tag manager for a signed-in user, nor while the sign-in is being checked', () => {
    auth.mockReturnValue({ user: null, loading: true });
    const { rerender } = renderApp();
    auth.mockReturnValue({ user: clinician, loading: false });
    rerender(
      <Analytics>
        <p>Patient: María García</p>
      </Analytics>,
    );
    expect(loadTagManager).not.toHaveBeenCalled();
    expect(screen.getByText('Patient: María García')).toBeInTheDocument();
  });

  it('after a sign-in where the tag manager ran, shows no app beside it and loads the page afresh', () => {
    auth.mockReturnValue({ user: null, loading: false });
    const { rerender } = renderApp();
    vi.mocked(isTagManagerLoaded).mockReturnValue(true);
    auth.mockReturnValue({ user: clinician, loading: false });
    rerender(
      <Analytics>
        <p>Patient: María García</p>
      </Analytics>,
    );
    expect(screen.queryByText('Patient: María García')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Opening Charta' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(SIGN_IN_SETTLE_MS);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
