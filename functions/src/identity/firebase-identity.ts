import type { Auth } from 'firebase-admin/auth';
import { TokenRejectedError, type CallerIdentity, type IdentityProvider } from './identity-provider.js';

const REJECTION_BY_CODE: Record<string, TokenRejectedError['reason']> = {
  'auth/id-token-expired': 'expired',
  'auth/id-token-revoked': 'revoked',
  'auth/argument-error': 'malformed',
  'auth/invalid-id-token': 'invalid',
  'auth/user-disabled': 'user_disabled',
  'auth/user-not-found': 'user_not_found',
};

function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err).code) : undefined;
}

/** Firebase Auth through the Admin SDK. Honours FIREBASE_AUTH_EMULATOR_HOST, so tests use the Auth emulator. */
export function firebaseIdentity(auth: Auth): IdentityProvider {
  return {
    async verifyIdToken(token: string): Promise<CallerIdentity> {
      try {
        // checkRevoked: a signed-out-everywhere, disabled or deleted user must not keep access for the
        // remaining hour of an already issued token.
        const decoded = await auth.verifyIdToken(token, true);
        return {
          uid: decoded.uid,
          email: decoded.email ?? null,
          emailVerified: decoded.email_verified ?? false,
          name: typeof decoded['name'] === 'string' ? decoded['name'] : null,
        };
      } catch (err) {
        const reason = REJECTION_BY_CODE[errorCode(err) ?? ''];
        if (reason) throw new TokenRejectedError(reason);
        throw err;
      }
    },

    async deleteUser(uid: string): Promise<void> {
      try {
        await auth.deleteUser(uid);
      } catch (err) {
        if (errorCode(err) === 'auth/user-not-found') return;
        throw err;
      }
    },
  };
}
