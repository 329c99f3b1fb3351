import { randomUUID } from 'node:crypto';
import { AUDIO_UPLOAD_LIMITS } from '@charta/contract';
import { conflict, invalidArgument, notFound, payloadTooLarge, unsupportedMediaType } from '../http/errors.js';
import { logCode, logId, type Logger } from '../logging/logger.js';
import { logAudioUploadCompleted } from '../logging/log-events.js';
import type { Transaction } from 'firebase-admin/firestore';
import type { AudioStore } from '../storage/audio-store.js';
import { detectAudioFormat } from './audio-format.js';
import { probeStoredAudio } from './audio-probe.js';
import { audioPath, chunkPath, JOIN_PART_CHUNKS, joinedPartPath, uploadChunksPrefix, type AudioUpload } from './audio-upload.js';
import { chunkRefusal, firstMissingChunk, NO_PROGRESS } from './chunk-rules.js';
import { clusterStarts } from './webm-clusters.js';
import type { UploadRepo } from './upload-repo.js';

/** The largest file part one request may carry, and the largest recording: the contract's upload limits. */
export const MAX_REQUEST_AUDIO_BYTES = AUDIO_UPLOAD_LIMITS.requestBytes;
export const MAX_AUDIO_BYTES = AUDIO_UPLOAD_LIMITS.recordingBytes;
/** The recorder sends a chunk every 2 s: 43,200 chunks is 24 hours (the probe's longest plausible audio). */
export const MAX_CHUNKS = 43_200;
/** How far back the same file uploaded again is found (the contract's window, docs/api.md "Sessions"). */
export const DUPLICATE_WINDOW_MS = AUDIO_UPLOAD_LIMITS.duplicateWindowHours * 60 * 60 * 1000;

export interface IncomingAudio {
  data: Buffer;
  /** The client's file name: kept for nothing but the user's own reference; never trusted for the type. */
  name: string;
  uploadId?: string | undefined;
  chunkIndex?: number | undefined;
  final?: boolean | undefined;
  sessionId?: string | undefined;
  /** The whole file's SHA-256 as the client computed it: kept from the first part (a lookup finds the file by it). */
  sha256?: string | undefined;
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
  /** Reads the session in the caller's transaction: whether it (still) exists and may take audio. */
  takesAudioIn(tx: Transaction, uid: string, sessionId: string): Promise<boolean>;
}

/**
 * Where a recording in progress says new chunks arrived, so the windows they make are transcribed while the
 * clinician goes on recording (transcription/window-transcription.ts). Audio declares the port; the
 * composition root fills it in with an outbox event the pipeline's trigger consumes.
 */
export interface LiveTranscriptionOutbox {
  chunksArrived(event: { uploadId: string; sessionId: string; ownerUid: string; chunkIndex: number; at: string }): Promise<void>;
}

/** A recording's chunks come every 2 s: every third one (6 s of audio) asks whether a window can be made. */
export const LIVE_WINDOW_CHECK_EVERY = 3;

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
    private readonly live?: LiveTranscriptionOutbox,
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
    // What the rules refuse is refused before anything is stored (and a final chunk again when it closes the upload).
    const highest = final && existing ? await this.uploads.highestChunkAbove(uploadId, index) : null;
    const refusal = chunkRefusal(existing ?? NO_PROGRESS, index, final, highest);
    if (refusal) throw conflict(refusal, 'chunkIndex');
    // Counted against the recording's cap as it stands (chunks in flight at once may pass it by their own size).
    if ((existing?.bytesReceived ?? 0) + incoming.data.length > MAX_AUDIO_BYTES) throw payloadTooLarge(`A recording may be at most ${MAX_AUDIO_BYTES / (1024 * 1024)} MB`);

    // Only the first chunk starts with the container's header: it decides whether this is audio at all.
    const format = index === 0 ? await detectAudioFormat(incoming.data) : null;
    if (index === 0 && !format) {
      throw unsupportedMediaType('The file is not audio Charta accepts (WebM, Ogg, MP4/M4A, AAC, MP3, WAV or FLAC)');
    }

    // Stored before it is recorded, create-only: of two requests racing with one chunk, the first stored
    // wins, and only bytes that are what is stored are ever counted. A crash before the record leaves an
    // unrecorded object that a retry (the same bytes) then counts.
    const path = chunkPath(uid, uploadId, index);
    const stored = await this.store.save(path, incoming.data, 'application/octet-stream', { ifAbsent: true });
    if (!stored && !(await this.storedChunkIs(path, incoming.data))) {
      throw conflict(`Chunk ${index} was already received with other content`, 'chunkIndex');
    }

    const now = this.now().toISOString();
    const upload = existing ?? (await this.createUpload(uid, uploadId, incoming.sessionId ?? null, now, path, incoming.sha256 ?? null));
    if (upload.ownerUid !== uid) throw notFound('No such upload');
    if (incoming.sessionId) requireSameSession(upload, incoming.sessionId);
    // Where a window of the recording in progress can be decoded from (a WebM Cluster beginning in this chunk).
    const cluster = clusterStarts(incoming.data)[0] ?? null;
    const chunk = { index, sizeBytes: incoming.data.length, receivedAt: now, firstClusterOffset: cluster?.offset ?? null, firstClusterMs: cluster?.timeMs ?? null };
    const recorded = await this.uploads.recordChunk(uploadId, chunk, index === 0 ? format : null);
    if (recorded === 'upload_gone') {
      // Deleted with its session (or account) while this chunk was on its way: nothing of it is kept.
      await this.store.delete(path);
      throw notFound('No such upload');
    }
    if (final) await this.closeAt(uploadId, index);
    // A chunk past a final index set while it was being recorded would be joined with nothing: withdrawn.
    const latest = await this.uploads.find(uploadId);
    if (!latest) {
      // Deleted (with its session) just after this chunk was recorded: its record went with it; so does its audio.
      await this.store.delete(path);
      throw notFound('No such upload');
    }
    if (recorded === 'new' && latest.status === 'complete') {
      // A retry that raced the completion: the chunks were joined (and deleted) without it; it keeps nothing.
      await this.uploads.unrecordChunk(uploadId, chunk);
      await this.store.delete(path);
      return this.receipt(await this.attachCompleted(latest, incoming.sessionId));
    }
    if (recorded === 'new' && latest.finalIndex !== null && index > latest.finalIndex) {
      await this.uploads.unrecordChunk(uploadId, chunk);
      await this.store.delete(path);
      throw conflict(`chunkIndex ${index} is after the final chunk ${latest.finalIndex}`, 'chunkIndex');
    }
    const named = incoming.sessionId && !latest.sessionId ? await this.nameSession(uploadId, incoming.sessionId) : latest;
    // Every few chunks of a recording for a session, its new audio may make a window to transcribe now.
    // (WebM only: other containers cannot be decoded from the middle, and wait for the recording's end.)
    if (recorded === 'new' && !final && named.sessionId && named.format?.container === 'webm' && index % LIVE_WINDOW_CHECK_EVERY === LIVE_WINDOW_CHECK_EVERY - 1) {
      await this.live?.chunksArrived({ uploadId, sessionId: named.sessionId, ownerUid: uid, chunkIndex: index, at: now });
    }

    if (named.status === 'complete') return this.receipt(await this.attachCompleted(named, incoming.sessionId));
    if (named.finalIndex === null) return this.receipt(named);
    const chunkCount = named.finalIndex + 1;
    if ((await this.uploads.countChunksBelow(uploadId, chunkCount)) < chunkCount) {
      // Only the request that closes the upload hears about gaps; earlier chunks may still be on their way.
      if (!final) return this.receipt(named);
      const missing = await firstMissingChunk(named.finalIndex, (n) => this.uploads.countChunksBelow(uploadId, n));
      throw conflict(`Chunk ${missing ?? named.finalIndex} is missing: send it, then send the final chunk again`, 'chunkIndex');
    }
    return this.receipt(await this.complete(named));
  }

  private newUpload(uid: string, uploadId: string, sessionId: string | null, now: string, sha256: string | null): AudioUpload {
    return {
      uploadId,
      ownerUid: uid,
      status: 'receiving',
      format: null,
      ...NO_PROGRESS,
      bytesReceived: 0,
      sessionId,
      audioPath: null,
      sizeBytes: null,
      // The client's checksum until completion measures the joined file (the same, for the same bytes).
      sha256,
      durationSec: null,
      createdAt: now,
      updatedAt: now,
    };
  }

  /**
   * The upload's record, made by its first chunk to arrive. When it names a session, it is made in a
   * transaction that reads the session: a deletion of the session either came first (404, and the chunk
   * just stored goes) or finds this upload when it looks for the session's uploads.
   */
  private async createUpload(uid: string, uploadId: string, sessionId: string | null, now: string, storedChunk: string, sha256: string | null): Promise<AudioUpload> {
    const upload = this.newUpload(uid, uploadId, sessionId, now, sha256);
    if (!sessionId) return this.uploads.createIfAbsent(upload);
    const created = await this.uploads.runTransaction(async (tx) => {
      const existing = await this.uploads.find(uploadId, tx);
      if (existing) return existing;
      if (!(await this.sessions.takesAudioIn(tx, uid, sessionId))) return null;
      this.uploads.create(tx, upload);
      return upload;
    });
    if (created) return created;
    await this.store.delete(storedChunk);
    throw notFound('No such session');
  }

  /**
   * Closes the upload at its final chunk: one short transaction a recording, so it decides alone between a
   * final index and a chunk above it (the rules again, on what is recorded now).
   */
  private async closeAt(uploadId: string, index: number): Promise<void> {
    await this.uploads.runTransaction(async (tx) => {
      const current = await this.uploads.find(uploadId, tx);
      if (!current) throw notFound('No such upload');
      if (current.status === 'complete' || current.finalIndex === index) return;
      const refusal = chunkRefusal(current, index, true, await this.uploads.highestChunkAbove(uploadId, index, tx));
      if (refusal) throw conflict(refusal, 'chunkIndex');
      this.uploads.update(tx, uploadId, { finalIndex: index, updatedAt: this.now().toISOString() });
    });
  }

  /** A request naming the session (the final one, say, or a retry) names it for the whole upload: once. */
  private async nameSession(uploadId: string, sessionId: string): Promise<AudioUpload> {
    return this.uploads.runTransaction(async (tx) => {
      const current = await this.uploads.find(uploadId, tx);
      if (!current) throw notFound('No such upload');
      requireSameSession(current, sessionId);
      if (current.sessionId || current.status === 'complete') return current;
      this.uploads.update(tx, uploadId, { sessionId });
      return { ...current, sessionId };
    });
  }

  /**
   * While a recording arrives, joins its chunks a part at a time (JOIN_PART_CHUNKS from chunk 0 on, each
   * part once all its chunks are in), so that completion, between Stop and the rest of the transcription,
   * joins a few parts instead of every chunk: an hour at 2 s a chunk is 1,807 of them. Called by the trigger
   * that advances live transcription; two at once join the same bytes, and either's count stands.
   */
  async joinArrivedChunks(uploadId: string): Promise<number> {
    const upload = await this.uploads.find(uploadId);
    if (!upload || upload.status !== 'receiving') return 0;
    const already = upload.partsJoined ?? 0;
    // Only chunks up to the final one are ever joined (one past it is withdrawn).
    const known = upload.finalIndex === null ? upload.chunksReceived : Math.min(upload.chunksReceived, upload.finalIndex + 1);
    if (known < (already + 1) * JOIN_PART_CHUNKS) return 0;
    const arrived = await this.uploads.contiguousChunks(uploadId, known);
    const uid = upload.ownerUid;
    let parts = already;
    // Completed (its chunks and parts deleted) or deleted meanwhile: the parts just written may have come
    // after that deletion, and are not kept. (The record goes before the files wherever uploads are deleted.)
    const discardWritten = () => Promise.all(Array.from({ length: parts + 1 - already }, (_, i) => this.store.delete(joinedPartPath(uid, uploadId, already + i))));
    try {
      for (; (parts + 1) * JOIN_PART_CHUNKS <= arrived; parts++) {
        const chunks = Array.from({ length: JOIN_PART_CHUNKS }, (_, i) => chunkPath(uid, uploadId, parts * JOIN_PART_CHUNKS + i));
        await this.store.concat(chunks, joinedPartPath(uid, uploadId, parts), 'application/octet-stream');
      }
    } catch (error) {
      // Its chunks went with a completion or a deletion while they were being joined.
      if ((await this.uploads.find(uploadId))?.status === 'receiving') throw error;
      await discardWritten();
      return 0;
    }
    if (parts === already) return 0;
    const counted = await this.uploads.runTransaction(async (tx) => {
      const current = await this.uploads.find(uploadId, tx);
      if (!current || current.status !== 'receiving') return false;
      if ((current.partsJoined ?? 0) < parts) this.uploads.update(tx, uploadId, { partsJoined: parts });
      return true;
    });
    if (!counted) {
      await discardWritten();
      return 0;
    }
    return parts - already;
  }

  /** Joins, checks and measures the audio, then records it as complete (and attaches it to its session). */
  private async complete(upload: AudioUpload): Promise<AudioUpload> {
    const uid = upload.ownerUid;
    const finalIndex = upload.finalIndex ?? 0;
    // The parts joined while it arrived (none past the final chunk), then the chunks after them.
    const parts = Math.min(upload.partsJoined ?? 0, Math.floor((finalIndex + 1) / JOIN_PART_CHUNKS));
    const sources = [
      ...Array.from({ length: parts }, (_, part) => joinedPartPath(uid, upload.uploadId, part)),
      ...Array.from({ length: finalIndex + 1 - parts * JOIN_PART_CHUNKS }, (_, i) => chunkPath(uid, upload.uploadId, parts * JOIN_PART_CHUNKS + i)),
    ];
    const format = upload.format;
    if (!format) throw unsupportedMediaType('The recording does not start with an audio header');
    const destination = audioPath(uid, upload.uploadId, format.ext);
    try {
      await this.store.concat(sources, destination, format.mime);
    } catch (err) {
      const now = await this.uploads.find(upload.uploadId);
      // Another request completed it meanwhile (and its chunks are gone with that): its answer is ours.
      if (now?.status === 'complete') return now;
      if (now) throw err;
      // Its chunks went with its session (or account) while they were being joined: nothing is kept.
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
      await this.uploads.deleteChunkRecords(upload.uploadId);
      throw notFound(completed.discarded);
    }
    if (completed.newlyComplete) {
      // The chunks' bytes go now. Their records (counts and offsets, no audio) stay for the pipeline to
      // tidy after the note: an hour has 1,800 of them, and deleting them here took seconds of the wait
      // after Stop (pipeline.ts, tidyAfterTranscript). They go with the upload's record in any case.
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

  /**
   * uid's own uploads of a file with this SHA-256 that name a session, begun within the duplicate window,
   * latest first (POST /session/upload_by_checksum). Another user's are never looked at.
   */
  async recentWithChecksum(uid: string, sha256: string): Promise<AudioUpload[]> {
    const since = this.now().getTime() - DUPLICATE_WINDOW_MS;
    const found = await this.uploads.findOwnedWithChecksum(uid, sha256);
    return found
      .filter((upload) => upload.sessionId !== null && Date.parse(upload.createdAt) >= since)
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  }

  private receipt(upload: AudioUpload): UploadReceipt {
    return {
      audio_uri: upload.status === 'complete' && upload.audioPath ? this.store.uriFor(upload.audioPath) : null,
      uploadId: upload.uploadId,
      bytesReceived: upload.bytesReceived,
      complete: upload.status === 'complete',
    };
  }

  /**
   * Deletes an upload's record (and what is beneath it), then its audio and chunks. The record goes first:
   * a chunk on its way then finds it gone, and deletes the audio it stored itself (receive).
   */
  async deleteUpload(upload: AudioUpload): Promise<void> {
    await this.uploads.delete(upload.uploadId);
    if (upload.audioPath) await this.store.delete(upload.audioPath);
    await this.store.deletePrefix(uploadChunksPrefix(upload.ownerUid, upload.uploadId));
  }
}
