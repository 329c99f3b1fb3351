import { describe, expect, it } from 'vitest';
import { describeEnvProblems, parseEnv } from './env';

const complete = {
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-charta.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-charta',
  VITE_FIREBASE_APP_ID: 'app',
};

describe('parseEnv', () => {
  it('names every missing required variable at once', () => {
    const result = parseEnv({ VITE_FIREBASE_PROJECT_ID: 'demo-charta' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.name)).toEqual([
      'VITE_FIREBASE_API_KEY',
      'VITE_FIREBASE_AUTH_DOMAIN',
      'VITE_FIREBASE_APP_ID',
    ]);
  });

  it('defaults the optional settings', () => {
    const result = parseEnv(complete);
    if (!result.ok) throw new Error('expected a valid environment');
    expect(result.env).toMatchObject({
      apiBaseUrl: '',
      useEmulators: false,
      authEmulatorUrl: 'http://127.0.0.1:9099',
      extensionMode: false,
      analyticsEnabled: false,
    });
    expect(result.env.legalLinks.baaUrl).toBeTruthy();
  });

  it('reads the flags and URLs', () => {
    const result = parseEnv({
      ...complete,
      VITE_API_BASE_URL: 'https://api.charta.example/',
      VITE_USE_EMULATORS: 'true',
      VITE_EXTENSION_MODE: 'true',
      VITE_BAA_URL: 'https://charta.example/baa',
    });
    if (!result.ok) throw new Error('expected a valid environment');
    expect(result.env.apiBaseUrl).toBe('https://api.charta.example');
    expect(result.env.useEmulators).toBe(true);
    expect(result.env.extensionMode).toBe(true);
    expect(result.env.legalLinks.baaUrl).toBe('https://charta.example/baa');
  });

  it('reads the billing settings, with the local Stripe emulator by default', () => {
    const defaults = parseEnv(complete);
    if (!defaults.ok) throw new Error('expected a valid environment');
    expect(defaults.env.billing).toEqual({ stripePublishableKey: '', stripeEmulatorUrl: 'http://127.0.0.1:12111' });

    const set = parseEnv({ ...complete, VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_123', VITE_STRIPE_EMULATOR_URL: 'http://127.0.0.1:52111/' });
    if (!set.ok) throw new Error('expected a valid environment');
    expect(set.env.billing).toEqual({ stripePublishableKey: 'pk_test_123', stripeEmulatorUrl: 'http://127.0.0.1:52111' });
  });

  it('refuses a Stripe secret key where the publishable one belongs: the build would publish it', () => {
    const result = parseEnv({ ...complete, VITE_STRIPE_PUBLISHABLE_KEY: 'sk_live_secret' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.name)).toEqual(['VITE_STRIPE_PUBLISHABLE_KEY']);
    expect(describeEnvProblems(result.problems)).not.toContain('sk_live_secret');
  });

  it('reads the sign-in settings: no single sign-on and no mail catcher unless configured', () => {
    const defaults = parseEnv(complete);
    if (!defaults.ok) throw new Error('expected a valid environment');
    expect(defaults.env.signIn).toEqual({ ssoProviderId: null, mailCatcherUrl: '' });

    const set = parseEnv({ ...complete, VITE_SSO_PROVIDER_ID: 'saml.acme-clinic', VITE_MAIL_CATCHER_URL: 'http://127.0.0.1:9380/' });
    if (!set.ok) throw new Error('expected a valid environment');
    expect(set.env.signIn).toEqual({ ssoProviderId: 'saml.acme-clinic', mailCatcherUrl: 'http://127.0.0.1:9380' });
  });

  it('refuses a single sign-on provider id Firebase would not know how to use', () => {
    const result = parseEnv({ ...complete, VITE_SSO_PROVIDER_ID: 'google.com' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.name)).toEqual(['VITE_SSO_PROVIDER_ID']);
  });

  it('rejects a flag that is neither true nor false', () => {
    const result = parseEnv({ ...complete, VITE_USE_EMULATORS: 'yes' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems[0]?.name).toBe('VITE_USE_EMULATORS');
  });
});
