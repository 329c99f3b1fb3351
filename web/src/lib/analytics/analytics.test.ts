import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const tagManagerScript = () => document.head.querySelector('script[src*="googletagmanager.com"]');

async function freshAnalytics() {
  vi.resetModules();
  return import('./analytics');
}

afterEach(() => {
  vi.unstubAllEnvs();
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('analytics', () => {
  it('loads nothing in a build without the flag, even with a container configured', async () => {
    vi.stubEnv('VITE_GTM_ID', 'GTM-TEST1');
    const analytics = await freshAnalytics();
    analytics.loadTagManager();
    analytics.startProductAnalytics();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(analytics.ANALYTICS_BUILT_IN).toBe(false);
    expect(analytics.isTagManagerLoaded()).toBe(false);
    expect(tagManagerScript()).toBeNull();
  });

  it('loads the tag manager once in a build with the flag', async () => {
    vi.stubEnv('VITE_ENABLE_ANALYTICS', 'true');
    vi.stubEnv('VITE_GTM_ID', 'GTM-TEST1');
    const analytics = await freshAnalytics();
    analytics.loadTagManager();
    analytics.loadTagManager();
    expect(analytics.isTagManagerLoaded()).toBe(true);
    await waitFor(() => expect(tagManagerScript()).not.toBeNull());
    expect(document.head.querySelectorAll('script[src*="googletagmanager.com"]')).toHaveLength(1);
  });
});
