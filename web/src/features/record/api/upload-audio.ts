// POST /session/upload_audio (docs/api.md "Sessions"), through the app's one API client: its upload()
// reports progress (the file upload's progress bar) and shares the token, errors and 401 sign-out of
// every other call.
import { AUDIO_UPLOAD_LIMITS } from '@charta/contract';
import { api } from '@/lib/api';
import type { UploadOptions } from '@/lib/api-client';

export type { UploadOptions };

/** A part is 1 MB under what one request may carry, which leaves room for the multipart envelope. */
export const MAX_PART_BYTES = AUDIO_UPLOAD_LIMITS.requestBytes - 1024 * 1024;

export interface AudioPart {
  data: Blob;
  /** A file name for the user's reference; the server decides the type from the content. */
  name: string;
  uploadId: string;
  chunkIndex: number;
  final: boolean;
  sessionId: string | null;
  /** The whole file's SHA-256 (a picked file's parts): the server keeps it to find the same file again. */
  sha256?: string | null;
}

export interface UploadReceipt {
  audio_uri: string | null;
  uploadId: string;
  bytesReceived: number;
  complete: boolean;
}

export function uploadAudioPart(part: AudioPart, options: UploadOptions = {}): Promise<UploadReceipt> {
  const form = new FormData();
  // Fields before the file: the server reads them as the stream arrives.
  form.set('name', part.name);
  form.set('uploadId', part.uploadId);
  form.set('chunkIndex', String(part.chunkIndex));
  form.set('final', part.final ? 'true' : 'false');
  if (part.sessionId) form.set('sessionId', part.sessionId);
  if (part.sha256) form.set('sha256', part.sha256);
  form.set('file', part.data, part.name);

  return api.upload<UploadReceipt>('/session/upload_audio', form, options);
}
