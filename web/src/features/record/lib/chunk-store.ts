// The recording's safety net: every chunk MediaRecorder produces is written here before anything else
// happens to it, and stays until the server has the complete recording. After a crash, a reload or a closed
// tab, what is here is everything needed to finish the upload.
//
// Chunks are stored as ArrayBuffers rather than Blobs: Safari has lost Blobs kept in IndexedDB in the past,
// and plain bytes survive structured cloning everywhere (including the tests' fake IndexedDB).

import type { ConsentMethod } from '@charta/contract';

export const CHUNK_DB_NAME = 'charta-recordings';
const DB_VERSION = 1;
const RECORDINGS = 'recordings';
const CHUNKS = 'chunks';
const BY_RECORDING = 'byRecording';

/** One recording, as far as this device knows it. */
export interface StoredRecording {
  /** Ours (client-made); names the recording in this store and its Web Lock. */
  id: string;
  /** The signed-in user who made it: other users on this browser never see it. */
  uid: string;
  /** Null when the session could not be created yet (offline at the start); made before the first upload. */
  sessionId: string | null;
  uploadId: string;
  patientName: string;
  templateId: string;
  language: string;
  /** The consent confirmed before recording (docs/privacy.md "Consent"), sent with the session if it is made later (offline start). */
  consent?: ConsentMethod | null;
  mimeType: string;
  startedAt: string;
  /** Set when the user pressed Stop (or the recorder stopped by itself); null while it was still recording. */
  stoppedAt: string | null;
  /** Recording time, pauses excluded, as of the last chunk. */
  elapsedMs: number;
}

export interface StoredChunk {
  recordingId: string;
  /** The session known when the chunk was captured (null if it did not exist yet); uploads use the recording's. */
  sessionId: string | null;
  uploadId: string;
  /** 0-based, gapless: empty data is never given an index. */
  chunkIndex: number;
  data: ArrayBuffer;
  size: number;
  /** The server answered 201 for this chunk. */
  uploaded: boolean;
  /** Sent (or to be sent) with final=true: the upload's last chunk. */
  final: boolean;
  createdAt: string;
}

/** A chunk without its bytes: what progress and recovery need to know. */
export type ChunkInfo = Omit<StoredChunk, 'data'>;

export interface ChunkStore {
  putRecording(recording: StoredRecording): Promise<void>;
  /** Changes some fields of a stored recording; a missing recording is left missing. */
  updateRecording(id: string, patch: Partial<Omit<StoredRecording, 'id'>>): Promise<StoredRecording | null>;
  getRecording(id: string): Promise<StoredRecording | null>;
  /** Every recording of `uid` on this device, oldest first. */
  listRecordings(uid: string): Promise<StoredRecording[]>;
  putChunk(chunk: StoredChunk): Promise<void>;
  getChunk(recordingId: string, chunkIndex: number): Promise<StoredChunk | null>;
  /** The recording's chunks in chunkIndex order, without their bytes. */
  listChunks(recordingId: string): Promise<ChunkInfo[]>;
  markUploaded(recordingId: string, chunkIndex: number, final?: boolean): Promise<void>;
  /** Removes the recording and all its chunks, in one transaction. */
  deleteRecording(id: string): Promise<void>;
  close(): void;
}

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function completion(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(RECORDINGS)) db.createObjectStore(RECORDINGS, { keyPath: 'id' });
      if (!db.objectStoreNames.contains(CHUNKS)) {
        const chunks = db.createObjectStore(CHUNKS, { keyPath: ['recordingId', 'chunkIndex'] });
        chunks.createIndex(BY_RECORDING, 'recordingId');
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('Could not open IndexedDB'));
    // Another tab holds an older version open: it is told to close (below); this waits for it.
    request.onblocked = () => undefined;
  });
}

function withoutData({ data: _data, ...info }: StoredChunk): ChunkInfo {
  return info;
}

/** Opens (creating on first use) the recordings database. */
export async function openChunkStore(options: { factory?: IDBFactory; name?: string } = {}): Promise<ChunkStore> {
  const factory = options.factory ?? globalThis.indexedDB;
  if (!factory) throw new Error('This browser cannot store recordings (IndexedDB is unavailable).');
  const db = await openDatabase(factory, options.name ?? CHUNK_DB_NAME);
  // A newer version of the app in another tab wants to upgrade: let it, rather than block it forever.
  db.onversionchange = () => db.close();

  const recordingRange = (recordingId: string) => IDBKeyRange.bound([recordingId, 0], [recordingId, Number.MAX_SAFE_INTEGER]);

  // One record per transaction: a write resolves once committed, so a chunk counts as stored only then.
  async function put(storeName: string, value: StoredRecording | StoredChunk): Promise<void> {
    const tx = db.transaction(storeName, 'readwrite');
    tx.objectStore(storeName).put(value);
    await completion(tx);
  }

  async function get<T>(storeName: string, key: IDBValidKey): Promise<T | null> {
    const tx = db.transaction(storeName, 'readonly');
    const found = (await promisify(tx.objectStore(storeName).get(key))) as T | undefined;
    return found ?? null;
  }

  /** Read, change and write one record in one transaction; null (and nothing written) when it is not there. */
  async function update<T extends StoredRecording | StoredChunk>(storeName: string, key: IDBValidKey, change: (current: T) => T): Promise<T | null> {
    const tx = db.transaction(storeName, 'readwrite');
    const store = tx.objectStore(storeName);
    const current = (await promisify(store.get(key))) as T | undefined;
    const next = current ? change(current) : null;
    if (next) store.put(next);
    await completion(tx);
    return next;
  }

  return {
    putRecording: (recording) => put(RECORDINGS, recording),

    updateRecording: (id, patch) => update<StoredRecording>(RECORDINGS, id, (current) => ({ ...current, ...patch, id })),

    getRecording: (id) => get<StoredRecording>(RECORDINGS, id),

    async listRecordings(uid) {
      const tx = db.transaction(RECORDINGS, 'readonly');
      const all = (await promisify(tx.objectStore(RECORDINGS).getAll())) as StoredRecording[];
      return all.filter((r) => r.uid === uid).sort((a, b) => a.startedAt.localeCompare(b.startedAt));
    },

    putChunk: (chunk) => put(CHUNKS, chunk),

    getChunk: (recordingId, chunkIndex) => get<StoredChunk>(CHUNKS, [recordingId, chunkIndex]),

    async listChunks(recordingId) {
      const tx = db.transaction(CHUNKS, 'readonly');
      const infos: ChunkInfo[] = [];
      // A cursor rather than getAll: the bytes of a long recording never need to be in memory at once.
      await new Promise<void>((resolve, reject) => {
        const request = tx.objectStore(CHUNKS).openCursor(recordingRange(recordingId));
        request.onsuccess = () => {
          const cursor = request.result;
          if (!cursor) return resolve();
          infos.push(withoutData(cursor.value as StoredChunk));
          cursor.continue();
        };
        request.onerror = () => reject(request.error ?? new Error('IndexedDB cursor failed'));
      });
      return infos;
    },

    async markUploaded(recordingId, chunkIndex, final) {
      await update<StoredChunk>(CHUNKS, [recordingId, chunkIndex], (current) => ({ ...current, uploaded: true, final: final ?? current.final }));
    },

    async deleteRecording(id) {
      const tx = db.transaction([RECORDINGS, CHUNKS], 'readwrite');
      tx.objectStore(RECORDINGS).delete(id);
      tx.objectStore(CHUNKS).delete(recordingRange(id));
      await completion(tx);
    },

    close() {
      db.close();
    },
  };
}
