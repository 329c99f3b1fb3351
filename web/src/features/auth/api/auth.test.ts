// auth.ts loads firebase-auth.ts (and the Firebase SDK with it) on demand: these check when it does.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadedFirebaseAuth } from '@/lib/firebase-on-demand';
import { completeProviderRedirect, markPageShown, subscribeToSignedInUser } from './auth';
import * as firebaseAuth from './firebase-auth';
import { REDIRECT_PENDING_KEY } from './sign-in-methods';

vi.mock('./firebase-auth', () => ({
  subscribeToSignedInUser: vi.fn((listener: (user: unknown) => void) => {
    listener({ uid: 'u1', email: 'c@example.com', emailVerified: true });
    return vi.fn();
  }),
  completeProviderRedirect: vi.fn(() => Promise.resolve({ kind: 'signed-in' })),
}));

const fakeAuth = vi.hoisted(() => ({ currentUser: { uid: 'u1' } }));
vi.mock('@/lib/firebase', () => ({ getFirebaseAuth: () => fakeAuth }));

afterEach(() => {
  sessionStorage.clear();
  vi.clearAllMocks();
});

describe('auth.ts, Firebase Auth on demand', () => {
  it('subscribes once Auth has loaded and tells the listener', async () => {
    const listener = vi.fn();
    const unavailable = vi.fn();
    subscribeToSignedInUser(listener, unavailable);
    await vi.waitFor(() => expect(listener).toHaveBeenCalledWith({ uid: 'u1', email: 'c@example.com', emailVerified: true }));
    expect(unavailable).not.toHaveBeenCalled();
  });

  it('has Auth ready for the rest of the app (lib/firebase-on-demand) by the time it tells who is signed in', async () => {
    // The referral claim reads the new account's age from it as soon as the shell knows the user; when it
    // was not ready yet, every sign-up's referral was dropped.
    let readyWhenTold: unknown;
    subscribeToSignedInUser(() => (readyWhenTold = loadedFirebaseAuth()), vi.fn());
    await vi.waitFor(() => expect(readyWhenTold).toBe(fakeAuth));
  });

  it('on a signed-out page, fetches Auth only once the browser is idle (the page has painted)', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
    const listener = vi.fn();
    const unavailable = vi.fn();
    subscribeToSignedInUser(listener, unavailable, { start: 'idle' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(firebaseAuth.subscribeToSignedInUser).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    idle.forEach((task) => task());
    await vi.waitFor(() => expect(listener).toHaveBeenCalledWith({ uid: 'u1', email: 'c@example.com', emailVerified: true }));
    expect(unavailable).not.toHaveBeenCalled();
  });

  it('on a browser signed in last time, fetches Auth only once the signed-in app has shown its page, then idle', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
    const listener = vi.fn();
    subscribeToSignedInUser(listener, vi.fn(), { start: 'afterPage' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Not even queued for idle time: the router's chunks for the page are still on their way.
    expect(idle).toHaveLength(0);
    markPageShown();
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    expect(firebaseAuth.subscribeToSignedInUser).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    idle.forEach((task) => task());
    await vi.waitFor(() => expect(listener).toHaveBeenCalledWith({ uid: 'u1', email: 'c@example.com', emailVerified: true }));
  });

  it('never subscribes when unsubscribed before Auth loaded', async () => {
    const listener = vi.fn();
    subscribeToSignedInUser(listener, vi.fn())();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(firebaseAuth.subscribeToSignedInUser).not.toHaveBeenCalled();
    expect(listener).not.toHaveBeenCalled();
  });

  it('finishes a provider redirect only when this tab started one, and loads nothing otherwise', async () => {
    await expect(completeProviderRedirect()).resolves.toBeNull();
    expect(firebaseAuth.completeProviderRedirect).not.toHaveBeenCalled();
    sessionStorage.setItem(REDIRECT_PENDING_KEY, 'google.com');
    await expect(completeProviderRedirect()).resolves.toEqual({ kind: 'signed-in' });
  });
});
