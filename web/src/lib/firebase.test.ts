import { describe, expect, it } from 'vitest';
import { getFirebaseAuth } from './firebase';

describe('getFirebaseAuth', () => {
  // The SDK's ProactiveRefresh (refresh 5 minutes before expiry; on network errors retry after 30 s,
  // doubling up to 16 minutes) only runs while some SDK listens for tokens through its internal interface.
  // With Auth alone (no Firestore or Storage client) nothing does, and tokens were refreshed only when
  // asked for within 30 s of expiry.
  it('turns on the SDK’s proactive token refresh', () => {
    const auth = getFirebaseAuth();
    expect(Reflect.get(auth, 'isProactiveRefreshEnabled')).toBe(true);
  });
});
