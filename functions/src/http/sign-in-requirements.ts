import type { RequestHandler } from 'express';
import { EMAIL_NOT_VERIFIED_MESSAGE, RECENT_SIGN_IN_MAX_AGE_MS } from '@charta/contract';
import type { CallerIdentity } from '../identity/identity-provider.js';
import { permissionDenied, reauthenticationRequired } from './errors.js';
import { callerOf } from './request-context.js';

/**
 * Patient data is tied to an identity: routes that create sessions or documentation (or store patient
 * audio) go behind this. Read from the verified ID token's `email_verified`, never from the client's word.
 * An unverified account can still sign in, read and edit what it has, and set up its profile and templates.
 */
export const requireVerifiedEmail: RequestHandler = (req, _res, next) => {
  if (!callerOf(req).emailVerified) throw permissionDenied(EMAIL_NOT_VERIFIED_MESSAGE);
  next();
};

/**
 * For what cannot be undone (deleting the account): the caller signed in (not merely refreshed a token)
 * within RECENT_SIGN_IN_MAX_AGE_MS, by the token's `auth_time`. 403 `reauthentication_required` otherwise,
 * not 401, which would sign the app out: the app asks the user to confirm their identity and retries.
 */
export function assertRecentSignIn(caller: CallerIdentity, now: Date): void {
  if (now.getTime() - caller.signedInAt.getTime() > RECENT_SIGN_IN_MAX_AGE_MS) {
    throw reauthenticationRequired(`Confirm it is you: sign in again to delete your account (a sign-in within the last ${RECENT_SIGN_IN_MAX_AGE_MS / 60_000} minutes is needed)`);
  }
}
