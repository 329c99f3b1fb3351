// Firebase Auth calls the auth screens need. The SDK's user object stays here; the app sees SignedInUser.
// Loaded on demand, through auth.ts: the sign-in page paints before the SDK has downloaded.
import {
  type ActionCodeSettings,
  type AuthCredential,
  type AuthProvider,
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  getRedirectResult,
  GoogleAuthProvider,
  linkWithCredential,
  OAuthProvider,
  onIdTokenChanged,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  reload,
  SAMLAuthProvider,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signInWithPopup,
  signInWithRedirect,
  type User,
} from 'firebase/auth';
import type { SendCodeResponse, SingleSignOnForEmailResponse, VerifyCodeResponse } from '@charta/contract';
import { reportAccountEvent, reportSignOut } from '@/data/activity';
import { api } from '@/lib/api';
import { getFirebaseAuth, signOutQuietly } from '@/lib/firebase';
import type { SignedInUser } from '@/types/user';
import { firebaseErrorCode } from './auth-errors';
import { recordVerificationSent } from './resend-throttle';
import { popupFallsBackToRedirect, popupWasDismissed, prefersRedirect, REDIRECT_PENDING_KEY, ssoProtocolOf } from './sign-in-methods';

function toSignedInUser(user: User): SignedInUser {
  return { uid: user.uid, email: user.email, emailVerified: user.emailVerified };
}

/**
 * The signed-in user, told again whenever their ID token changes (sign-in, sign-out, refresh), not only
 * when someone signs in or out: that is how a verified email shows up without signing in again
 * (refreshVerification reloads the user, then refreshes the token).
 */
export function subscribeToSignedInUser(listener: (user: SignedInUser | null) => void): () => void {
  return onIdTokenChanged(getFirebaseAuth(), (user) => listener(user ? toSignedInUser(user) : null));
}

/** Firebase's answers to a password that is wrong (or an address it will not say has no account), or a locked account. */
const CREDENTIALS_REFUSED = new Set(['auth/wrong-password', 'auth/user-not-found', 'auth/invalid-credential', 'auth/invalid-login-credentials', 'auth/too-many-requests', 'auth/user-disabled']);

/**
 * Password sign-in through Firebase Auth, which the API never sees: a refused one is reported to the audit
 * trail (recorded for the address's account, if there is one), then thrown on as before. A network failure
 * is no sign-in attempt the account's owner needs to know of.
 */
async function passwordSignIn(email: string, password: string) {
  try {
    return await signInWithEmailAndPassword(getFirebaseAuth(), email, password);
  } catch (error) {
    if (CREDENTIALS_REFUSED.has(firebaseErrorCode(error) ?? '')) void reportAccountEvent('account.sign_in_failed', email);
    throw error;
  }
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  await passwordSignIn(email, password);
}

/**
 * Where an emailed link's page (/auth/action, EmailActionPage) sends the user on: this app, at the origin it
 * is open at (locally the mail catcher also opens the page there: localhost and 127.0.0.1 both work).
 */
function continueAt(path: string): ActionCodeSettings {
  return { url: `${window.location.origin}${path}` };
}

export async function signUpWithPassword(email: string, password: string): Promise<void> {
  const { user } = await createUserWithEmailAndPassword(getFirebaseAuth(), email, password);
  try {
    await sendEmailVerification(user, continueAt('/'));
    recordVerificationSent(user.uid);
  } catch (error) {
    // The account exists and is signed in; the shell offers to resend the link, so this is not fatal.
    console.error('Sending the verification email failed', error);
  }
}

export async function resendVerificationEmail(): Promise<void> {
  const user = getFirebaseAuth().currentUser;
  if (user) await sendEmailVerification(user, continueAt('/'));
}

/**
 * Asks the Auth service whether the signed-in user has verified their email since they signed in. Once
 * they have, the ID token is refreshed, so the API (which reads `email_verified` from the token) sees it
 * at once, and the token listener tells the app. Answers whether the email is verified now.
 */
export async function refreshVerification(): Promise<boolean> {
  const user = getFirebaseAuth().currentUser;
  if (!user) return false;
  if (user.emailVerified) return true;
  await reload(user);
  if (!user.emailVerified) return false;
  await user.getIdToken(true);
  return true;
}

/** The same answer whether or not the address has an account, so the form cannot be used to probe for one. */
export async function sendPasswordReset(email: string): Promise<void> {
  try {
    await sendPasswordResetEmail(getFirebaseAuth(), email, continueAt('/sign-in'));
  } catch (error) {
    // Without email-enumeration protection Firebase still says user-not-found; the user sees "sent" alike.
    if (firebaseErrorCode(error) !== 'auth/user-not-found') throw error;
  }
  // Firebase sends the reset mail itself; the audit trail hears of it from here.
  void reportAccountEvent('account.password_reset_requested', email);
}

// --- Google and single sign-on -------------------------------------------------------------------------

/** How a provider sign-in ended, for the page to act on. */
export type ProviderSignInOutcome =
  | { kind: 'signed-in' }
  /** The page is leaving for the provider; the sign-in completes when it comes back. */
  | { kind: 'redirecting' }
  /** The user closed the popup: nothing to say. */
  | { kind: 'dismissed' }
  /** The email already has a password account: sign in with it, then linkPendingCredential. */
  | { kind: 'needs-password'; email: string; pendingCredential: AuthCredential };

function googleProvider(): GoogleAuthProvider {
  const provider = new GoogleAuthProvider();
  // The spec: always ask which Google account, so a shared or family computer never signs in the wrong one.
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

function ssoProvider(providerId: string): AuthProvider {
  return ssoProtocolOf(providerId) === 'saml' ? new SAMLAuthProvider(providerId) : new OAuthProvider(providerId);
}

function credentialFromError(providerId: string, error: unknown): AuthCredential | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const firebaseError = error as Parameters<typeof GoogleAuthProvider.credentialFromError>[0];
  if (providerId === GoogleAuthProvider.PROVIDER_ID) return GoogleAuthProvider.credentialFromError(firebaseError);
  if (providerId.startsWith('saml.')) return SAMLAuthProvider.credentialFromError(firebaseError);
  return OAuthProvider.credentialFromError(firebaseError);
}

function emailFromError(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('customData' in error)) return null;
  const data = error.customData;
  return typeof data === 'object' && data !== null && 'email' in data && typeof data.email === 'string' ? data.email : null;
}

/** A provider's failure as an outcome the page can act on, or the error itself to describe. */
function outcomeOfFailure(providerId: string, error: unknown): ProviderSignInOutcome {
  const code = firebaseErrorCode(error);
  if (popupWasDismissed(code)) return { kind: 'dismissed' };
  if (code === 'auth/account-exists-with-different-credential') {
    const email = emailFromError(error);
    const pendingCredential = credentialFromError(providerId, error);
    if (email && pendingCredential) return { kind: 'needs-password', email, pendingCredential };
  }
  throw error;
}

async function signInWithProvider(provider: AuthProvider): Promise<ProviderSignInOutcome> {
  const auth = getFirebaseAuth();
  const redirect = async (): Promise<ProviderSignInOutcome> => {
    sessionStorage.setItem(REDIRECT_PENDING_KEY, provider.providerId);
    await signInWithRedirect(auth, provider, browserPopupRedirectResolver);
    return { kind: 'redirecting' };
  };
  const userAgentData = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  if (prefersRedirect({ userAgent: navigator.userAgent, mobile: userAgentData?.mobile })) return redirect();
  try {
    await signInWithPopup(auth, provider, browserPopupRedirectResolver);
    return { kind: 'signed-in' };
  } catch (error) {
    if (popupFallsBackToRedirect(firebaseErrorCode(error))) return redirect();
    return outcomeOfFailure(provider.providerId, error);
  }
}

export function signInWithGoogle(): Promise<ProviderSignInOutcome> {
  return signInWithProvider(googleProvider());
}

export function signInWithSso(providerId: string): Promise<ProviderSignInOutcome> {
  return signInWithProvider(ssoProvider(providerId));
}

/**
 * The clinic provider an address signs in with, when its domain is a clinic's (docs/clinics.md "Single sign-on
 * by domain"); null for any other address, and when the question cannot be asked (offline, the API down or
 * slow): the sign-in then goes on as typed, and a clinic that allows only its provider refuses it on the server.
 */
export async function singleSignOnProviderFor(email: string): Promise<string | null> {
  const asked = api
    .post<SingleSignOnForEmailResponse>('/auth/sso_for_email', { email }, { anonymous: true })
    .then((answer) => answer.providerId)
    .catch(() => null);
  // A slow answer does not hold the sign-in up for long either.
  const waited = new Promise<null>((resolve) => setTimeout(() => resolve(null), SSO_LOOKUP_WAIT_MS));
  return Promise.race([asked, waited]);
}

/** How long sign-in waits to hear whether an address signs in with its clinic's single sign-on. */
const SSO_LOOKUP_WAIT_MS = 5000;

/**
 * After coming back from a provider's redirect: null when no redirect was started here. This call finishes
 * the sign-in (Auth starts without the popup/redirect resolver, lib/firebase, so the SDK does not on its
 * own) and tells what it cannot do alone (the email already has a password account).
 */
export async function completeProviderRedirect(): Promise<ProviderSignInOutcome | null> {
  const providerId = sessionStorage.getItem(REDIRECT_PENDING_KEY);
  if (!providerId) return null;
  sessionStorage.removeItem(REDIRECT_PENDING_KEY);
  try {
    const result = await getRedirectResult(getFirebaseAuth(), browserPopupRedirectResolver);
    return result ? { kind: 'signed-in' } : null;
  } catch (error) {
    return outcomeOfFailure(providerId, error);
  }
}

/**
 * Password sign-in that also links a provider waiting for it (Google on an email that had a password
 * account), so either way in works from then on. A failed link leaves the user signed in: it is logged.
 */
export async function signInWithPasswordAndLink(email: string, password: string, pendingCredential: AuthCredential | null): Promise<void> {
  const { user } = await passwordSignIn(email, password);
  if (!pendingCredential) return;
  try {
    await linkWithCredential(user, pendingCredential);
  } catch (error) {
    console.error('Linking the provider after password sign-in failed', firebaseErrorCode(error) ?? 'unknown');
  }
}

// --- One-time codes by email (API: POST /auth/send-code, POST /auth/verify-code) -------------------------

/** 202 whatever the email; a 429 comes back as an ApiError with retryAfterSeconds. */
export async function sendSignInCode(email: string): Promise<void> {
  await api.post<SendCodeResponse>('/auth/send-code', { email }, { anonymous: true });
}

export async function signInWithCode(email: string, code: string): Promise<void> {
  const { customToken } = await api.post<VerifyCodeResponse>('/auth/verify-code', { email, code }, { anonymous: true });
  await signInWithCustomToken(getFirebaseAuth(), customToken);
}

// --- Confirming one's identity again (account deletion needs a recent sign-in) -------------------------

/** The ways the signed-in user can confirm it is them: their password, a provider's popup, or a code. */
export interface ReauthenticationOptions {
  email: string | null;
  password: boolean;
  /** Provider ids linked to the account that can be confirmed in a popup (google.com, oidc.*, saml.*). */
  providers: string[];
}

export function reauthenticationOptions(): ReauthenticationOptions {
  const user = getFirebaseAuth().currentUser;
  const linked = user?.providerData.map((info) => info.providerId) ?? [];
  return {
    email: user?.email ?? null,
    password: linked.includes(EmailAuthProvider.PROVIDER_ID),
    providers: linked.filter((id) => id === GoogleAuthProvider.PROVIDER_ID || id.startsWith('oidc.') || id.startsWith('saml.')),
  };
}

function requireUser(): User {
  const user = getFirebaseAuth().currentUser;
  if (!user) throw Object.assign(new Error('Not signed in'), { code: 'auth/user-token-expired' });
  return user;
}

export async function reauthenticateWithPassword(password: string): Promise<void> {
  const user = requireUser();
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', password));
}

export async function reauthenticateWithProvider(providerId: string): Promise<void> {
  const provider = providerId === GoogleAuthProvider.PROVIDER_ID ? googleProvider() : ssoProvider(providerId);
  await reauthenticateWithPopup(requireUser(), provider, browserPopupRedirectResolver);
}

/**
 * A code sent to the account's email signs in afresh as the same user (the API makes the token for the
 * account with that email), which is what the server's recent-sign-in check needs.
 */
export async function reauthenticateWithCode(code: string): Promise<void> {
  const user = requireUser();
  const email = user.email ?? '';
  const { customToken } = await api.post<VerifyCodeResponse>('/auth/verify-code', { email, code }, { anonymous: true });
  const { user: confirmed } = await signInWithCustomToken(getFirebaseAuth(), customToken);
  if (confirmed.uid !== user.uid) {
    // The code signed in someone else: never leave them signed in in place of the user who asked.
    await signOutQuietly();
    throw Object.assign(new Error('Another account'), { code: 'auth/user-mismatch' });
  }
}

/**
 * Signing out, reported to the audit trail first (with the token that is about to go). `report: false` after
 * deleting the account: its token is no longer accepted, and the trail has the deletion.
 */
export async function signOutUser({ report = true }: { report?: boolean } = {}): Promise<void> {
  if (report && getFirebaseAuth().currentUser) await reportSignOut();
  await signOutQuietly();
}
