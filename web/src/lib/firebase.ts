// Firebase is initialised on first use, not at import, so that a broken build configuration reaches the
// configuration error page (main.tsx) instead of throwing while modules load.
import * as firebaseApp from 'firebase/app';
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  signOut,
  type Auth,
} from 'firebase/auth';
import { getEnv } from '@/config/env';
import { forgetSignedIn } from './signed-in-hint';

let auth: Auth | undefined;

export function getFirebaseAuth(): Auth {
  if (auth) return auth;
  const env = getEnv();
  const app = initializeApp(env.firebase);
  // getAuth() would also give Auth the popup/redirect resolver, which on phones and Safari loads Google's
  // gapi script (apis.google.com) as Auth starts, for every visitor (and, offline against the emulators, a
  // request that can only fail). The same persistence as getAuth(), without it: the provider sign-ins in
  // features/auth pass browserPopupRedirectResolver per call, so gapi loads only when one starts.
  const instance = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence] });
  if (env.useEmulators) {
    // Emulator mode (a demo- project): accounts and tokens come from the local Auth emulator only.
    connectAuthEmulator(instance, env.authEmulatorUrl, { disableWarnings: true });
  }
  keepTokensFresh(app);
  auth = instance;
  return instance;
}

/**
 * Turns on the SDK's own proactive refresh. Read in node_modules/@firebase/auth/dist/esm/index-*.js
 * (firebase 12.9, @firebase/auth 1.13.6): `ProactiveRefresh` refreshes the ID token 5 minutes before it
 * expires (Duration.OFFSET 300000) and, on `auth/network-request-failed` only, retries after 30 s doubling
 * to 16 minutes (RETRY_BACKOFF_MIN 30000, RETRY_BACKOFF_MAX 960000) — the spec's policy exactly. But it
 * runs only while a token listener is registered through the SDK's internal `auth-internal` component,
 * which Firestore, Storage and Functions clients do and this app (Auth alone) never did: without it,
 * `getIdToken()` refreshed only within 30 s of expiry (Buffer.TOKEN_REFRESH). Registering one empty
 * listener is all that was missing; the schedule and backoff stay the SDK's.
 */
function keepTokensFresh(app: FirebaseApp): void {
  // `_getProvider` is exported at run time but left out of the published types; firebase.test.ts checks
  // against the real SDK that this still turns the refresh on, so an upgrade that changes it fails there.
  const { _getProvider: getProvider } = firebaseApp as unknown as { _getProvider: (app: FirebaseApp, name: 'auth-internal') => AuthInternalProvider };
  getProvider(app, 'auth-internal').getImmediate().addAuthTokenListener(() => undefined);
}

interface AuthInternalProvider {
  getImmediate(): { addAuthTokenListener(listener: (token: string | null) => void): void };
}

/**
 * The current user's ID token; the SDK hands back its cached one and refreshes it about 5 minutes before expiry.
 * Once Auth has restored the session: the Record tab can paint (and a call start) before it has
 * (lib/signed-in-hint.ts), and a call sent without the token would come back 401 and sign the user out.
 */
export async function getCurrentIdToken(): Promise<string | null> {
  const auth = getFirebaseAuth();
  await auth.authStateReady();
  const user = auth.currentUser;
  return user ? user.getIdToken() : null;
}

/** Signs out; a failure is only logged (per spec), since the user can do nothing about it. */
export async function signOutQuietly(): Promise<void> {
  // First: even if the sign-out fails, the next visit waits for Auth rather than painting the signed-in app.
  forgetSignedIn();
  try {
    await signOut(getFirebaseAuth());
  } catch (error) {
    console.error('Sign-out failed', error);
  }
}
