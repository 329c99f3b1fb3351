import { CONSENT_REQUIRED_FIELD, ERROR_STATUS, REPLACES_EDITED_TEXT_FIELD, type ErrorBody, type ErrorCode } from '@charta/contract';

export type { ErrorBody, ErrorCode };

/**
 * The contract's error vocabulary (codes, their statuses and the body are @charta/contract's). Domain code
 * throws these; the one error handler turns them into `{ error: { code, message, field? } }` with the
 * code's status.
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) } };
  }
}

export const invalidArgument = (message: string, field?: string) => new ApiError('invalid_argument', message, field);
export const unauthenticated = (message = 'Sign in to continue') => new ApiError('unauthenticated', message);
export const permissionDenied = (message: string) => new ApiError('permission_denied', message);
export const notFound = (message: string) => new ApiError('not_found', message);
export const conflict = (message: string, field?: string) => new ApiError('conflict', message, field);
export const payloadTooLarge = (message: string) => new ApiError('payload_too_large', message);
export const unsupportedMediaType = (message: string) => new ApiError('unsupported_media_type', message);
export const unavailable = (message = 'A service Charta depends on is unavailable; try again shortly') =>
  new ApiError('unavailable', message);
export const reauthenticationRequired = (message: string) => new ApiError('reauthentication_required', message);
export const rangeNotSatisfiable = (message: string) => new ApiError('range_not_satisfiable', message);
export const replacesEditedText = (message: string) => new ApiError('replaces_edited_text', message, REPLACES_EDITED_TEXT_FIELD);
/** Audio for a session without the patient's recorded consent while the clinician's setting asks for it (docs/privacy.md "Consent"). */
export const consentRequired = (message: string) => new ApiError('consent_required', message, CONSENT_REQUIRED_FIELD);
/** What the route needs was deleted by the clinician's retention setting (docs/privacy.md "Retention"). */
export const deletedByRetention = (message: string) => new ApiError('deleted_by_retention', message);
/** The caller's clinic does not allow the sign-in method of their token (docs/clinics.md "Policies"); the message names the allowed ones. */
export const signInMethodNotAllowed = (message: string) => new ApiError('sign_in_method_not_allowed', message);
