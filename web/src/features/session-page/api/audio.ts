// GET /session/audio/:sessionId (docs/api.md "Sessions"): the session's audio for
// its owner. An <audio> element cannot send the bearer token, so the bytes are fetched through the API
// client, with the same token, timeout, errors and 401 sign-out as every other call.
import { api } from '@/lib/api';

export function fetchSessionAudio(sessionId: string, signal?: AbortSignal): Promise<Blob> {
  return api.getBlob(`/session/audio/${encodeURIComponent(sessionId)}`, { signal });
}
