import type { AudioFormat } from './audio-format.js';
import type { UploadProgress } from './chunk-rules.js';

/**
 * One audio upload: a whole file in one request, or a recording in progress sent in numbered chunks.
 * Its state lives in Firestore and its chunks in the audio store, so an upload survives restarts of the
 * API between chunks and every retry is answered from what is already recorded. Each chunk received has a
 * record of its own beneath this one (UploadRepo); this record's size does not grow with the recording.
 */
export interface AudioUpload extends UploadProgress {
  uploadId: string;
  ownerUid: string;
  status: 'receiving' | 'complete';
  /** From the first chunk's content (null until chunk 0 arrives). */
  format: AudioFormat | null;
  /** Bytes of the distinct chunks recorded (incremented as each is recorded). */
  bytesReceived: number;
  /** The session to attach the audio to once complete. */
  sessionId: string | null;
  /** Set when complete. */
  audioPath: string | null;
  sizeBytes: number | null;
  /** The file's SHA-256: the client's, from the first part, if it sent one; measured when complete. */
  sha256: string | null;
  durationSec: number | null;
  /**
   * How many runs of JOIN_PART_CHUNKS chunks, from chunk 0 on, are already joined into parts (joinedPartPath)
   * while the recording arrives: completion then joins those parts and the chunks after them. Absent: none.
   */
  partsJoined?: number;
  createdAt: string;
  updatedAt: string;
}

/** Chunks of one upload, joined in index order; this is where chunk `index` waits until then. */
export const chunkPath = (uid: string, uploadId: string, index: number) =>
  `uploads/${uid}/${uploadId}/chunk-${String(index).padStart(6, '0')}`;

/**
 * Chunks joined ahead of completion, a part at a time (UploadService.joinArrivedChunks): as many as Cloud
 * Storage composes in one request. Parts live beside the chunks, so whatever deletes the chunks deletes them.
 */
export const JOIN_PART_CHUNKS = 32;
export const joinedPartPath = (uid: string, uploadId: string, part: number) =>
  `uploads/${uid}/${uploadId}/part-${String(part).padStart(5, '0')}`;

export const uploadChunksPrefix = (uid: string, uploadId: string) => `uploads/${uid}/${uploadId}/`;

/** The finished audio object (readable by its owner under storage.rules). */
export const audioPath = (uid: string, uploadId: string, ext: string) => `users/${uid}/audio/${uploadId}.${ext}`;
