import { getEnv } from '@/config/env';

/**
 * Whether this build carries analytics at all. Vite writes the flag into the code at build time, so with it
 * off (the default) this is the constant `false`: every branch below is dead, the minifier removes it, and
 * the dynamic imports of the tag manager and posthog-js go with it. Neither library is loaded, nor even in
 * web/dist (tests/build/analytics-off.test.ts checks the built bundle). Exactly "true" turns it on.
 */
export const ANALYTICS_BUILT_IN = import.meta.env.VITE_ENABLE_ANALYTICS === 'true';

/** Product analytics (posthog-js on our own host, everything masked, consent denied by default). */
export function startProductAnalytics(): void {
  if (!ANALYTICS_BUILT_IN) return;
  const { productAnalytics } = getEnv().analytics;
  if (!productAnalytics) return;
  void import('./product-analytics').then(({ startPosthog }) => startPosthog(productAnalytics.projectKey, productAnalytics.apiHost));
}

let tagManagerInstalled = false;

/** Google Tag Manager, Consent Mode all denied; only ever called on signed-out pages. */
export function loadTagManager(): void {
  if (!ANALYTICS_BUILT_IN || tagManagerInstalled) return;
  const { tagManagerId } = getEnv().analytics;
  if (!tagManagerId) return;
  tagManagerInstalled = true;
  void import('./tag-manager').then(({ installTagManager }) => installTagManager(tagManagerId));
}

/** Whether the tag manager runs in this document (it cannot be unloaded: only a new page load clears it). */
export function isTagManagerLoaded(): boolean {
  return ANALYTICS_BUILT_IN && tagManagerInstalled;
}
