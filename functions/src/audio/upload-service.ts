import { createHash, randomUUID } from 'node:crypto';
import { AUDIO_UPLOAD_LIMITS } from '@charta/contract';
import { conflict, invalidArgument, notFound, payloadTooLarge, unsupportedMediaType } from '../http/errors.js';
import { logCode, logId, type Logger } from '../logging/logger.js';
import { logAudioUploadCompleted } from '../logging/log-events.js';
import type { Transaction } from 'firebase-admin/firestore';
import type { AudioStore } from '../storage/audio-store.js';
import { detectAudioFormat } from './audio-format.js';
import { probeStoredAudio } from './audio-probe.js';
import { audioPath, chunkPath, missingChunks, uploadChunksPrefix, type AudioUpload } from './audio-upload.js';
import type { UploadRepo } from './upload-repo.js';

/** The largest file part one request may carry, and the largest recording: the contract's upload limits. */
export const MAX_REQUEST_AUDIO_BYTES = AUDIO_UPLOAD_LIMITS.requestBytes;
export const MAX_AUDIO_BYTES = AUDIO_UPLOAD_LIMITS.recordingBytes;
/** Browsers send a chunk every couple of seconds: 20,000 chunks is over 10 hours. */
export const MAX_CHUNKS = 20_000;

export interface IncomingAudio {
  data: Buffer;
  /** The client's file name: kept for nothing but the user's own reference; never trusted for the type. */
  name: string;
  uploadId?: string | undefined;
  chunkIndex?: number | undefined;
  final?: boolean | undefined;
  sessionId?: string | undefined;
}

/**
 * The session an upload names (`sessionId`): sessions implement this, so audio never imports them. A chunk
 * is refused before it is stored if the session takes no audio; the completed upload is attached to it in
 * the transaction that completes the upload.
 */
export interface SessionAudioTarget {
  /** Throws (404, 409) unless uid's session exists and may take this upload's audio. */
  requireTakesAudio(uid: string, sessionId: string, uploadId: string): Promise<void>;
  /**
   * Reads the session inside the completing transaction (Firestore wants reads before writes) and returns
   * what attaches the completed upload to it, null if it takes no audio now, or 'session_gone' if it was
   * deleted (the upload then keeps nothing: its audio went with the session).
   */
  attacherFor(tx: Transaction, uid: string, sessionId: string): Promise<((upload: AudioUpload) => void) | 'session_gone' | null>;
}

export interface UploadReceipt {
  audio_uri: string | null;
  uploadId: string;
  bytesReceived: number;
  complete: boolean;
}

/**
 * Receives audio: a whole file, or a recording chunk by chunk. Every chunk is stored before it is counted,
 * a repeated chunk is counted once, and the upload completes as soon as chunks 0..final are all in,
 * whatever order they came in. Completion joins the chunks, checks the result is audio, measures it and,
 * if the upload names a session, attaches it (which emits "audio ready").
 */
export class UploadService {
  constructor(
    private readonly uploads: UploadRepo,
    private readonly sessions: SessionAudioTarget,
    private readonly store: AudioStore,
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {}

  async receive(uid: string, incoming: IncomingAudio): Promise<UploadReceipt> {
    if (incoming.data.length === 0) throw invalidArgument('file is empty', 'file');
    const wholeFile = incoming.uploadId === undefined;
    const uploadId = incoming.uploadId ?? randomUUID();
    const index = incoming.chunkIndex ?? 0;
    const final = incoming.final ?? wholeFile;
    if (index >= MAX_CHUNKS) throw invalidArgument(`chunkIndex must be below ${MAX_CHUNKS}`, 'chunkIndex');

    const existing = await this.uploads.find(uploadId);
    if (existing && existing.ownerUid !== uid) throw notFound('No such upload');
    if (incoming.sessionId) await this.sessions.requireTakesAudio(uid, incoming.sessionId, uploadId);
    if (existing?.status === 'complete') return this.receipt(existing);

    // Only the first chunk starts with the container's header: it decides whether this is audio at all.
    const format = index === 0 ? await detectAudioFormat(incoming.data) : null;
    if (index === 0 && !format) {
      throw unsupportedMediaType('The file is not audio Charta accepts (WebM, Ogg, MP4/M4A, AAC, MP3, WAV or FLAC)');
    }

    const sha256 = createHash('sha256').update(incoming.data).digest('hex');
    const alreadyStored = existing?.chunks[String(index)];
    if (!alreadyStored) {
      // Stored before it is recorded: a crash in between leaves an unrecorded object that the retry overwrites.
      await this.store.save(chunkPath(uid, uploadId, index), incoming.data, 'application/octet-stream');
    }

    const upload = await this.uploads.runTransaction(async (tx) => {
      const now = this.now().toISOString();
      const current: AudioUpload = (await this.uploads.find(uploadId, tx)) ?? {
        uploadId,
        ownerUid: uid,
        status: 'receiving',
        format: null,
        chunks: {},
        bytesReceived: 0,
        finalIndex: null,
        sessionId: null,
        audioPath: null,
        sizeBytes: null,
        sha256: null,
        durationSec: null,
        createdAt: now,
        updatedAt: now,
      };
      if (current.ownerUid !== uid) throw notFound('No such upload');
      if (current.status === 'complete') return current;
      if (final && current.finalIndex !== null && current.finalIndex !== index) {
        throw conflict(`This upload was already closed at chunk ${current.finalIndex}`, 'chunkIndex');
      }
      if (current.finalIndex !== null && index > current.finalIndex) {
        throw conflict(`chunkIndex ${index} is after the final chunk ${current.finalIndex}`, 'chunkIndex');
      }
      if (current.chunks[String(index)]) {
        // A repeated chunk is counted once; sent again with final=true it still closes the upload.
        if (!final || current.finalIndex === index) return current;
        const beyond = Object.keys(current.chunks).map(Number).filter((i) => i > index);
        if (beyond.length > 0) throw conflict(`Chunk ${Math.max(...beyond)} is after this final chunk`, 'chunkIndex');
        const closed = { ...current, finalIndex: index, updatedAt: now };
        this.uploads.save(tx, closed);
        return closed;
      }
      const bytesReceived = current.bytesReceived + incoming.data.length;
      if (bytesReceived > MAX_AUDIO_BYTES) throw payloadTooLarge(`A recording may be at most ${MAX_AUDIO_BYTES / (1024 * 1024)} MB`);
      const next: AudioUpload = {
        ...current,
        format: format ?? current.format,
        chunks: { ...current.chunks, [String(index)]: { sizeBytes: incoming.data.length, sha256 } },
        bytesReceived,
        finalIndex: final ? index : current.finalIndex,
        sessionId: current.sessionId ?? incoming.sessionId ?? null,
        updatedAt: now,
      };
      this.uploads.save(tx, next);
      return next;
    });

    if (upload.status === 'complete' || upload.finalIndex === null) return this.receipt(upload);
    const missing = missingChunks(upload);
    if (missing.length > 0) {
      // Only the request that closes the upload hears about gaps; earlier chunks may still be on their way.
      if (final) throw conflict(`Chunk ${missing[0]} is missing: send it, then send the final chunk again`, 'chunkIndex');
      return this.receipt(upload);
    }
    return this.receipt(await this.complete(upload));
  }

  /** Joins, checks and measures the audio, then records it as complete (and attaches it to its session). */
  private async complete(upload: AudioUpload): Promise<AudioUpload> {
    const uid = upload.ownerUid;
    const finalIndex = upload.finalIndex ?? 0;
    const sources = Array.from({ length: finalIndex + 1 }, (_, i) => chunkPath(uid, upload.uploadId, i));
    const format = upload.format;
    if (!format) throw unsupportedMediaType('The recording does not start with an audio header');
    const destination = audioPath(uid, upload.uploadId, format.ext);
    try {
      await this.store.concat(sources, destination, format.mime);
    } catch (err) {
      // Its chunks went with its session (or account) while they were being joined: nothing is kept.
      if (await this.uploads.find(upload.uploadId)) throw err;
      await this.store.delete(destination);
      throw notFound('No such upload');
    }
    const facts = await probeStoredAudio(this.store, destination);
    if (!facts) {
      await this.store.delete(destination);
      throw unsupportedMediaType('The uploaded data is not readable audio');
    }

    const completed = await this.uploads.runTransaction(async (tx): Promise<{ upload: AudioUpload; newlyComplete: boolean } | { discarded: string }> => {
      const current = await this.uploads.find(upload.uploadId, tx);
      // Deleted meanwhile, with its session (or account): nothing of it may be kept.
      if (!current) return { discarded: 'No such upload' };
      if (current.status === 'complete') return { upload: current, newlyComplete: false };
      const now = this.now().toISOString();
      const done: AudioUpload = {
        ...current,
        status: 'complete',
        audioPath: destination,
        sizeBytes: facts.sizeBytes,
        sha256: facts.sha256,
        durationSec: facts.durationSec,
        updatedAt: now,
      };
      // Reads before writes: Firestore transactions require it.
      const attach = current.sessionId ? await this.sessions.attacherFor(tx, uid, current.sessionId) : null;
      if (attach === 'session_gone') {
        this.uploads.deleteIn(tx, current.uploadId);
        return { discarded: 'The session was deleted' };
      }
      this.uploads.save(tx, done);
      attach?.(done);
      return { upload: done, newlyComplete: true };
    });
    if ('discarded' in completed) {
      // The session's deletion could not see this audio (it was being joined): delete it here.
      await this.store.delete(destination);
      await this.store.deletePrefix(uploadChunksPrefix(uid, upload.uploadId));
      throw notFound(completed.discarded);
    }
    if (completed.newlyComplete) {
      await this.store.deletePrefix(uploadChunksPrefix(uid, upload.uploadId));
      logAudioUploadCompleted(this.logger, {
        uid: logId(uid),
        uploadId: logId(upload.uploadId),
        sessionId: completed.upload.sessionId ? logId(completed.upload.sessionId) : undefined,
        chunks: finalIndex + 1,
        sizeBytes: facts.sizeBytes,
        durationSec: facts.durationSec ?? undefined,
        container: logCode(facts.format.container),
      });
    }
    return completed.upload;
  }

  private receipt(upload: AudioUpload): UploadReceipt {
    return {
      audio_uri: upload.status === 'complete' && upload.audioPath ? this.store.uriFor(upload.audioPath) : null,
      uploadId: upload.uploadId,
      bytesReceived: upload.bytesReceived,
      complete: upload.status === 'complete',
    };
  }

  /** Deletes an upload's audio, chunks and record (session deletion, account deletion). */
  async deleteUpload(upload: AudioUpload): Promise<void> {
    if (upload.audioPath) await this.store.delete(upload.audioPath);
    await this.store.deletePrefix(uploadChunksPrefix(upload.ownerUid, upload.uploadId));
    await this.uploads.delete(upload.uploadId);
  }
}
