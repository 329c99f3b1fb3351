import type { AudioFormat } from './audio-format.js';

/**
 * One audio upload: a whole file in one request, or a recording in progress sent in numbered chunks.
 * Its state lives in Firestore and its chunks in the audio store, so an upload survives restarts of the
 * API between chunks and every retry is answered from what is already recorded.
 */
export interface AudioUpload {
  uploadId: string;
  ownerUid: string;
  status: 'receiving' | 'complete';
  /** From the first chunk's content (null until chunk 0 arrives). */
  format: AudioFormat | null;
  /** chunkIndex -> what was stored for it. */
  chunks: Record<string, { sizeBytes: number; sha256: string }>;
  bytesReceived: number;
  /** The index of the chunk sent with final=true, once seen. */
  finalIndex: number | null;
  /** The session to attach the audio to once complete. */
  sessionId: string | null;
  /** Set when complete. */
  audioPath: string | null;
  sizeBytes: number | null;
  sha256: string | null;
  durationSec: number | null;
  createdAt: string;
  updatedAt: string;
}

/** Chunks of one upload, joined in index order; this is where chunk `index` waits until then. */
export const chunkPath = (uid: string, uploadId: string, index: number) =>
  `uploads/${uid}/${uploadId}/chunk-${String(index).padStart(6, '0')}`;

export const uploadChunksPrefix = (uid: string, uploadId: string) => `uploads/${uid}/${uploadId}/`;

/** The finished audio object (readable by its owner under storage.rules). */
export const audioPath = (uid: string, uploadId: string, ext: string) => `users/${uid}/audio/${uploadId}.${ext}`;

/** The chunk indices 0..finalIndex that have not arrived yet. */
export function missingChunks(upload: Pick<AudioUpload, 'chunks' | 'finalIndex'>): number[] {
  if (upload.finalIndex === null) return [];
  const missing: number[] = [];
  for (let i = 0; i <= upload.finalIndex; i++) if (!(String(i) in upload.chunks)) missing.push(i);
  return missing;
}
