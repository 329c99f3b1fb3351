import { randomUUID } from 'node:crypto';
import { AUDIO_UPLOAD_LIMITS } from '@charta/contract';
import { conflict, invalidArgument, notFound, payloadTooLarge, unsupportedMediaType } from '../http/errors.js';
import { logCode, logId, type Logger } from '../logging/logger.js';
import { logAudioUploadCompleted } from '../logging/log-events.js';
import type { Transaction } from 'firebase-admin/firestore';
import type { AudioStore } from '../storage/audio-store.js';
import { detectAudioFormat } from './audio-format.js';
import { probeStoredAudio } from './audio-probe.js';
import { audioPath, chunkPath, uploadChunksPrefix, type AudioUpload } from './audio-upload.js';
import { EMPTY_LEDGER, firstMissingChunk, isLedgerComplete, receiveChunk } from './chunk-ledger.js';
import type { UploadRepo } from './upload-repo.js';

/** The largest file part one request may carry, and the largest recording: the contract's upload limits. */
export const MAX_REQUEST_AUDIO_BYTES = AUDIO_UPLOAD_LIMITS.requestBytes;
export const MAX_AUDIO_BYTES = AUDIO_UPLOAD_LIMITS.recordingBytes;
/** The recorder sends a chunk every 2 s: 43,200 chunks is 24 hours (the probe's longest plausible audio). */
export const MAX_CHUNKS = 43_200;

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

/** An upload belongs to one session: a request naming another is refused, never silently ignored. */
function requireSameSession(upload: AudioUpload, sessionId: string): void {
  if (upload.sessionId && upload.sessionId !== sessionId) throw conflict('This upload belongs to another session', 'sessionId');
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
    if (incoming.sessionId) {
      await this.sessions.requireTakesAudio(uid, incoming.sessionId, uploadId);
      if (existing) requireSameSession(existing, incoming.sessionId);
    }
    // Retried after completion: the same answer; naming a session now attaches the audio to it.
    if (existing?.status === 'complete') return this.receipt(await this.attachCompleted(existing, incoming.sessionId));
    // What the ledger refuses is refused before anything is stored (and again in the transaction).
    const early = receiveChunk(existing ?? EMPTY_LEDGER, index, final);
    if (early.kind === 'refused') throw conflict(early.message, 'chunkIndex');

    // Only the first chunk starts with the container's header: it decides whether this is audio at all.
    const format = index === 0 ? await detectAudioFormat(incoming.data) : null;
    if (index === 0 && !format) {
      throw unsupportedMediaType('The file is not audio Charta accepts (WebM, Ogg, MP4/M4A, AAC, MP3, WAV or FLAC)');
    }

    // Stored before it is recorded, create-only: of two requests racing with one chunk, the first stored
    // wins, and the ledger only ever counts bytes that are what is stored. A crash before the transaction
    // leaves an unrecorded object that a retry (the same bytes) then counts.
    const path = chunkPath(uid, uploadId, index);
    const stored = await this.store.save(path, incoming.data, 'application/octet-stream', { ifAbsent: true });
    if (!stored && !(await this.storedChunkIs(path, incoming.data))) {
      throw conflict(`Chunk ${index} was already received with other content`, 'chunkIndex');
    }

    const upload = await this.uploads.runTransaction(async (tx) => {
      const now = this.now().toISOString();
      const current: AudioUpload = (await this.uploads.find(uploadId, tx)) ?? {
        uploadId,
        ownerUid: uid,
        status: 'receiving',
        format: null,
        ...EMPTY_LEDGER,
        bytesReceived: 0,
        sessionId: null,
        audioPath: null,
        sizeBytes: null,
        sha256: null,
        durationSec: null,
        createdAt: now,
        updatedAt: now,
      };
      if (current.ownerUid !== uid) throw notFound('No such upload');
      if (incoming.sessionId) requireSameSession(current, incoming.sessionId);
      if (current.status === 'complete') return current;
      const verdict = receiveChunk(current, index, final);
      if (verdict.kind === 'refused') throw conflict(verdict.message, 'chunkIndex');
      // A request naming the session (the final one, say, or a retry) names it for the whole upload.
      const sessionId = current.sessionId ?? incoming.sessionId ?? null;
      let bytesReceived = current.bytesReceived;
      if (verdict.kind === 'new') {
        bytesReceived += incoming.data.length;
        if (bytesReceived > MAX_AUDIO_BYTES) throw payloadTooLarge(`A recording may be at most ${MAX_AUDIO_BYTES / (1024 * 1024)} MB`);
      } else if (verdict.ledger === current && sessionId === current.sessionId) {
        return current; // a plain retry: counted once, nothing to write
      }
      const next: AudioUpload = {
        ...current,
        ...verdict.ledger,
        format: index === 0 && verdict.kind === 'new' ? format : current.format,
        bytesReceived,
        sessionId,
        updatedAt: now,
      };
      this.uploads.save(tx, next);
      return next;
    });

    if (upload.status === 'complete') return this.receipt(await this.attachCompleted(upload, incoming.sessionId));
    const missing = firstMissingChunk(upload);
    if (missing !== null) {
      // Only the request that closes the upload hears about gaps; earlier chunks may still be on their way.
      if (final) throw conflict(`Chunk ${missing} is missing: send it, then send the final chunk again`, 'chunkIndex');
      return this.receipt(upload);
    }
    if (!isLedgerComplete(upload)) return this.receipt(upload);
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

  /** Whether the chunk stored under `path` holds exactly these bytes (a retry), not other ones (a rival). */
  private async storedChunkIs(path: string, data: Buffer): Promise<boolean> {
    const size = await this.store.size(path);
    // Gone since: the upload completed (or was deleted) meanwhile; its transaction below tells which.
    if (size === null) return true;
    return size === data.length && (await this.store.readRange(path, 0, size)).equals(data);
  }

  /**
   * A complete upload that names no session yet, asked for by a request that names one (the final chunk
   * retried with its sessionId): attached now, as completion would have, so `complete: true` never leaves
   * the session a draft.
   */
  private async attachCompleted(upload: AudioUpload, sessionId: string | undefined): Promise<AudioUpload> {
    if (!sessionId || upload.sessionId) return upload;
    return this.uploads.runTransaction(async (tx) => {
      const current = await this.uploads.find(upload.uploadId, tx);
      if (!current || current.status !== 'complete') return current ?? upload;
      requireSameSession(current, sessionId);
      if (current.sessionId) return current;
      const attach = await this.sessions.attacherFor(tx, current.ownerUid, sessionId);
      // Deleted, or given other audio, since requireTakesAudio: the audio stays unattached, as it was.
      if (typeof attach !== 'function') return current;
      const named: AudioUpload = { ...current, sessionId, updatedAt: this.now().toISOString() };
      this.uploads.save(tx, named);
      attach(named);
      return named;
    });
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
