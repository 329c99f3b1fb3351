// The API's error vocabulary: every non-2xx answer is `{ error: { code, message, field? } }`, and each code
// has one HTTP status. The API answers with these; the web app reads them (and falls back to the code of a
// status when a proxy answers in another shape). A status may carry a more precise code than its general
// one (403 `reauthentication_required` beside `permission_denied`): the general code is listed first and is
// what a bare status reads back as.

export const ERROR_CODES = [
  'invalid_argument',
  'unauthenticated',
  'permission_denied',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'unavailable',
  // 403, not 401: the caller is signed in (a 401 makes the web app sign out), but the action (deleting the
  // account) needs a sign-in more recent than RECENT_SIGN_IN_MAX_AGE_MS; the app asks them to sign in again.
  'reauthentication_required',
  // 409, beside `conflict`: an AI action (regenerate, customize) would replace text the clinician wrote; the
  // app asks, then sends it again with `confirmReplaceEdited: true` (field: REPLACES_EDITED_TEXT_FIELD).
  'replaces_edited_text',
  // 416: a Range asked of the session's audio (playback) starts past its end; Content-Range gives the size.
  'range_not_satisfiable',
  // 409, beside `conflict`: audio for a session without the patient's recorded consent, while the clinician's
  // "Ask for the patient's consent before recording" is on (docs/privacy.md "Consent"); field `consent`.
  'consent_required',
  // 410: what the route needs (the audio, the transcript) was deleted by the clinician's retention setting
  // (docs/privacy.md "Retention"); the session says when and under which setting.
  'deleted_by_retention',
  // 403, beside `permission_denied`: the caller's clinic allows other sign-in methods than the one their ID token
  // was made by (docs/clinics.md "Policies"); the message names the allowed ones. Signing in again with one of
  // them is the way on.
  'sign_in_method_not_allowed',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every non-2xx answer: `{ error: { code, message, field? } }`. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string };
}

/** The HTTP status each error code is sent with. */
export const ERROR_STATUS = {
  invalid_argument: 400,
  unauthenticated: 401,
  permission_denied: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  reauthentication_required: 403,
  replaces_edited_text: 409,
  range_not_satisfiable: 416,
  consent_required: 409,
  deleted_by_retention: 410,
  sign_in_method_not_allowed: 403,
} as const satisfies Record<ErrorCode, number>;

// The general code of each status: the first listed with it (reversed, so the first one written wins).
const CODE_BY_STATUS = new Map<number, ErrorCode>(ERROR_CODES.map((code) => [ERROR_STATUS[code], code] as const).reverse());

/**
 * The code the contract pairs with an HTTP status, for answers that are not in the contract's shape (a
 * proxy's HTML page, an empty 502): any other 5xx is `internal`; any other status has no code.
 */
export function errorCodeForStatus(status: number): ErrorCode | undefined {
  return CODE_BY_STATUS.get(status) ?? (status >= 500 ? 'internal' : undefined);
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
