// Firebase reports failures as codes ("auth/wrong-password"); people need sentences, and a few belong
// next to a specific field.

export interface AuthErrorDescription {
  message: string;
  field?: 'email' | 'password';
}

const WRONG_CREDENTIALS = 'That email and password do not match an account. Check them and try again.';

const DESCRIPTIONS: Record<string, AuthErrorDescription> = {
  // With email-enumeration protection Firebase answers invalid-credential for both cases; the older codes
  // get the same sentence so the form never reveals whether an email has an account.
  'auth/wrong-password': { message: WRONG_CREDENTIALS },
  'auth/user-not-found': { message: WRONG_CREDENTIALS },
  'auth/invalid-credential': { message: WRONG_CREDENTIALS },
  'auth/invalid-login-credentials': { message: WRONG_CREDENTIALS },
  'auth/email-already-in-use': {
    message: 'An account with this email already exists. Sign in instead.',
    field: 'email',
  },
  'auth/too-many-requests': {
    message: 'Too many attempts. Please wait a few minutes before trying again.',
  },
  'auth/weak-password': { message: 'Choose a stronger password of at least 6 characters.', field: 'password' },
  'auth/invalid-email': { message: 'Enter a valid email address.', field: 'email' },
  'auth/missing-password': { message: 'Enter your password.', field: 'password' },
  'auth/user-disabled': { message: 'This account has been disabled. Contact support for help.' },
  'auth/network-request-failed': {
    message: 'Cannot reach the sign-in service. Check your internet connection and try again.',
  },
  // Google and single sign-on. A closed popup is normally not shown at all (sign-in-methods.ts); these
  // sentences are for the rare paths that do reach the user.
  'auth/popup-blocked': { message: 'Your browser blocked the sign-in window. Allow pop-ups for Charta, or try again.' },
  'auth/popup-closed-by-user': { message: 'The sign-in window was closed before you finished. Try again when you are ready.' },
  'auth/cancelled-popup-request': { message: 'Another sign-in window was opened. Finish signing in there.' },
  // Only reached by someone who just proved they own the address at Google, so saying that a Charta account
  // uses it tells an attacker nothing; the sign-in page explains how to link the two (SignInMethods).
  'auth/account-exists-with-different-credential': {
    message: 'You already have a Charta account with this email and a password. Sign in with your password to link Google to it.',
  },
  'auth/credential-already-in-use': { message: 'This Google account is already linked to another Charta account.' },
  // The browser extension's Firebase build has no popups or redirects (extension/src/firebase-auth.ts).
  'auth/operation-not-supported-in-this-environment': {
    message: 'Google and single sign-on do not work inside the extension. Sign in here with your email and password or a sign-in code: they open the same Charta account.',
  },
  'auth/operation-not-allowed': { message: 'This way of signing in is not turned on for Charta. Use another one.' },
  'auth/unauthorized-domain': { message: 'Signing in this way is not allowed from this address. Open Charta from its usual address.' },
  // Links from emails (verification, password reset).
  'auth/expired-action-code': { message: 'This link has expired. Ask for a new one.' },
  'auth/invalid-action-code': { message: 'This link is not valid any more: it may have been used already. Ask for a new one.' },
  // Confirming one's identity before deleting the account.
  'auth/requires-recent-login': { message: 'For your security, confirm it is you by signing in again.' },
  'auth/user-mismatch': { message: 'That is not the account you are signed in with. Confirm with the same account.' },
  // One-time codes end in a custom token; a broken one is the server's problem, not the user's.
  'auth/invalid-custom-token': { message: 'Signing in with the code failed on our side. Ask for a new code and try again.' },
  'auth/user-token-expired': { message: 'Your sign-in has expired. Please sign in again.' },
};

/** The `auth/...` code of a Firebase error; undefined for anything else. */
export function firebaseErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

export function describeAuthError(error: unknown): AuthErrorDescription {
  const code = firebaseErrorCode(error);
  return (code && DESCRIPTIONS[code]) || { message: 'Something went wrong. Please try again.' };
}
