import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInHint } from '@/lib/signed-in-hint';
import { useAuth, useSignedInUser } from '../hooks/use-auth';
import { AuthProvider } from './AuthProvider';

const subscribe = vi.hoisted(() => vi.fn());
vi.mock('../api/auth', () => ({ subscribeToSignedInUser: subscribe }));

function Who() {
  const { user, loading } = useAuth();
  return <p>{loading ? 'checking' : (user?.uid ?? 'signed out')}</p>;
}

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('AuthProvider', () => {
  it('remembers for the next visit that this browser has a signed-in user (its id only), and forgets it when Auth says nobody', () => {
    let tell: (user: unknown) => void = () => undefined;
    subscribe.mockImplementation((listener: (user: unknown) => void) => {
      tell = listener;
      return () => undefined;
    });
    render(<AuthProvider><Who /></AuthProvider>);
    act(() => tell({ uid: 'u1', email: 'c@example.com', emailVerified: true }));
    expect(screen.getByText('u1')).toBeInTheDocument();
    expect(signedInHint()).toBe('u1');
    expect(JSON.stringify({ ...localStorage })).not.toContain('c@example.com');
    act(() => tell(null));
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(signedInHint()).toBeNull();
  });

  it('loads Auth once the page is shown on a browser signed in last time, at once on one nobody signed in on, once idle on sign-in', () => {
    subscribe.mockImplementation(() => () => undefined);
    const startOf = (path: string) => {
      window.history.replaceState(null, '', path);
      render(<AuthProvider><Who /></AuthProvider>);
      return (subscribe.mock.calls.at(-1)?.[2] as { start: string }).start;
    };
    expect(startOf('/')).toBe('now');
    localStorage.setItem('charta.signedIn', 'u1');
    expect(startOf('/')).toBe('afterPage');
    expect(startOf('/sessions')).toBe('afterPage');
    expect(startOf('/sign-in')).toBe('idle');
    expect(startOf('/auth/action')).toBe('now');
  });

  it('does not re-render what reads only the user when Auth first answers "nobody", as the sign-in page assumed', () => {
    let tell: (user: unknown) => void = () => undefined;
    subscribe.mockImplementation((listener: (user: unknown) => void) => {
      tell = listener;
      return () => undefined;
    });
    window.history.replaceState(null, '', '/sign-in');
    let renders = 0;
    function SignedOutForm() {
      renders += 1;
      return <p>{useSignedInUser()?.uid ?? 'form'}</p>;
    }
    render(<AuthProvider><Who /><SignedOutForm /></AuthProvider>);
    expect(renders).toBe(1);
    act(() => tell(null));
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(renders).toBe(1);
    act(() => tell({ uid: 'u1', email: 'c@example.com', emailVerified: true }));
    expect(screen.getAllByText('u1')).toHaveLength(2);
    expect(renders).toBe(2);
  });

  it('tells the app who is signed in', async () => {
    subscribe.mockImplementation((listener: (user: unknown) => void) => {
      setTimeout(() => listener({ uid: 'u1', email: 'c@example.com', emailVerified: true }), 0);
      return () => undefined;
    });
    render(<AuthProvider><Who /></AuthProvider>);
    expect(screen.getByText('checking')).toBeInTheDocument();
    expect(await screen.findByText('u1')).toBeInTheDocument();
  });

  it('says Charta could not finish loading, with a way to try again, when Firebase Auth cannot load, instead of checking for ever', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    subscribe.mockImplementation((_listener: unknown, onUnavailable: (error: unknown) => void) => {
      setTimeout(() => onUnavailable(new TypeError('Failed to fetch dynamically imported module')), 0);
      return () => undefined;
    });
    render(<AuthProvider><Who /></AuthProvider>);
    expect(await screen.findByText(/Charta could not finish loading/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('checking')).not.toBeInTheDocument();
    error.mockRestore();
  });
});
