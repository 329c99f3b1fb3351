// How the Record tab reads upload failures: which are worth retrying, and what to tell the clinician.
import { ApiCancelledError, ApiError, ApiNetworkError, ApiTimeoutError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import type { UploadErrorKind } from './upload-queue';

/** A chunk the queue wants is on neither this device nor (as the server says) the server. */
export class MissingLocalChunkError extends Error {
  override readonly name = 'MissingLocalChunkError';
  constructor(readonly chunkIndex: number) {
    super(`Part ${chunkIndex + 1} of the recording is no longer on this device.`);
  }
}

export function classifyUploadError(error: unknown): UploadErrorKind {
  if (error instanceof MissingLocalChunkError) return { kind: 'fatal' };
  if (error instanceof ApiNetworkError || error instanceof ApiTimeoutError || error instanceof ApiCancelledError) return { kind: 'retry' };
  if (error instanceof ApiError) {
    if (error.status === 409 && error.field === 'chunkIndex') {
      const missing = /Chunk (\d+) is missing/i.exec(error.message);
      if (missing) return { kind: 'missing', index: Number(missing[1]) };
    }
    if (error.status === 408 || error.status === 429 || error.status >= 500) return { kind: 'retry' };
    return { kind: 'fatal' };
  }
  // Anything else (a storage hiccup, a browser quirk): sending again does no harm.
  return { kind: 'retry' };
}

/** A sentence a clinician can act on, for a failed upload. */
export function describeUploadError(error: unknown): string {
  if (error instanceof MissingLocalChunkError) return error.message;
  if (error instanceof ApiError) {
    switch (error.status) {
      case 415:
        return 'That file is not audio we can read. Charta accepts WebM, Ogg, MP3, MP4/M4A/AAC, WAV and FLAC recordings.';
      case 413:
        return 'That recording is too large to upload (at most 512 MB).';
      case 404:
        return 'The session this audio belongs to no longer exists (it may have been deleted).';
      case 400:
        if (error.field === 'file') return 'That file is empty.';
        break;
      default:
        break;
    }
  }
  return describeError(error);
}
