import { ONE_TIME_CODE_SEND_LIMITS } from '@charta/contract';

/**
 * What the API limits, and how much. Each limit is counted in fixed windows ("20 per minute and 400 per day"),
 * set by an environment variable in the form `20/1m,400/1d` (units s, m, h, d), with the defaults below.
 * The test stack sets generous values of its own; a focused suite passes tight ones to the in-process app.
 */

/** One counting window: at most `limit` requests per `windowSec` seconds. */
export interface LimitWindow {
  limit: number;
  windowSec: number;
}

/** The counted limits. A request is refused when any of its rule's windows is full. */
export const RATE_LIMIT_RULES = ['modelCall', 'sessionCreation', 'upload', 'publicByAddress', 'codeSendEmail', 'codeSendAddress', 'codeVerifyAddress', 'referralLookup', 'libraryReport', 'billingCall', 'liveTranscript', 'auditReport', 'auditAccountEvent', 'auditExport', 'dataExport', 'clinicInvitation'] as const;
export type RateLimitRule = (typeof RATE_LIMIT_RULES)[number];

export interface LimitsConfig {
  rates: Record<RateLimitRule, readonly LimitWindow[]>;
  /** Audio a user may keep stored (uploads in progress and finished recordings), in bytes. */
  audioStorageBytesPerUser: number;
}

/** The environment variable each rule reads. */
export const RATE_LIMIT_ENV: Record<RateLimitRule, string> = {
  modelCall: 'RATE_LIMIT_MODEL_CALLS',
  sessionCreation: 'RATE_LIMIT_SESSION_CREATION',
  upload: 'RATE_LIMIT_UPLOADS',
  publicByAddress: 'RATE_LIMIT_PUBLIC',
  codeSendEmail: 'RATE_LIMIT_CODE_SEND_EMAIL',
  codeSendAddress: 'RATE_LIMIT_CODE_SEND_ADDRESS',
  codeVerifyAddress: 'RATE_LIMIT_CODE_VERIFY_ADDRESS',
  referralLookup: 'RATE_LIMIT_REFERRAL_LOOKUP',
  libraryReport: 'RATE_LIMIT_LIBRARY_REPORTS',
  billingCall: 'RATE_LIMIT_BILLING_CALLS',
  liveTranscript: 'RATE_LIMIT_LIVE_TRANSCRIPT',
  auditReport: 'RATE_LIMIT_AUDIT_REPORTS',
  auditAccountEvent: 'RATE_LIMIT_AUDIT_ACCOUNT_EVENTS',
  auditExport: 'RATE_LIMIT_AUDIT_EXPORTS',
  dataExport: 'RATE_LIMIT_DATA_EXPORTS',
  clinicInvitation: 'RATE_LIMIT_CLINIC_INVITATIONS',
};

export const AUDIO_STORAGE_CAP_ENV = 'AUDIO_STORAGE_CAP_MB';

/**
 * Defaults, per user unless said otherwise:
 * - modelCall: every route that calls Gemini or Speech-to-Text (chat, magic edits, regenerations, customize,
 *   previews, template helpers, /creation, /session/process). A busy clinician uses a few per note; 20 a
 *   minute absorbs bursts of editing, 400 a day is a very heavy day, and both stop a script.
 * - sessionCreation: create_session and /creation. 10 a minute, 200 a day is far above a clinic day.
 * - upload: upload_audio requests. The recorder sends a chunk every 2 s (30 a minute); 120 a minute lets a
 *   queue built up offline catch up at 4 chunks a second (the web app retries a 429 after Retry-After).
 * - publicByAddress: routes without sign-in (GET /health), per client address.
 * - codeSendEmail: sign-in codes sent to one address (the contract's ONE_TIME_CODE_SEND_LIMITS: 1 a
 *   minute, 5 an hour), so nobody floods someone's inbox; counted whether or not the address has an account.
 * - codeSendAddress: sign-in codes asked for by one client address, whatever the email: 20 a minute, 200
 *   an hour, room for a clinic behind one NAT, not for a script mailing a list of addresses.
 * - codeVerifyAddress: code guesses from one client address: 30 a minute, 300 an hour. Each code dies after
 *   5 wrong tries anyway; this bounds guessing spread over many addresses' codes.
 * - referralLookup: POST /referral/lookup_customer_name, per client address: 10 a minute, 50 a day. A
 *   sign-up page asks once; this keeps anyone from walking the code space to collect names.
 * - libraryReport: POST /template/published/report, per user: 10 an hour, 30 a day. A clinician reports
 *   the odd entry; this keeps one account from filing reports across the whole library.
 * - billingCall: the /stripe routes, per user; each asks Stripe (a Checkout Session, a portal session, the
 *   balance). The billing page asks a few times a visit: 30 a minute, 300 a day; a script looping on them
 *   would otherwise spend the Stripe account's own request rate, which every user's billing shares.
 * - liveTranscript: POST /session/live_transcript, per user. A view asks every 2.5 s (24 a minute) while
 *   recording and after Stop: 120 a minute is five views at once; each answer reads only the windows made
 *   since the caller's last one, so polling costs little.
 * - auditReport: POST /audit/event, per user: what the browser reports (a copy, a print, a filled page, a
 *   sign-out). A clinician copies a few times a note: 60 a minute, 1,000 a day; a script cannot fill the trail.
 * - auditAccountEvent: POST /audit/account_event, per client address (it is public): failed sign-ins and
 *   password resets as a person types them, 10 a minute, 100 an hour; no one floods an account's trail.
 * - auditExport: GET /audit/entries.csv, per user: 10 an hour. Each reads the whole filtered trail.
 * - dataExport: POST /export (Download my data), per user: 3 an hour, 10 a day. Each reads the whole account
 *   and its audio into a new archive; a clinician needs one now and then, and a retry of one under way is
 *   answered with it (and still counted).
 * - clinicInvitation: POST /clinic/invitations/create, per user: each mails an address someone typed, so 20 an
 *   hour and 100 a day: a practice's staff in an afternoon, not a mailing list (docs/clinics.md).
 * - audio storage: 10 GB, about 700 hours of the recorder's Opus or 90 hours of 16 kHz WAV.
 */
export const DEFAULT_LIMITS: LimitsConfig = {
  rates: {
    modelCall: [
      { limit: 20, windowSec: 60 },
      { limit: 400, windowSec: 86_400 },
    ],
    sessionCreation: [
      { limit: 10, windowSec: 60 },
      { limit: 200, windowSec: 86_400 },
    ],
    upload: [{ limit: 120, windowSec: 60 }],
    publicByAddress: [{ limit: 60, windowSec: 60 }],
    codeSendEmail: [
      { limit: 1, windowSec: ONE_TIME_CODE_SEND_LIMITS.minIntervalMs / 1000 },
      { limit: ONE_TIME_CODE_SEND_LIMITS.perHour, windowSec: 3_600 },
    ],
    codeSendAddress: [
      { limit: 20, windowSec: 60 },
      { limit: 200, windowSec: 3_600 },
    ],
    codeVerifyAddress: [
      { limit: 30, windowSec: 60 },
      { limit: 300, windowSec: 3_600 },
    ],
    referralLookup: [
      { limit: 10, windowSec: 60 },
      { limit: 50, windowSec: 86_400 },
    ],
    libraryReport: [
      { limit: 10, windowSec: 3_600 },
      { limit: 30, windowSec: 86_400 },
    ],
    billingCall: [
      { limit: 30, windowSec: 60 },
      { limit: 300, windowSec: 86_400 },
    ],
    liveTranscript: [{ limit: 120, windowSec: 60 }],
    auditReport: [
      { limit: 60, windowSec: 60 },
      { limit: 1_000, windowSec: 86_400 },
    ],
    auditAccountEvent: [
      { limit: 10, windowSec: 60 },
      { limit: 100, windowSec: 3_600 },
    ],
    auditExport: [{ limit: 10, windowSec: 3_600 }],
    dataExport: [
      { limit: 3, windowSec: 3_600 },
      { limit: 10, windowSec: 86_400 },
    ],
    clinicInvitation: [
      { limit: 20, windowSec: 3_600 },
      { limit: 100, windowSec: 86_400 },
    ],
  },
  audioStorageBytesPerUser: 10 * 1024 * 1024 * 1024,
};

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400 };

/** Parses `20/1m,400/1d`; throws with the variable's name on anything else, so a typo fails the deploy's start. */
export function parseLimitWindows(value: string, name: string): LimitWindow[] {
  const windows = value.split(',').map((part) => {
    const match = /^\s*(\d+)\s*\/\s*(\d*)\s*([smhd])\s*$/.exec(part);
    const limit = Number(match?.[1]);
    const windowSec = Number(match?.[2] || 1) * (UNIT_SECONDS[match?.[3] ?? ''] ?? NaN);
    if (!match || !Number.isSafeInteger(limit) || limit < 1 || !Number.isSafeInteger(windowSec) || windowSec < 1) {
      throw new Error(`${name} must look like "20/1m,400/1d" (a count per window of s, m, h or d), not "${value}"`);
    }
    return { limit, windowSec };
  });
  return windows;
}

export function limitsConfigFromEnv(env: NodeJS.ProcessEnv): LimitsConfig {
  const rates = { ...DEFAULT_LIMITS.rates };
  for (const rule of RATE_LIMIT_RULES) {
    const value = env[RATE_LIMIT_ENV[rule]];
    if (value) rates[rule] = parseLimitWindows(value, RATE_LIMIT_ENV[rule]);
  }
  const capMb = env[AUDIO_STORAGE_CAP_ENV];
  let audioStorageBytesPerUser = DEFAULT_LIMITS.audioStorageBytesPerUser;
  if (capMb) {
    const mb = Number(capMb);
    if (!Number.isSafeInteger(mb) || mb < 1) throw new Error(`${AUDIO_STORAGE_CAP_ENV} must be a whole number of megabytes, not "${capMb}"`);
    audioStorageBytesPerUser = mb * 1024 * 1024;
  }
  return { rates, audioStorageBytesPerUser };
}
