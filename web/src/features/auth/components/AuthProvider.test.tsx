import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from '../hooks/use-auth';
import { AuthProvider } from './AuthProvider';

const subscribe = vi.hoisted(() => vi.fn());
vi.mock('../api/auth', () => ({ subscribeToSignedInUser: subscribe }));

function Who() {
  const { user, loading } = useAuth();
  return <p>{loading ? 'checking' : (user?.uid ?? 'signed out')}</p>;
}

describe('AuthProvider', () => {
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
