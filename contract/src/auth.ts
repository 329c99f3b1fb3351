// Identity (docs/api.md "Sign-in by one-time code"): the one-time code routes' bodies and answers, the code's
// shape and lifetime, and what the API demands of a caller's sign-in before it creates patient data or
// deletes an account.
import { z } from 'zod';

/**
 * A one-time sign-in code: `length` digits, valid `validForMs` after it is sent, dead after
 * `maxWrongAttempts` wrong tries. Sending a new code replaces the previous one.
 */
export const ONE_TIME_CODE = {
  length: 6,
  validForMs: 10 * 60_000,
  maxWrongAttempts: 5,
} as const;

/**
 * How often codes may be sent to one address (per client address the API has its own limit): once a
 * minute, five times an hour. Over it: 429 with `Retry-After`, whether or not the email has an account.
 * The web app's resend button waits `minIntervalMs`.
 */
export const ONE_TIME_CODE_SEND_LIMITS = {
  minIntervalMs: 60_000,
  perHour: 5,
} as const;

/**
 * An email address as Firebase Auth compares them: trimmed and lower-cased (it stores them lower-cased), so
 * `Ann@Example.org ` and `ann@example.org` are one address for codes and their throttles. 254 is the
 * longest address SMTP can carry.
 */
export const emailAddress = z.string().trim().toLowerCase().max(254, 'must be at most 254 characters').pipe(z.email('must be an email address'));

export const sendCodeBody = z.strictObject({ email: emailAddress });

export type SendCodeBody = z.infer<typeof sendCodeBody>;

/** 202, the same for every well-formed email: it never tells whether the address has an account. */
export interface SendCodeResponse {
  sent: true;
}

export const verifyCodeBody = z.strictObject({
  email: emailAddress,
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^[0-9]{${ONE_TIME_CODE.length}}$`), `must be the ${ONE_TIME_CODE.length} digits from the email`),
});

export type VerifyCodeBody = z.infer<typeof verifyCodeBody>;

/** A Firebase custom token for `signInWithCustomToken`. */
export interface VerifyCodeResponse {
  customToken: string;
}

/**
 * The one answer (400 `invalid_argument`, field `code`) to a code that is wrong, expired, already used,
 * replaced or locked after too many tries, so an answer tells an attacker nothing about which it was.
 */
export const INVALID_ONE_TIME_CODE_MESSAGE = 'That code is not valid: check the latest email or ask for a new code';

/**
 * The 403 `permission_denied` message for an account whose email is not verified yet, when it tries to
 * create sessions or documentation (checked on the server from the ID token's `email_verified`). The web
 * app may match it to offer "resend the verification email".
 */
export const EMAIL_NOT_VERIFIED_MESSAGE = 'Verify your email first: open the link in the verification email we sent you';

/**
 * Deleting the account needs a sign-in at most this old (the ID token's `auth_time`); an older one answers
 * 403 `reauthentication_required`, and the web app asks the user to confirm their identity again (Firebase
 * `reauthenticateWithCredential` / `reauthenticateWithPopup`) and retries with the fresh token.
 */
export const RECENT_SIGN_IN_MAX_AGE_MS = 5 * 60_000;
