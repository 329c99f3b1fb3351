// The links Firebase Auth emails (password reset, email verification, email change, email-link sign-in)
// open the app's own page (/auth/action: the identity provider's custom action URL, set in the Firebase
// console; locally the mail catcher shows the Auth emulator's links pointed at it), which completes them
// with these calls. Loaded with that page only.
import { applyActionCode, checkActionCode, confirmPasswordReset, isSignInWithEmailLink, signInWithEmailLink, verifyPasswordResetCode } from 'firebase/auth';
import { getFirebaseAuth } from '@/lib/firebase';

/** What an emailed link asks (Firebase's `mode` parameter). */
export type EmailActionMode = 'resetPassword' | 'verifyEmail' | 'recoverEmail' | 'verifyAndChangeEmail' | 'signIn';

export interface EmailAction {
  mode: EmailActionMode;
  oobCode: string;
  /** Where the link's sender asked the user to go next: only a path of this app is ever followed. */
  continuePath: string | null;
}

const MODES: readonly EmailActionMode[] = ['resetPassword', 'verifyEmail', 'recoverEmail', 'verifyAndChangeEmail', 'signIn'];

/** The action a link's query asks for, or null when it is not one Charta handles (a broken or cut-off link). */
export function emailActionOf(query: URLSearchParams, appOrigin: string): EmailAction | null {
  const mode = query.get('mode');
  const oobCode = query.get('oobCode');
  if (!mode || !oobCode || !(MODES as readonly string[]).includes(mode)) return null;
  return { mode: mode as EmailActionMode, oobCode, continuePath: sameAppPath(query.get('continueUrl'), appOrigin) };
}

function sameAppPath(continueUrl: string | null, appOrigin: string): string | null {
  if (!continueUrl) return null;
  try {
    const url = new URL(continueUrl, appOrigin);
    return url.origin === appOrigin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** The account a reset link is for (and that it is still good): Firebase's check before a new password is asked. */
export async function accountOfResetLink(oobCode: string): Promise<string> {
  return verifyPasswordResetCode(getFirebaseAuth(), oobCode);
}

export async function chooseNewPassword(oobCode: string, newPassword: string): Promise<void> {
  await confirmPasswordReset(getFirebaseAuth(), oobCode, newPassword);
}

/**
 * Verification and email-change links: applied once. The address it concerns is read first (the page names
 * it). A verified address reaches the API at once when its user is signed in on this browser.
 */
export async function applyEmailLink(oobCode: string): Promise<{ email: string | null }> {
  const auth = getFirebaseAuth();
  const info = await checkActionCode(auth, oobCode);
  await applyActionCode(auth, oobCode);
  // Loaded only then: a static import would merge the sign-in calls' chunk into this page's (and every route's).
  if (auth.currentUser) await (await import('./firebase-auth')).refreshVerification();
  return { email: info.data.email ?? null };
}

/** Email-link sign-in: Firebase needs the address the link was sent to, typed again on another device. */
export async function signInWithLink(email: string, href: string): Promise<void> {
  const auth = getFirebaseAuth();
  if (!isSignInWithEmailLink(auth, href)) throw Object.assign(new Error('not a sign-in link'), { code: 'auth/invalid-action-code' });
  await signInWithEmailLink(auth, email, href);
}
