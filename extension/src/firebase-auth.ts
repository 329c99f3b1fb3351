// The extension's `firebase/auth` (the build points the web app's imports here): Firebase's web-extension
// build, which loads no remote code (Manifest V3 forbids it; the browser build loads Google's gapi and
// reCAPTCHA scripts for popups and phone sign-in). It has no popup or redirect sign-in, so those answer the
// SDK's own "not supported here" error, which the sign-in page turns into a sentence: use email and
// password or a sign-in code in the extension (they open the same account).
import { FirebaseError } from 'firebase/app';

export * from 'firebase/auth/web-extension';

const notHere = (): never => {
  throw new FirebaseError('auth/operation-not-supported-in-this-environment', 'Popup and redirect sign-in are not available in the browser extension.');
};

export const signInWithPopup = (..._args: unknown[]): Promise<never> => Promise.resolve().then(notHere);
export const signInWithRedirect = (..._args: unknown[]): Promise<never> => Promise.resolve().then(notHere);
export const reauthenticateWithPopup = (..._args: unknown[]): Promise<never> => Promise.resolve().then(notHere);
export const linkWithPopup = (..._args: unknown[]): Promise<never> => Promise.resolve().then(notHere);
/** No redirect ever starts in the extension, so there is never a result to pick up. */
export const getRedirectResult = (..._args: unknown[]): Promise<null> => Promise.resolve(null);

// The browser build's persistences, which this build lacks: the web app asks for IndexedDB first (it is
// there in extension pages), so these stand-ins only keep the same list valid.
export { indexedDBLocalPersistence as browserLocalPersistence, inMemoryPersistence as browserSessionPersistence } from 'firebase/auth/web-extension';
/** No popups here: the stubs above never use a resolver. */
export const browserPopupRedirectResolver = undefined;
