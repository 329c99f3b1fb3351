/** Who is calling, as established from a verified ID token. */
export interface CallerIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** When the caller last signed in (the token's `auth_time`), not when the token was refreshed. */
  signedInAt: Date;
  /** How they signed in (the token's `firebase.sign_in_provider`: `password`, `google.com`, `custom`...). */
  signInMethod: string | null;
}

/** What the identity service holds of an account, read by its uid (not from a caller's token). */
export interface AccountRecord {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** When the sign-in account was made (not its profile, which is made on its first request). */
  createdAt: Date;
}

/** Why a token was refused; all of these answer 401. */
export class TokenRejectedError extends Error {
  constructor(readonly reason: 'expired' | 'revoked' | 'malformed' | 'user_disabled' | 'user_not_found' | 'invalid') {
    super(`token rejected: ${reason}`);
    this.name = 'TokenRejectedError';
  }
}

/** The identity service (Firebase Auth in deployment and on the Auth emulator). */
export interface IdentityProvider {
  /** Verifies signature, expiry and revocation. Throws TokenRejectedError for a token that must not pass. */
  verifyIdToken(token: string): Promise<CallerIdentity>;
  /** The account as the identity service holds it now; null if there is none (deleted). */
  accountOf(uid: string): Promise<AccountRecord | null>;
  /** The uid of the account with this email (trimmed, lower-cased), or null if there is none. */
  uidOfEmail(email: string): Promise<string | null>;
  /** Deletes the sign-in account; a missing account is not an error (deletion is retried safely). */
  deleteUser(uid: string): Promise<void>;
  /**
   * A custom token (for `signInWithCustomToken`) for the account with this email, which the caller has just
   * proved to read: the account is made with the email verified if there is none, and an unverified one is
   * verified (see the adapter for what that does to a password nobody proved).
   */
  customTokenForVerifiedEmail(email: string): Promise<{ uid: string; customToken: string; created: boolean }>;
}
