// Every recording this tab captures or recovers, from its first chunk until the server holds the whole
// audio. Lives outside React (one per page load), so uploads carry on when the clinician moves to another
// tab of the app, and a component only subscribes to what it shows.
//
// Order of work for each chunk: write it to IndexedDB, then hand it to the upload queue. Local chunks go
// only when the server answers complete=true for the final one. A Web Lock per recording tells other tabs
// (and this tab after a reload) which recordings are still in someone's hands.
import type { Session } from '@charta/contract';
import type { NewSession } from '../api/sessions';
import type { AudioPart, UploadReceipt } from '../api/upload-audio';
import type { ChunkStore, StoredRecording } from './chunk-store';
import { classifyUploadError, MissingLocalChunkError } from './upload-errors';
import { createUploadQueue, type QueueState, type UploadQueue, type UploadQueueDeps } from './upload-queue';

export type EntryPhase =
  /** Still capturing in this tab. */
  | 'recording'
  /** Stopped (or recovered); the rest is going up. */
  | 'uploading'
  | 'complete'
  | 'failed';

export interface RecordingEntry {
  recordingId: string;
  /** Whose recording it is: the page shows only the signed-in user's. */
  uid: string;
  patientName: string;
  sessionId: string | null;
  phase: EntryPhase;
  recovered: boolean;
  elapsedMs: number;
  queue: QueueState;
  /** Set when this device could not keep the audio (storage full, private window): it is held in memory only. */
  storageProblem: string | null;
}

/** A recording the server does not yet have in full: signing out leaves it on this device, for its user only. */
export interface KeptRecording {
  recordingId: string;
  patientName: string;
  startedAt: string;
  elapsedMs: number;
}

/** Someone other than the recording's user is signed in (or nobody is): its upload must not go on. */
export class RecordingOfAnotherUserError extends Error {
  override readonly name = 'RecordingOfAnotherUserError';
  constructor() {
    super('This recording belongs to a user who is not signed in here.');
  }
}

/** An unfinished recording found on this device that no open tab is working on. */
export interface UnfinishedRecording {
  recording: StoredRecording;
  chunkCount: number;
  bytes: number;
  uploadedCount: number;
}

export interface RecordingUploadsDeps {
  openStore: () => Promise<ChunkStore>;
  createSession: (input: NewSession) => Promise<Session>;
  deleteSession: (sessionId: string) => Promise<void>;
  uploadPart: (part: AudioPart) => Promise<UploadReceipt>;
  isOnline: () => boolean;
  /**
   * Who is signed in now. Checked before every request a recording makes, so no recording goes up (or
   * gets its session made) under anyone but the user who recorded it, whatever the pages noticed.
   */
  currentUid?: (() => string | null) | undefined;
  /** navigator.locks where the browser has it. */
  locks?: LockManager | undefined;
  /** For tests: shorter backoff, no jitter, and so on. */
  queueOptions?: Partial<Pick<UploadQueueDeps, 'sleep' | 'random' | 'maxAttempts' | 'baseDelayMs' | 'maxDelayMs' | 'now'>>;
}

// Function-valued properties, not methods: they never use `this`, so they may be passed around unbound.
export interface RecordingUploads {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => readonly RecordingEntry[];
  /** Saves the new recording's details and opens its queue; call before the first chunk. */
  begin: (recording: Omit<StoredRecording, 'stoppedAt' | 'elapsedMs'>) => Promise<void>;
  /** Stores one chunk of MediaRecorder data, then queues it. Empty data is skipped (it gets no index). */
  addChunk: (recordingId: string, data: Blob, elapsedMs: number) => Promise<void>;
  /** The recorder stopped: once every chunk is stored, the highest goes up as the final one. */
  finish: (recordingId: string, elapsedMs: number) => Promise<void>;
  /** The user's recordings on this device that are neither complete nor in any open tab's hands. */
  findUnfinished: (uid: string) => Promise<UnfinishedRecording[]>;
  /** Uploads what a recording left behind and closes it (final on its highest chunk). */
  recover: (recordingId: string) => Promise<void>;
  /** Deletes a recording from this device (and its session, if that never got audio). */
  discard: (recordingId: string) => Promise<void>;
  retry: (recordingId: string) => void;
  /** Forgets a completed entry so the page stops showing it. (A failed one is retried or discarded.) */
  dismiss: (recordingId: string) => void;
  setOnline: (online: boolean) => void;
  /**
   * Someone else signed in on this tab: stop working on other users' recordings. What they left is
   * still on the device, offered to them for recovery when they next sign in here.
   */
  forgetOthers: (uid: string | null) => void;
  /** What signing `uid` out would leave on this device: their recordings the server lacks in full. */
  keptAtSignOut: (uid: string) => Promise<KeptRecording[]>;
  /**
   * `uid` is signing out: every upload in this tab stops (nothing may go up under whoever signs in next),
   * and this device deletes their recordings the server has in full (or that captured nothing). Returns
   * what is kept, for them alone: findUnfinished offers it to them when they sign in here again.
   */
  signOut: (uid: string) => Promise<KeptRecording[]>;
}

const LOCK_PREFIX = 'charta-recording:';

interface Entry {
  meta: StoredRecording;
  queue: UploadQueue;
  state: RecordingEntry;
  /** Chunk writes, one after the other, so indexes follow MediaRecorder's order. */
  writes: Promise<void>;
  nextIndex: number;
  /** Chunks this device failed to store: kept here so they still reach the server. */
  memory: Map<number, ArrayBuffer>;
  releaseLock: (() => void) | null;
}

function fileNameFor(meta: StoredRecording): string {
  const ext = meta.mimeType.includes('ogg') ? 'ogg' : meta.mimeType.includes('mp4') ? 'm4a' : 'webm';
  return `recording-${meta.startedAt.replace(/[:.]/g, '-')}.${ext}`;
}

export function createRecordingUploads(deps: RecordingUploadsDeps): RecordingUploads {
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  let snapshot: readonly RecordingEntry[] = [];
  let storePromise: Promise<ChunkStore> | null = null;

  function store(): Promise<ChunkStore> {
    storePromise ??= deps.openStore().catch((error: unknown) => {
      storePromise = null; // try again next time
      throw error;
    });
    return storePromise;
  }

  function publish() {
    snapshot = [...entries.values()]
      .sort((a, b) => a.meta.startedAt.localeCompare(b.meta.startedAt))
      .map((e) => e.state);
    listeners.forEach((listener) => listener());
  }

  function update(entry: Entry, patch: Partial<RecordingEntry>) {
    entry.state = { ...entry.state, ...patch };
    publish();
  }

  function holdLock(entry: Entry) {
    if (!deps.locks || entry.releaseLock) return;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    entry.releaseLock = release;
    deps.locks.request(`${LOCK_PREFIX}${entry.meta.id}`, () => held).catch(() => undefined);
  }

  function letGo(entry: Entry) {
    entry.releaseLock?.();
    entry.releaseLock = null;
  }

  async function ensureSession(entry: Entry): Promise<string> {
    if (entry.meta.sessionId) return entry.meta.sessionId;
    // Recording started offline: the session is made now, before the first chunk goes up.
    const session = await deps.createSession({
      patientName: entry.meta.patientName,
      templateId: entry.meta.templateId,
      language: entry.meta.language,
      consent: entry.meta.consent ?? null,
    });
    entry.meta = { ...entry.meta, sessionId: session.id };
    update(entry, { sessionId: session.id });
    await store()
      .then((s) => s.updateRecording(entry.meta.id, { sessionId: session.id }))
      .catch(() => undefined);
    return session.id;
  }

  async function readChunk(entry: Entry, index: number): Promise<ArrayBuffer> {
    const inMemory = entry.memory.get(index);
    if (inMemory) return inMemory;
    const chunk = await (await store()).getChunk(entry.meta.id, index);
    if (!chunk) throw new MissingLocalChunkError(index);
    return chunk.data;
  }

  function makeQueue(entry: () => Entry, initial?: Parameters<typeof createUploadQueue>[1]): UploadQueue {
    return createUploadQueue(
      {
        ...deps.queueOptions,
        isOnline: deps.isOnline,
        classifyError: (error) => (error instanceof RecordingOfAnotherUserError ? { kind: 'fatal' } : classifyUploadError(error)),
        send: async (index, final) => {
          const e = entry();
          if (deps.currentUid && deps.currentUid() !== e.meta.uid) throw new RecordingOfAnotherUserError();
          const sessionId = await ensureSession(e);
          const data = await readChunk(e, index);
          const receipt = await deps.uploadPart({
            data: new Blob([data], { type: e.meta.mimeType }),
            name: fileNameFor(e.meta),
            uploadId: e.meta.uploadId,
            chunkIndex: index,
            final,
            sessionId,
          });
          return { complete: receipt.complete };
        },
        onConfirmed: async (index, final) => {
          const e = entry();
          // Only a flag for recovery's progress figures: failing to write it must not fail the upload.
          await store()
            .then((s) => s.markUploaded(e.meta.id, index, final))
            .catch(() => undefined);
          e.memory.delete(index);
        },
        onChange: (queueState) => {
          const e = entry();
          const phase: EntryPhase =
            queueState.status === 'complete' ? 'complete' : queueState.status === 'failed' ? 'failed' : e.state.phase === 'recording' ? 'recording' : 'uploading';
          update(e, { queue: queueState, phase });
          if (queueState.status === 'complete') void onComplete(e);
        },
      },
      initial,
    );
  }

  async function onComplete(entry: Entry) {
    // The server has everything: now, and only now, the local copy goes.
    try {
      await (await store()).deleteRecording(entry.meta.id);
    } catch {
      // Left behind, it would be offered for recovery; re-sending the final then answers "complete" at once.
    }
    entry.memory.clear();
    letGo(entry);
  }

  function register(meta: StoredRecording, phase: EntryPhase, recovered: boolean, initial?: Parameters<typeof createUploadQueue>[1]): Entry {
    // Assigned once below; the queue reads it lazily, after the entry exists.
    // eslint-disable-next-line prefer-const
    let self: Entry | undefined;
    const queue = makeQueue(() => self!, initial);
    const entry: Entry = {
      meta,
      queue,
      state: {
        recordingId: meta.id,
        uid: meta.uid,
        patientName: meta.patientName,
        sessionId: meta.sessionId,
        phase,
        recovered,
        elapsedMs: meta.elapsedMs,
        queue: queue.getState(),
        storageProblem: null,
      },
      writes: Promise.resolve(),
      nextIndex: initial?.chunks?.length ?? 0,
      memory: new Map(),
      releaseLock: null,
    };
    self = entry;
    entries.set(meta.id, entry);
    holdLock(entry);
    publish();
    return entry;
  }

  function storageProblem(entry: Entry, error: unknown) {
    const detail = error instanceof DOMException && error.name === 'QuotaExceededError' ? 'this device is out of storage space' : 'this browser is not letting Charta store it';
    update(entry, {
      storageProblem: `The recording is not being saved on this device (${detail}). Keep this page open until the upload has finished.`,
    });
  }

  const manager: RecordingUploads = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    getSnapshot: () => snapshot,

    async begin(recording) {
      const meta: StoredRecording = { ...recording, stoppedAt: null, elapsedMs: 0 };
      const entry = register(meta, 'recording', false);
      try {
        await (await store()).putRecording(meta);
      } catch (error) {
        storageProblem(entry, error);
      }
    },

    addChunk(recordingId, data, elapsedMs) {
      const entry = entries.get(recordingId);
      if (!entry || data.size === 0) return Promise.resolve();
      const write = async () => {
        const index = entry.nextIndex;
        entry.nextIndex += 1;
        const bytes = await data.arrayBuffer();
        try {
          const s = await store();
          await s.putChunk({
            recordingId,
            sessionId: entry.meta.sessionId,
            uploadId: entry.meta.uploadId,
            chunkIndex: index,
            data: bytes,
            size: bytes.byteLength,
            uploaded: false,
            final: false,
            createdAt: new Date().toISOString(),
          });
          await s.updateRecording(recordingId, { elapsedMs });
        } catch (error) {
          entry.memory.set(index, bytes);
          storageProblem(entry, error);
        }
        entry.meta = { ...entry.meta, elapsedMs };
        update(entry, { elapsedMs });
        // Only now, with the chunk safe on disk (or at least in memory), may it be uploaded.
        entry.queue.add(index, bytes.byteLength);
      };
      entry.writes = entry.writes.then(write, write);
      return entry.writes;
    },

    async finish(recordingId, elapsedMs) {
      const entry = entries.get(recordingId);
      if (!entry) return;
      await entry.writes;
      const stoppedAt = new Date().toISOString();
      entry.meta = { ...entry.meta, stoppedAt, elapsedMs };
      await store()
        .then((s) => s.updateRecording(recordingId, { stoppedAt, elapsedMs }))
        .catch(() => undefined);
      if (entry.nextIndex === 0) {
        // Nothing was captured: there is nothing to upload or keep.
        await manager.discard(recordingId);
        return;
      }
      update(entry, { phase: 'uploading', elapsedMs });
      entry.queue.close();
    },

    async findUnfinished(uid) {
      const s = await store();
      const held = new Set<string>();
      if (deps.locks) {
        const snapshotOfLocks = await deps.locks.query().catch(() => ({ held: [] as LockInfo[] }));
        for (const lock of snapshotOfLocks.held ?? []) if (lock.name?.startsWith(LOCK_PREFIX)) held.add(lock.name.slice(LOCK_PREFIX.length));
      }
      const found: UnfinishedRecording[] = [];
      for (const recording of await s.listRecordings(uid)) {
        if (entries.has(recording.id) || held.has(recording.id)) continue;
        const chunks = await s.listChunks(recording.id);
        if (chunks.length === 0) {
          // Started but never got a chunk (closed within the first seconds): nothing to recover.
          await s.deleteRecording(recording.id).catch(() => undefined);
          continue;
        }
        found.push({
          recording,
          chunkCount: chunks.length,
          bytes: chunks.reduce((sum, c) => sum + c.size, 0),
          uploadedCount: chunks.filter((c) => c.uploaded).length,
        });
      }
      return found;
    },

    async recover(recordingId) {
      if (entries.has(recordingId)) return;
      const s = await store();
      const recording = await s.getRecording(recordingId);
      if (!recording) return;
      const chunks = await s.listChunks(recordingId);
      const stoppedAt = recording.stoppedAt ?? new Date().toISOString();
      const meta = { ...recording, stoppedAt };
      await s.updateRecording(recordingId, { stoppedAt }).catch(() => undefined);
      // Indexes are gapless from 0 as written; the highest stored one closes the upload.
      const entry = register(meta, 'uploading', true, {
        chunks: chunks.map((c) => ({ index: c.chunkIndex, size: c.size, uploaded: c.uploaded })),
        closed: true,
      });
      entry.queue.retry();
    },

    async discard(recordingId) {
      const entry = entries.get(recordingId);
      let meta = entry?.meta ?? null;
      if (entry) {
        entry.queue.dispose();
        entries.delete(recordingId);
        letGo(entry);
        publish();
      }
      const s = await store().catch(() => null);
      meta ??= (await s?.getRecording(recordingId)) ?? null;
      await s?.deleteRecording(recordingId);
      // The session was made for this audio; without it, it is an empty draft in the list.
      if (meta?.sessionId) await deps.deleteSession(meta.sessionId).catch(() => undefined);
    },

    retry(recordingId) {
      entries.get(recordingId)?.queue.retry();
    },

    dismiss(recordingId) {
      const entry = entries.get(recordingId);
      if (!entry || entry.state.phase !== 'complete') return;
      entry.queue.dispose();
      letGo(entry);
      entries.delete(recordingId);
      publish();
    },

    setOnline(online) {
      for (const entry of entries.values()) entry.queue.setOnline(online);
    },

    forgetOthers(uid) {
      let changed = false;
      // uid null: nobody is signed in, so every recording is someone else's.
      for (const [id, entry] of entries) {
        if (entry.meta.uid === uid) continue;
        entry.queue.dispose();
        letGo(entry);
        entries.delete(id);
        changed = true;
      }
      if (changed) publish();
    },

    async keptAtSignOut(uid) {
      return (await survey(uid, completedHere())).kept;
    },

    async signOut(uid) {
      const completed = completedHere();
      manager.forgetOthers(null);
      const { kept, done } = await survey(uid, completed);
      const s = await store();
      for (const id of done) await s.deleteRecording(id);
      return kept;
    },
  };

  function completedHere(): Set<string> {
    return new Set([...entries.values()].filter((e) => e.state.phase === 'complete').map((e) => e.meta.id));
  }

  /** The user's recordings on this device: those kept at sign-out, and those the server has in full (or that hold nothing). */
  async function survey(uid: string, completed: ReadonlySet<string>): Promise<{ kept: KeptRecording[]; done: string[] }> {
    const s = await store();
    const kept: KeptRecording[] = [];
    const done: string[] = [];
    for (const recording of await s.listRecordings(uid)) {
      const chunks = await s.listChunks(recording.id);
      // The final chunk is confirmed only by the server's "complete" answer (see upload-queue).
      const complete = completed.has(recording.id) || chunks.some((c) => c.final && c.uploaded);
      if (complete || chunks.length === 0) done.push(recording.id);
      else kept.push({ recordingId: recording.id, patientName: recording.patientName, startedAt: recording.startedAt, elapsedMs: recording.elapsedMs });
    }
    return { kept, done };
  }
  return manager;
}
