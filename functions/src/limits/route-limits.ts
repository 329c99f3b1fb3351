import type { Request, RequestHandler, Response } from 'express';
import { ApiError } from '../http/errors.js';
import { callerOf } from '../http/request-context.js';
import type { LimitsConfig, RateLimitRule } from './limits-config.js';
import type { LimitSubject, RateLimiter } from './rate-limiter.js';

/** How many bytes of audio a user keeps stored (finished recordings and uploads in progress). */
export interface AudioStorageUsage {
  bytesStoredBy(uid: string): Promise<number>;
}

/**
 * The limits as route middleware, one per kind of cost. A route opts in with one line, e.g.
 * `router.post('/chat_with_session', limits.modelCall, handler)`; the per-user ones go after sign-in.
 */
export interface RouteLimits {
  /** Routes that call a model (Gemini or Speech-to-Text). */
  modelCall: RequestHandler;
  /** Routes that create a session. */
  sessionCreation: RequestHandler;
  /** Audio upload requests. */
  upload: RequestHandler;
  /** Refuses new audio once the user's stored audio reaches the cap. */
  audioStorage: RequestHandler;
  /** Routes without sign-in, counted per client address. */
  publicByAddress: RequestHandler;
  /** POST /auth/send-code, per client address (before the body is read). */
  codeSendByAddress: RequestHandler;
  /** POST /auth/send-code, per email address once the body is read (its keyed hash: see one-time-codes/). */
  codeSendByEmail: (emailKey: string, res: Response) => Promise<void>;
  /** POST /auth/verify-code, per client address. */
  codeVerifyByAddress: RequestHandler;
  /** POST /referral/lookup_customer_name, per client address (it is public, and names people). */
  referralLookupByAddress: RequestHandler;
  /** POST /template/published/report, per user. */
  libraryReport: RequestHandler;
  /** The /stripe routes (each asks Stripe), per user. */
  billingCall: RequestHandler;
  /** POST /session/live_transcript (polled while recording), per user. */
  liveTranscript: RequestHandler;
  /** POST /audit/event (what the browser reports to the audit trail), per user. */
  auditReport: RequestHandler;
  /** POST /audit/account_event (public: failed sign-ins, password resets), per client address. */
  auditAccountEventByAddress: RequestHandler;
  /** GET /audit/entries.csv, per user. */
  auditExport: RequestHandler;
  /** POST /export (Download my data), per user. */
  dataExport: RequestHandler;
  /** POST /clinic/invitations/create (each mails someone), per user. */
  clinicInvitation: RequestHandler;
}

const WHAT_IS_LIMITED: Record<RateLimitRule, string> = {
  modelCall: 'AI requests',
  sessionCreation: 'new sessions',
  upload: 'audio uploads',
  publicByAddress: 'requests',
  codeSendEmail: 'sign-in codes for this email',
  codeSendAddress: 'sign-in codes',
  codeVerifyAddress: 'sign-in code attempts',
  referralLookup: 'referral code lookups',
  libraryReport: 'reports of library templates',
  billingCall: 'billing requests',
  liveTranscript: 'transcript updates',
  auditReport: 'activity reports',
  auditAccountEvent: 'account event reports',
  auditExport: 'activity downloads',
  dataExport: 'data exports',
  clinicInvitation: 'clinic invitations',
};

function describeWindow(windowSec: number): string {
  if (windowSec % 86_400 === 0) return windowSec === 86_400 ? 'day' : `${windowSec / 86_400} days`;
  if (windowSec % 3_600 === 0) return windowSec === 3_600 ? 'hour' : `${windowSec / 3_600} hours`;
  if (windowSec % 60 === 0) return windowSec === 60 ? 'minute' : `${windowSec / 60} minutes`;
  return `${windowSec} seconds`;
}

/** The client's address as Express derives it under `trust proxy` (see app.ts); one bucket if none is known. */
const clientAddress = (req: Request): string => req.ip ?? 'unknown';

/** Counts one request against `rule` for `subject`; over the limit, a 429 with Retry-After. */
async function enforce(limiter: RateLimiter, rule: RateLimitRule, subject: LimitSubject, res: Response): Promise<void> {
  const decision = await limiter.consume(rule, subject);
  if (!decision.allowed) {
    // The one error handler keeps headers already set: Retry-After travels with the contract's 429 body.
    res.setHeader('Retry-After', String(decision.retryAfterSec));
    const { limit, windowSec } = decision.window;
    throw new ApiError(
      'rate_limited',
      `Too many ${WHAT_IS_LIMITED[rule]}: at most ${limit} per ${describeWindow(windowSec)}. Try again in ${decision.retryAfterSec} s.`,
    );
  }
}

function limitBy(limiter: RateLimiter, rule: RateLimitRule, subjectOf: (req: Request) => LimitSubject): RequestHandler {
  return async (req, res, next) => {
    await enforce(limiter, rule, subjectOf(req), res);
    next();
  };
}

export function routeLimits(limiter: RateLimiter, storage: AudioStorageUsage, config: LimitsConfig): RouteLimits {
  const perUser = (rule: RateLimitRule) => limitBy(limiter, rule, (req) => ({ kind: 'user', uid: callerOf(req).uid }));
  const capGb = (config.audioStorageBytesPerUser / 1024 ** 3).toFixed(1).replace(/\.0$/, '');
  return {
    modelCall: perUser('modelCall'),
    sessionCreation: perUser('sessionCreation'),
    upload: perUser('upload'),
    // A cap reached is not a rate: waiting does not help, deleting does. So 403 (the contract's answer for a
    // plan limit reached), not 429 with a Retry-After. Checked before a request is stored, so concurrent
    // uploads can pass it by at most one request's bytes each.
    audioStorage: async (req, _res, next) => {
      const stored = await storage.bytesStoredBy(callerOf(req).uid);
      if (stored >= config.audioStorageBytesPerUser) {
        throw new ApiError('permission_denied', `Audio storage is full (${capGb} GB): delete sessions you no longer need to upload more audio.`);
      }
      next();
    },
    publicByAddress: limitBy(limiter, 'publicByAddress', (req) => ({ kind: 'address', address: clientAddress(req) })),
    codeSendByAddress: limitBy(limiter, 'codeSendAddress', (req) => ({ kind: 'address', address: clientAddress(req) })),
    codeSendByEmail: (emailKey, res) => enforce(limiter, 'codeSendEmail', { kind: 'email', emailKey }, res),
    codeVerifyByAddress: limitBy(limiter, 'codeVerifyAddress', (req) => ({ kind: 'address', address: clientAddress(req) })),
    referralLookupByAddress: limitBy(limiter, 'referralLookup', (req) => ({ kind: 'address', address: clientAddress(req) })),
    libraryReport: perUser('libraryReport'),
    billingCall: perUser('billingCall'),
    liveTranscript: perUser('liveTranscript'),
    auditReport: perUser('auditReport'),
    auditAccountEventByAddress: limitBy(limiter, 'auditAccountEvent', (req) => ({ kind: 'address', address: clientAddress(req) })),
    auditExport: perUser('auditExport'),
    dataExport: perUser('dataExport'),
    clinicInvitation: perUser('clinicInvitation'),
  };
}
