// POST /session/upload_audio (API contract: Sessions). XMLHttpRequest rather than fetch: only XHR reports
// upload progress, which the file upload's progress bar shows. Errors are the API client's classes, so the
// rest of the app tells them apart the same way.
import { getEnv } from '@/config/env';
import { API_TIMEOUT_MS, ApiCancelledError, ApiError, ApiNetworkError, ApiTimeoutError } from '@/lib/api-client';
import { getCurrentIdToken } from '@/lib/firebase';

/** What one request may carry is 8 MB (the server's limit); 7 MB leaves room for the multipart envelope. */
export const MAX_PART_BYTES = 7 * 1024 * 1024;

export interface AudioPart {
  data: Blob;
  /** A file name for the user's reference; the server decides the type from the content. */
  name: string;
  uploadId: string;
  chunkIndex: number;
  final: boolean;
  sessionId: string | null;
}

export interface UploadReceipt {
  audio_uri: string | null;
  uploadId: string;
  bytesReceived: number;
  complete: boolean;
}

export interface UploadOptions {
  /** Bytes of this request's body sent so far, and its total. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

function parseError(xhr: XMLHttpRequest): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText) as unknown;
  } catch {
    body = undefined;
  }
  const error = typeof body === 'object' && body !== null && 'error' in body ? (body as { error: Record<string, unknown> }).error : undefined;
  const message = typeof error?.message === 'string' && error.message !== '' ? error.message : `The upload failed (HTTP ${xhr.status}).`;
  return new ApiError({
    status: xhr.status,
    code: typeof error?.code === 'string' ? error.code : xhr.status >= 500 ? 'internal' : 'unknown',
    message,
    field: typeof error?.field === 'string' ? error.field : undefined,
    requestId: xhr.getResponseHeader('X-Request-Id') ?? undefined,
  });
}

export async function uploadAudioPart(part: AudioPart, options: UploadOptions = {}): Promise<UploadReceipt> {
  const { signal } = options;
  if (signal?.aborted) throw new ApiCancelledError();
  const token = await getCurrentIdToken();
  if (token === null) throw new ApiError({ status: 401, code: 'unauthenticated', message: 'You are signed out. Please sign in again.' });
  if (signal?.aborted) throw new ApiCancelledError();

  const form = new FormData();
  // Fields before the file: the server reads them as the stream arrives.
  form.set('name', part.name);
  form.set('uploadId', part.uploadId);
  form.set('chunkIndex', String(part.chunkIndex));
  form.set('final', part.final ? 'true' : 'false');
  if (part.sessionId) form.set('sessionId', part.sessionId);
  form.set('file', part.data, part.name);

  return new Promise<UploadReceipt>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${getEnv().apiBaseUrl}/api/v1/session/upload_audio`);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.timeout = options.timeoutMs ?? API_TIMEOUT_MS;
    // The ID token is the only credential, as for every other call: no cookies.
    xhr.withCredentials = false;

    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);

    if (options.onProgress) {
      const onProgress = options.onProgress;
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      });
    }
    xhr.addEventListener('load', () => {
      settle();
      if (xhr.status === 201 || xhr.status === 200) {
        try {
          resolve(JSON.parse(xhr.responseText) as UploadReceipt);
        } catch {
          reject(new ApiError({ status: xhr.status, code: 'invalid_response', message: 'The server sent an unexpected response.' }));
        }
        return;
      }
      reject(parseError(xhr));
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new ApiNetworkError());
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new ApiTimeoutError(xhr.timeout));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new ApiCancelledError());
    });
    xhr.send(form);
  });
}
