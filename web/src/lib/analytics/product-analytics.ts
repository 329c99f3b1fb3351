// Loaded only through analytics.ts's dynamic import, so posthog-js is bundled only when analytics is built in.
import posthog from 'posthog-js';
import { productAnalyticsOptions } from './posthog-options';

export function startPosthog(projectKey: string, apiHost: string): void {
  posthog.init(projectKey, productAnalyticsOptions(apiHost));
}
