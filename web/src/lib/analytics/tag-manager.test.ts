import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_DENIED_BY_DEFAULT, installTagManager } from './tag-manager';

type TestWindow = Window & { dataLayer?: unknown[] };

afterEach(() => {
  delete (window as TestWindow).dataLayer;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('installTagManager', () => {
  it('sets every consent type to denied before the container loads', () => {
    installTagManager('GTM-TEST1');
    const dataLayer = (window as TestWindow).dataLayer ?? [];
    // gtag()'s form: an Arguments object, which is how GTM tells a command from an event.
    expect(Object.prototype.toString.call(dataLayer[0])).toBe('[object Arguments]');
    expect(Array.from(dataLayer[0] as ArrayLike<unknown>)).toEqual(['consent', 'default', CONSENT_DENIED_BY_DEFAULT]);
    expect(Object.values(CONSENT_DENIED_BY_DEFAULT).every((state) => state === 'denied')).toBe(true);
    expect(Object.keys(CONSENT_DENIED_BY_DEFAULT)).toEqual(expect.arrayContaining(['ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage']));
    expect(dataLayer[1]).toMatchObject({ event: 'gtm.js' });
  });

  it('loads the configured container, asynchronously', () => {
    installTagManager('GTM-TEST1');
    const script = document.head.querySelector('script');
    expect(script?.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST1');
    expect(script?.async).toBe(true);
  });
});
