// Loaded only through analytics.ts's dynamic import, so none of this is bundled unless analytics is built in.

/** Consent Mode v2's storage types, all denied until the visitor agrees (a consent banner would update them). */
export const CONSENT_DENIED_BY_DEFAULT = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
  functionality_storage: 'denied',
  personalization_storage: 'denied',
  security_storage: 'denied',
} as const;

type DataLayerWindow = Window & { dataLayer?: unknown[] };

/**
 * Google Tag Manager with Consent Mode defaults set before the container loads, as Google requires (tags
 * read the defaults when they first run).
 */
export function installTagManager(containerId: string, target: DataLayerWindow = window): void {
  const dataLayer = (target.dataLayer ??= []);
  // gtag() as Google's snippet defines it: GTM tells commands from events by their being an Arguments object.
  function gtag(..._command: unknown[]) {
    // eslint-disable-next-line prefer-rest-params -- GTM reads consent commands only from an Arguments object
    dataLayer.push(arguments);
  }
  gtag('consent', 'default', CONSENT_DENIED_BY_DEFAULT);
  dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = target.document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  target.document.head.appendChild(script);
}
