import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render';
import { AuthStateProvider } from '../hooks/auth-context';
import { SignUpPage } from './SignUpPage';

vi.mock('@/lib/api');

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('SignUpPage', () => {
  it('shows the configured terms, privacy policy and business associate agreement before the account is made', async () => {
    vi.stubEnv('VITE_TERMS_URL', 'https://charta.example/terms');
    vi.stubEnv('VITE_PRIVACY_URL', 'https://charta.example/privacy');
    vi.stubEnv('VITE_BAA_URL', 'https://charta.example/baa');
    renderPage(
      <AuthStateProvider value={{ user: null, loading: false }}>
        <SignUpPage />
      </AuthStateProvider>,
    );

    expect(await screen.findByText(/By creating an account you agree/)).toBeInTheDocument();
    for (const [name, href] of [
      ['Terms of Service', 'https://charta.example/terms'],
      ['Privacy Policy', 'https://charta.example/privacy'],
      ['Business Associate Agreement (BAA)', 'https://charta.example/baa'],
    ] as const) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      // A new tab: what was typed into the form is still there when the clinician comes back.
      expect(link).toHaveAttribute('target', '_blank');
    }
  });

  it('links to the placeholders shipped with the app when nothing is configured', async () => {
    renderPage(
      <AuthStateProvider value={{ user: null, loading: false }}>
        <SignUpPage />
      </AuthStateProvider>,
    );
    expect(await screen.findByRole('link', { name: 'Business Associate Agreement (BAA)' })).toHaveAttribute('href', '/legal/baa.html');
  });
});
