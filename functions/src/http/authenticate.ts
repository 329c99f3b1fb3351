import type { RequestHandler } from 'express';
import { TokenRejectedError, type IdentityProvider } from '../identity/identity-provider.js';
import { errorCodeOf, logCode, type Logger } from '../logging/logger.js';
import { logIdentityUnavailable, logTokenRejected } from '../logging/log-events.js';
import { unauthenticated, unavailable } from './errors.js';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/;

/** Verifies `Authorization: Bearer <Firebase ID token>` and puts the caller on the request; 401 otherwise. */
export function authenticate(identity: IdentityProvider, logger: Logger): RequestHandler {
  return async (req, _res, next) => {
    const header = req.get('authorization');
    if (!header) throw unauthenticated('Missing Authorization header: send "Bearer <ID token>"');
    const token = BEARER.exec(header.trim())?.[1];
    if (!token) throw unauthenticated('Malformed Authorization header: expected "Bearer <ID token>"');
    try {
      req.caller = await identity.verifyIdToken(token);
    } catch (err) {
      if (err instanceof TokenRejectedError) {
        logTokenRejected(logger, { requestId: req.requestId, reason: logCode(err.reason) });
        throw unauthenticated(
          err.reason === 'expired' ? 'Your sign-in has expired; sign in again' : 'Your sign-in is no longer valid; sign in again',
        );
      }
      // The identity service could not be asked (network, quota): not the caller's fault, so not a 401.
      logIdentityUnavailable(logger, { requestId: req.requestId, errorCode: errorCodeOf(err) });
      throw unavailable();
    }
    next();
  };
}

