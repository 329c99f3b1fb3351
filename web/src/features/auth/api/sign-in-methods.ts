// Which way a provider sign-in goes: pure decisions, kept apart from the Firebase calls so they are tested alone.

export type SsoProtocol = 'oidc' | 'saml';

/** Firebase tells the protocol by the provider id's prefix; env.ts accepts no other ids. */
export function ssoProtocolOf(providerId: string): SsoProtocol {
  return providerId.startsWith('saml.') ? 'saml' : 'oidc';
}

export interface DeviceHints {
  userAgent: string;
  /** navigator.userAgentData.mobile where the browser has it (Chromium): the browser's own answer. */
  mobile?: boolean | undefined;
}

const PHONE_USER_AGENT = /Android|iPhone|iPod|iPad|Mobile|Silk|Opera Mini|IEMobile/i;

/**
 * Phones go by redirect: their browsers open popups as new tabs, often lose the opener on the way back, or
 * block them outright, which Firebase's guidance answers with signInWithRedirect.
 */
export function prefersRedirect(device: DeviceHints): boolean {
  if (device.mobile !== undefined) return device.mobile;
  return PHONE_USER_AGENT.test(device.userAgent);
}

/** A popup the browser refused (or cannot open here): the same sign-in goes by redirect instead. */
export function popupFallsBackToRedirect(code: string | undefined): boolean {
  return code === 'auth/popup-blocked' || code === 'auth/operation-not-supported-in-this-environment';
}

/** The user closed the popup or opened another: no error to show, they simply did not go on. */
export function popupWasDismissed(code: string | undefined): boolean {
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request' || code === 'auth/user-cancelled';
}

/**
 * Seconds until something throttled may be done again, rounded up so "0 s" never shows while still
 * refused; 0 once allowed.
 */
export function secondsUntil(allowedAtMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((allowedAtMs - nowMs) / 1000));
}

/** "42 seconds", "1 minute", "3 minutes": how long to wait, in words a person reads at a glance. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Session storage: the provider whose redirect sign-in this tab started. Set before leaving for the
 * provider, so only a page that started a redirect asks for its result (asking loads Firebase Auth and
 * Google's helper iframe, which no other visit to the sign-in page needs).
 */
export const REDIRECT_PENDING_KEY = 'charta:provider-redirect';
