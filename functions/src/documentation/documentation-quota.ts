import { PLAN_LIMIT_FIELD } from '@charta/contract';
import { ApiError } from '../http/errors.js';

/**
 * How many documentations a user may still have written: a port that billing fills in (the free plan's
 * monthly limit, billing/plan-limits/). Asked before a NEW documentation is written (the pipeline, a first
 * regeneration, /creation); rewriting one a session already has is never refused, as it is counted once.
 */
export interface DocumentationQuota {
  /** Null if `uid` may have a new documentation written now; else why not, in words the clinician can act on. */
  refusalFor(uid: string): Promise<string | null>;
}

/** No limit: for tests and tools that build a pipeline without billing. */
export const UNLIMITED_DOCUMENTATION: DocumentationQuota = { refusalFor: () => Promise.resolve(null) };

/** The 403 a refused request answers: `permission_denied` naming the field `plan`, as the contract says. */
export function planLimitReached(message: string): ApiError {
  return new ApiError('permission_denied', message, PLAN_LIMIT_FIELD);
}
