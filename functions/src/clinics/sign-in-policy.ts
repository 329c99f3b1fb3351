import type { RequestHandler } from 'express';
import { signInMethodNotAllowed } from '../http/errors.js';
import { callerOf } from '../http/request-context.js';
import type { ClinicService } from './clinic-service.js';

/**
 * Routes a member whose sign-in method their clinic does not allow may still call (docs/clinics.md "Policies"),
 * keyed by method and path under /api/v1 as route-roles.ts is:
 * - `GET /clinic`: the clinic page, whose policy says why they were refused and which methods to use;
 * - `POST /audit/event`: what the app reports itself, so the sign-out that follows is in their trail.
 * Nothing else, not even leaving the clinic: leaving lifts the policy, so it needs a sign-in the policy trusts.
 */
export const SIGN_IN_POLICY_EXEMPT: ReadonlySet<string> = new Set(['GET /clinic', 'POST /audit/event']);

/**
 * After `authenticate`: the caller's clinic, read from Firestore on this request (a policy set a moment ago
 * counts, with the same ID token), refuses a token made by a sign-in method it does not allow with 403
 * `sign_in_method_not_allowed` and a sentence naming the allowed methods.
 */
export function enforceSignInPolicy(clinics: ClinicService, apiBase: string): RequestHandler {
  return async (req, res, next) => {
    // Several routers share a prefix (/session has six), each behind the same middleware: a request that falls
    // through to the next is checked once, not once per router.
    if (res.locals[CHECKED] === true) return next();
    const path = `${req.baseUrl.slice(apiBase.length)}${req.path === '/' ? '' : req.path}`;
    if (SIGN_IN_POLICY_EXEMPT.has(`${req.method} ${path}`)) return next();
    const refusal = await clinics.signInRefusalFor(callerOf(req));
    if (refusal) throw signInMethodNotAllowed(refusal);
    res.locals[CHECKED] = true;
    next();
  };
}

const CHECKED = 'signInPolicyChecked';
