// Whether this browser had a signed-in user when it last knew (docs/first-load.md "The Record tab before
// Auth answers"): when it did, the signed-in app paints the shell and the Record tab at once and loads
// Firebase Auth after that paint, instead of a full-page loader until Auth has answered. Only the user's id
// (no name, no email, nothing of a patient): it says which user's cache and kept template names to expect,
// never grants anything (every API read waits for Auth's token, app/providers/swr/SwrProvider.tsx). Written
// whenever Auth reports a user, cleared whenever it reports nobody, at sign-out (lib/firebase.ts) and at
// account deletion; localStorage, so a new tab and a new visit see it.
const STORAGE_KEY = 'charta.signedIn';

/** The id of the user this browser had signed in last time, or null (nobody, or storage blocked). */
export function signedInHint(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

/** What Auth said: a user (remembered) or nobody (forgotten). */
export function rememberSignedIn(uid: string | null): void {
  try {
    if (uid) window.localStorage.setItem(STORAGE_KEY, uid);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked: every visit waits for Auth, as before.
  }
}

export function forgetSignedIn(): void {
  rememberSignedIn(null);
}
