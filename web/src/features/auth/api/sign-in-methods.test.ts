import { describe, expect, it } from 'vitest';
import { describeWait, popupFallsBackToRedirect, popupWasDismissed, prefersRedirect, secondsUntil, ssoProtocolOf } from './sign-in-methods';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('provider sign-in decisions', () => {
  it('tells SAML from OIDC by the provider id', () => {
    expect(ssoProtocolOf('saml.acme')).toBe('saml');
    expect(ssoProtocolOf('oidc.charta-demo')).toBe('oidc');
  });

  it('uses the redirect flow on phones and the popup on desktops', () => {
    expect(prefersRedirect({ userAgent: IPHONE })).toBe(true);
    expect(prefersRedirect({ userAgent: ANDROID })).toBe(true);
    expect(prefersRedirect({ userAgent: DESKTOP })).toBe(false);
  });

  it('believes the browser’s own mobile hint over the user agent string', () => {
    expect(prefersRedirect({ userAgent: DESKTOP, mobile: true })).toBe(true);
    expect(prefersRedirect({ userAgent: ANDROID, mobile: false })).toBe(false);
  });

  it('falls back to a redirect only when the popup could not open', () => {
    expect(popupFallsBackToRedirect('auth/popup-blocked')).toBe(true);
    expect(popupFallsBackToRedirect('auth/popup-closed-by-user')).toBe(false);
    expect(popupFallsBackToRedirect(undefined)).toBe(false);
  });

  it('treats a closed popup as the user changing their mind, not as an error', () => {
    expect(popupWasDismissed('auth/popup-closed-by-user')).toBe(true);
    expect(popupWasDismissed('auth/cancelled-popup-request')).toBe(true);
    expect(popupWasDismissed('auth/network-request-failed')).toBe(false);
  });
});

describe('waits', () => {
  it('rounds the seconds left up and never goes below zero', () => {
    expect(secondsUntil(10_001, 0)).toBe(11);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(0, 5_000)).toBe(0);
  });

  it('says a wait in seconds under a minute and in whole minutes above', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(42)).toBe('42 seconds');
    expect(describeWait(60)).toBe('1 minute');
    expect(describeWait(61)).toBe('2 minutes');
  });
});
