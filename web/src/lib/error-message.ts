import { ApiCancelledError, ApiError, ApiNetworkError, ApiTimeoutError } from './api-client';

/** A sentence a clinician can act on, for any error the app may meet. Never shows internals. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    // The API writes its messages for people (and never puts internals in them, per the contract).
    if (error.status >= 500) return 'Charta had a problem on its side. Please try again in a moment.';
    return error.message;
  }
  if (error instanceof ApiTimeoutError) return 'The server took too long to answer. Please try again.';
  if (error instanceof ApiNetworkError) return 'Cannot reach Charta. Check your internet connection and try again.';
  if (error instanceof ApiCancelledError) return 'The request was cancelled.';
  return 'Something went wrong. Please try again.';
}
