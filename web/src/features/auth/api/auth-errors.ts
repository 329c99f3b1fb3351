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
};

function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

export function describeAuthError(error: unknown): AuthErrorDescription {
  const code = errorCode(error);
  return (code && DESCRIPTIONS[code]) || { message: 'Something went wrong. Please try again.' };
}
