import { randomBytes } from 'node:crypto';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import { TokenRejectedError, type AccountRecord, type CallerIdentity, type IdentityProvider } from './identity-provider.js';

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
          signedInAt: new Date(decoded.auth_time * 1000),
          signInMethod: typeof decoded.firebase.sign_in_provider === 'string' ? decoded.firebase.sign_in_provider : null,
        };
      } catch (err) {
        const reason = REJECTION_BY_CODE[errorCode(err) ?? ''];
        if (reason) throw new TokenRejectedError(reason);
        throw err;
      }
    },

    async accountOf(uid: string): Promise<AccountRecord | null> {
      try {
        const user = await auth.getUser(uid);
        return { uid: user.uid, email: user.email ?? null, emailVerified: user.emailVerified, createdAt: new Date(user.metadata.creationTime) };
      } catch (err) {
        if (errorCode(err) === 'auth/user-not-found') return null;
        throw err;
      }
    },

    async uidOfEmail(email: string): Promise<string | null> {
      try {
        return (await auth.getUserByEmail(email)).uid;
      } catch (err) {
        if (errorCode(err) === 'auth/user-not-found') return null;
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

    async customTokenForVerifiedEmail(email: string) {
      const { user, created } = await findOrCreateVerified(auth, email);
      if (!user.emailVerified) await takeOverUnverified(auth, user);
      // Deployed, the Admin SDK signs with the function's service account (it needs the Service Account
      // Token Creator role on itself); on the Auth emulator the token is unsigned, which the emulator accepts.
      return { uid: user.uid, customToken: await auth.createCustomToken(user.uid), created };
    },
  };
}

async function findOrCreateVerified(auth: Auth, email: string): Promise<{ user: UserRecord; created: boolean }> {
  try {
    return { user: await auth.getUserByEmail(email), created: false };
  } catch (err) {
    if (errorCode(err) !== 'auth/user-not-found') throw err;
  }
  try {
    return { user: await auth.createUser({ email, emailVerified: true }), created: true };
  } catch (err) {
    // Made in the meantime (a sign-up racing this one): use it.
    if (errorCode(err) === 'auth/email-already-exists') return { user: await auth.getUserByEmail(email), created: false };
    throw err;
  }
}

/**
 * An account whose email nobody has proved yet, now proved by the code: verify it, and if it has a
 * password, replace that with a random one and end its sessions. Otherwise whoever registered the address
 * first (possibly not its owner) would keep a way into an account that will hold the owner's patient data.
 * Firebase does the same when a Google sign-in meets an unverified password account. The owner can set a
 * password again with "Forgot password".
 */
async function takeOverUnverified(auth: Auth, user: UserRecord): Promise<void> {
  const hasPassword = user.providerData.some((p) => p.providerId === 'password');
  await auth.updateUser(user.uid, { emailVerified: true, ...(hasPassword ? { password: randomBytes(32).toString('base64url') } : {}) });
  if (hasPassword) await auth.revokeRefreshTokens(user.uid);
}
