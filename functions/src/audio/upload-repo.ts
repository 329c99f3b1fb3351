import { AggregateField, FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { readRecords, TypedCollection } from '../firestore/typed-collection.js';
import type { AudioFormat } from './audio-format.js';
import type { AudioUpload } from './audio-upload.js';

/** `audioUploads/{uploadId}`: stored as it is (dates stay ISO strings: never queried by range). */
const uploadConverter = recordConverter<AudioUpload>().storingAsTimestamps();

/** `audioUploads/{uploadId}/chunks/{index}`: one chunk received, written once. */
export interface ChunkRecord {
  index: number;
  sizeBytes: number;
  receivedAt: string;
  /**
   * For a WebM recording, the first Cluster that begins in this chunk (its byte offset in the chunk, and
   * its time in the recording): where a window of a recording in progress can be decoded from. Null when
   * none begins in it (or the audio is not WebM).
   */
  firstClusterOffset: number | null;
  firstClusterMs: number | null;
}
const chunkConverter = recordConverter<ChunkRecord>().storingAsTimestamps();

/** What recording a chunk did: counted now, counted before (a retry), or its upload is gone (deleted). */
export type ChunkRecorded = 'new' | 'repeat' | 'upload_gone';

/** gRPC status codes Firestore reports a failed precondition with. */
const ALREADY_EXISTS = 6;
const NOT_FOUND = 5;
const codeOf = (err: unknown) => (typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined);

/**
 * Typed access to `audioUploads/{uploadId}` and its chunk records. A chunk is recorded without a
 * transaction: its own record is created (which fails if it exists: a retry) in one batch with increments
 * of the upload's counts, so chunks of one recording sent at once never contend for one document.
 */
export class UploadRepo extends TypedCollection<AudioUpload> {
  constructor(db: Firestore) {
    super(db, COLLECTIONS.audioUploads, uploadConverter, (upload) => upload.uploadId);
  }

  private chunks(uploadId: string) {
    return this.db.collection(COLLECTIONS.audioUploads).doc(uploadId).collection('chunks').withConverter(chunkConverter);
  }

  /** Creates the upload's record unless one exists; returns the record that is stored (this one or the other). */
  async createIfAbsent(upload: AudioUpload): Promise<AudioUpload> {
    try {
      await this.doc(upload.uploadId).create(upload);
      return upload;
    } catch (err) {
      if (codeOf(err) !== ALREADY_EXISTS) throw err;
      const stored = await this.find(upload.uploadId);
      if (!stored) throw err;
      return stored;
    }
  }

  /**
   * Records chunk `index` once: its record, and the upload's counts (and the format, from chunk 0), in one
   * atomic batch. A second recording of the same index changes nothing ('repeat'); an upload deleted
   * meanwhile (with its session or account) records nothing ('upload_gone').
   */
  async recordChunk(uploadId: string, chunk: ChunkRecord, format: AudioFormat | null): Promise<ChunkRecorded> {
    const batch = this.db.batch();
    batch.create(this.chunks(uploadId).doc(chunkId(chunk.index)), chunk);
    batch.update(this.db.collection(COLLECTIONS.audioUploads).doc(uploadId), {
      bytesReceived: FieldValue.increment(chunk.sizeBytes),
      chunksReceived: FieldValue.increment(1),
      updatedAt: chunk.receivedAt,
      ...(format ? { format } : {}),
    });
    try {
      await batch.commit();
      return 'new';
    } catch (err) {
      if (codeOf(err) === ALREADY_EXISTS) return 'repeat';
      if (codeOf(err) === NOT_FOUND) return 'upload_gone';
      throw err;
    }
  }

  /** Withdraws a chunk's record (one recorded after the upload closed before it): the counts go back too. */
  async unrecordChunk(uploadId: string, chunk: ChunkRecord): Promise<void> {
    const batch = this.db.batch();
    batch.delete(this.chunks(uploadId).doc(chunkId(chunk.index)));
    batch.update(this.db.collection(COLLECTIONS.audioUploads).doc(uploadId), {
      bytesReceived: FieldValue.increment(-chunk.sizeBytes),
      chunksReceived: FieldValue.increment(-1),
    });
    await batch.commit().catch((err: unknown) => {
      if (codeOf(err) !== NOT_FOUND) throw err;
    });
  }

  /** The highest chunk index recorded above `index`, or null. */
  async highestChunkAbove(uploadId: string, index: number, tx?: Transaction): Promise<number | null> {
    const query = this.chunks(uploadId).where('index', '>', index).orderBy('index', 'desc').limit(1);
    const snap = tx ? await tx.get(query) : await query.get();
    return snap.docs[0]?.data().index ?? null;
  }

  /**
   * How many chunks from 0 on have all arrived (the first missing one's index), looking no further than
   * `upTo`: a few count aggregations, by bisection, whatever the recording's length.
   */
  async contiguousChunks(uploadId: string, upTo: number): Promise<number> {
    let low = 0;
    let high = upTo;
    if ((await this.countChunksBelow(uploadId, high)) === high) return high;
    // Invariant: chunks 0..low-1 have all arrived; one of 0..high-1 has not.
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if ((await this.countChunksBelow(uploadId, mid)) === mid) low = mid;
      else high = mid;
    }
    return low;
  }

  /** The last chunk below `belowIndex` in which a Cluster begins at or before `atMs`: where decoding from `atMs` can start. */
  async lastClusterAtOrBefore(uploadId: string, atMs: number, belowIndex: number): Promise<{ chunkIndex: number; offset: number; timeMs: number } | null> {
    const snap = await this.chunks(uploadId).where('firstClusterMs', '<=', atMs).orderBy('firstClusterMs', 'desc').limit(8).get();
    const found = snap.docs.map((d) => d.data()).find((c) => c.index < belowIndex && c.firstClusterOffset !== null && c.firstClusterMs !== null);
    return found ? { chunkIndex: found.index, offset: found.firstClusterOffset!, timeMs: found.firstClusterMs! } : null;
  }

  /** How many of chunks 0..n-1 are recorded (an aggregation: no chunk record is read). */
  async countChunksBelow(uploadId: string, n: number): Promise<number> {
    const snap = await this.chunks(uploadId).where('index', '<', n).count().get();
    return snap.data().count;
  }

  /** Sets only these fields (within a transaction that read the record, so counts being incremented are kept). */
  update(tx: Transaction, uploadId: string, changes: Partial<AudioUpload>): void {
    tx.update(this.db.collection(COLLECTIONS.audioUploads).doc(uploadId), changes);
  }

  /** Creates the record in the caller's transaction (which read that it is absent). */
  override create(tx: Transaction, upload: AudioUpload): void {
    super.create(tx, upload);
  }

  /**
   * The upload's record, then everything beneath it (chunk records, windows, the transcription plan). The
   * record goes first: every write beneath it (a chunk recorded, a window stored) re-reads it in its own
   * batch or transaction and writes nothing once it is gone, so nothing is left behind however they race.
   */
  override async delete(uploadId: string): Promise<void> {
    const ref = this.db.collection(COLLECTIONS.audioUploads).doc(uploadId);
    await ref.delete();
    await this.db.recursiveDelete(ref);
  }

  /** The chunk records alone (the chunks are joined; the upload's record stays). */
  async deleteChunkRecords(uploadId: string): Promise<void> {
    await this.db.recursiveDelete(this.db.collection(COLLECTIONS.audioUploads).doc(uploadId).collection('chunks'));
  }

  /** The audio bytes a user keeps (uploads in progress and complete), summed by Firestore without reading them. */
  async bytesStoredBy(uid: string): Promise<number> {
    const snap = await this.collection.where('ownerUid', '==', uid).aggregate({ bytes: AggregateField.sum('bytesReceived') }).get();
    return snap.data().bytes;
  }

  /** Uploads that name a session (complete or still receiving): they go when the session goes. */
  async findNamingSession(uid: string, sessionId: string): Promise<AudioUpload[]> {
    return (await readRecords(this.collection.where('sessionId', '==', sessionId))).filter((upload) => upload.ownerUid === uid);
  }

  /** Deletes the record in a transaction; its chunk records go after it (deleteChunkRecords). */
  override deleteIn(tx: Transaction, uploadId: string): void {
    super.deleteIn(tx, uploadId);
  }

  /** uid's uploads of a file with this SHA-256 (equality filters only: Firestore merges the single-field indexes). */
  findOwnedWithChecksum(uid: string, sha256: string): Promise<AudioUpload[]> {
    return readRecords(this.collection.where('ownerUid', '==', uid).where('sha256', '==', sha256).limit(50));
  }

  async findAllOwnedBy(uid: string): Promise<AudioUpload[]> {
    const snap = await this.collection.where('ownerUid', '==', uid).get();
    return snap.docs.map((d) => d.data());
  }
}

/** Zero-padded, so the records list in index order. */
const chunkId = (index: number) => String(index).padStart(6, '0');
