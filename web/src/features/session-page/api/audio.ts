// GET /session/audio/:sessionId (not in the contract; see the project README): the session's audio for
// its owner. An <audio> element cannot send the bearer token, so the bytes are fetched here, with the same
// credentials (the ID token, no cookies), timeout and error classes as every other call.
import { getEnv } from '@/config/env';
import { API_TIMEOUT_MS, ApiCancelledError, ApiError, ApiNetworkError, ApiTimeoutError } from '@/lib/api-client';
import { getCurrentIdToken } from '@/lib/firebase';

export async function fetchSessionAudio(sessionId: string, signal?: AbortSignal): Promise<Blob> {
  const token = await getCurrentIdToken();
  if (token === null) throw new ApiError({ status: 401, code: 'unauthenticated', message: 'You are signed out. Please sign in again.' });
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(`${getEnv().apiBaseUrl}/api/v1/session/audio/${encodeURIComponent(sessionId)}`, {
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'omit',
      signal: combined,
    });
  } catch (cause) {
    if (signal?.aborted) throw new ApiCancelledError();
    if (timeout.aborted) throw new ApiTimeoutError(API_TIMEOUT_MS);
    throw new ApiNetworkError({ cause });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError({
      status: response.status,
      code: body?.error?.code ?? 'unknown',
      message: body?.error?.message ?? `The audio could not be loaded (HTTP ${response.status}).`,
    });
  }
  return response.blob();
}
