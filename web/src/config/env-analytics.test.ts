import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

const complete = {
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-charta.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-charta',
  VITE_FIREBASE_APP_ID: 'app',
};
const analyticsSettings = { VITE_GTM_ID: 'GTM-ABC123', VITE_POSTHOG_KEY: 'phc_test', VITE_POSTHOG_HOST: 'https://e.charta.example/' };

describe('parseEnv: analytics', () => {
  it('is off by default, and reads none of its settings while off', () => {
    const result = parseEnv({ ...complete, ...analyticsSettings });
    if (!result.ok) throw new Error('expected a valid environment');
    expect(result.env.analyticsEnabled).toBe(false);
    expect(result.env.analytics).toEqual({ tagManagerId: null, productAnalytics: null });
  });

  it('reads the tag manager container and the product analytics host when on', () => {
    const result = parseEnv({ ...complete, ...analyticsSettings, VITE_ENABLE_ANALYTICS: 'true' });
    if (!result.ok) throw new Error('expected a valid environment');
    expect(result.env.analytics).toEqual({ tagManagerId: 'GTM-ABC123', productAnalytics: { projectKey: 'phc_test', apiHost: 'https://e.charta.example' } });
  });

  it('refuses a product analytics key without our own host, and a malformed container id', () => {
    const result = parseEnv({ ...complete, VITE_ENABLE_ANALYTICS: 'true', VITE_POSTHOG_KEY: 'phc_test', VITE_GTM_ID: 'UA-1234' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.name)).toEqual(['VITE_GTM_ID', 'VITE_POSTHOG_HOST']);
  });
});
