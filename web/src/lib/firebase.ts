// Firebase is initialised on first use, not at import, so that a broken build configuration reaches the
// configuration error page (main.tsx) instead of throwing while modules load.
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signOut, type Auth } from 'firebase/auth';
import { getEnv } from '@/config/env';

let auth: Auth | undefined;

export function getFirebaseAuth(): Auth {
  if (auth) return auth;
  const env = getEnv();
  const app = initializeApp(env.firebase);
  const instance = getAuth(app);
  if (env.useEmulators) {
    // Emulator mode (a demo- project): accounts and tokens come from the local Auth emulator only.
    connectAuthEmulator(instance, env.authEmulatorUrl, { disableWarnings: true });
  }
  auth = instance;
  return instance;
}

/** The current user's ID token; the SDK hands back its cached one and refreshes it about 5 minutes before expiry. */
export async function getCurrentIdToken(): Promise<string | null> {
  const user = getFirebaseAuth().currentUser;
  return user ? user.getIdToken() : null;
}

/** Signs out; a failure is only logged (per spec), since the user can do nothing about it. */
export async function signOutQuietly(): Promise<void> {
  try {
    await signOut(getFirebaseAuth());
  } catch (error) {
    console.error('Sign-out failed', error);
  }
}
