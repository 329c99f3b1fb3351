import type { Profile } from '@charta/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { profile as profileFixture, subscription as subscriptionFixture } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { SettingsPage } from './SettingsPage';

vi.mock('@/lib/api');
const mockedApi = vi.mocked(api);

const profile = profileFixture();
const subscription = subscriptionFixture();

beforeEach(() => {
  mockedApi.get.mockImplementation((path: string) => {
    if (path === '/profile') return Promise.resolve({ profile });
    if (path === '/subscription') return Promise.resolve({ subscription });
    if (path === '/export/latest') return Promise.resolve({ export: null });
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
});

describe('SettingsPage', () => {
  it('links to the configured terms, privacy policy and business associate agreement', async () => {
    vi.stubEnv('VITE_TERMS_URL', 'https://charta.example/terms');
    vi.stubEnv('VITE_PRIVACY_URL', 'https://charta.example/privacy');
    vi.stubEnv('VITE_BAA_URL', 'https://charta.example/baa');
    renderPage(<SettingsPage />);

    const legal = await screen.findByRole('region', { name: 'Terms and agreements' });
    expect(within(legal).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', 'https://charta.example/terms');
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', 'https://charta.example/privacy');
    expect(within(legal).getByRole('link', { name: 'Business Associate Agreement (BAA)' })).toHaveAttribute('href', 'https://charta.example/baa');
    vi.unstubAllEnvs();
  });

  it('shows the profile and the plan', async () => {
    renderPage(<SettingsPage />);

    expect(await screen.findByLabelText('Display name')).toHaveValue('Dr. Ada Lovelace');
    expect(screen.getByLabelText('Specialty')).toHaveValue('Family medicine');
    expect(screen.getByLabelText('Organization')).toHaveValue('Northside Clinic');
    expect(screen.getByLabelText('Default language')).toHaveValue('en-US');
    expect(await screen.findByText('Free plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View activity' })).toHaveAttribute('href', '/settings/activity');
  });

  it('saves only the editable fields', async () => {
    const user = userEvent.setup();
    mockedApi.put.mockImplementation((_path: string, body: unknown) =>
      Promise.resolve({ profile: { ...profile, ...(body as Partial<Profile>) } }),
    );
    renderPage(<SettingsPage />);

    const displayName = await screen.findByLabelText('Display name');
    await user.clear(displayName);
    await user.type(displayName, 'Grace Hopper');
    await user.type(screen.getByLabelText('Title'), 'Dr');
    await user.selectOptions(screen.getByLabelText('Default language'), 'fr-FR');
    await user.click(within(screen.getByRole('form', { name: 'Profile' })).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(mockedApi.put).toHaveBeenCalledWith('/profile', {
      displayName: 'Grace Hopper',
      title: 'Dr',
      specialty: 'Family medicine',
      organization: 'Northside Clinic',
      defaultLanguage: 'fr-FR',
    });
  });

  it('shows a validation error from the API on its field', async () => {
    const user = userEvent.setup();
    mockedApi.put.mockRejectedValue(
      new ApiError({ status: 400, code: 'invalid_argument', message: 'specialty must be at most 100 characters', field: 'specialty' }),
    );
    renderPage(<SettingsPage />);

    await user.click(within(await screen.findByRole('form', { name: 'Profile' })).getByRole('button', { name: 'Save' }));

    const specialty = screen.getByLabelText('Specialty');
    expect(await screen.findByText('specialty must be at most 100 characters')).toBeInTheDocument();
    expect(specialty).toHaveAttribute('aria-invalid', 'true');
    expect(specialty).toHaveAccessibleDescription('specialty must be at most 100 characters');
    expect(screen.queryByText('Profile saved')).not.toBeInTheDocument();
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    const user = userEvent.setup();
    mockedApi.get.mockImplementation((path: string) =>
      path === '/profile'
        ? Promise.reject(new ApiError({ status: 500, code: 'internal', message: 'internal' }))
        : Promise.resolve({ subscription }),
    );
    renderPage(<SettingsPage />);

    // Profile, Consent and Retention each say so; any of them loads the profile again.
    const [retry] = await screen.findAllByRole('button', { name: 'Try again' });
    mockedApi.get.mockImplementation((path: string) =>
      Promise.resolve(path === '/profile' ? { profile } : { subscription }),
    );
    await user.click(retry!);

    expect(await screen.findByLabelText('Display name')).toHaveValue('Dr. Ada Lovelace');
    expect(screen.getByRole('switch', { name: 'Ask for the patient’s consent before recording' })).toBeChecked();
  });
});
