// Firebase Auth, loaded on demand: the SDK (about 33 KB gzip) is a chunk of its own, fetched when the app
// starts rather than before it can paint. The sign-in page shows its form without it (it is needed only
// to sign in), and so does the Record tab on a browser that was signed in last time (lib/signed-in-hint.ts:
// Auth loads once the tab has painted; nothing reads the API before it knows the user). Everything outside
// features/auth reaches Firebase here.
import type { Auth } from 'firebase/auth';
import type * as Firebase from './firebase';

type FirebaseModule = typeof Firebase;

let loaded: FirebaseModule | undefined;
let loading: Promise<FirebaseModule> | undefined;

/** The Firebase module, downloading it the first time. */
export function loadFirebase(): Promise<FirebaseModule> {
  loading ??= import('./firebase').then((module) => (loaded = module));
  return loading;
}

/** Auth if it has loaded, else null: before then nobody can have signed in in this tab. */
export function loadedFirebaseAuth(): Auth | null {
  return loaded?.getFirebaseAuth() ?? null;
}

export async function getCurrentIdToken(): Promise<string | null> {
  return (await loadFirebase()).getCurrentIdToken();
}

export async function signOutQuietly(): Promise<void> {
  return (await loadFirebase()).signOutQuietly();
}
