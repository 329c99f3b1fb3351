import { Timestamp, type Firestore, type Query, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { newestFirst, startAfterCursor } from '../firestore/paging.js';
import { readRecord, TypedCollection } from '../firestore/typed-collection.js';
import type { PageCursor } from '../common/page-cursor.js';
import { LIFECYCLE_FIELDS, type SessionRecord, type SessionStatus, type SessionTombstone } from './session.js';

/** `sessions/{id}`: the record as it is, its dates as Timestamps (lists sort by createdAt). */
const sessionConverter = recordConverter<SessionRecord>().storingAsTimestamps('createdAt', 'updatedAt', 'readyAt', 'audioHeldSince', 'transcriptHeldSince');
/** `sessionDeletions/{sessionId}`: ids only (no patient data), kept while the session's data is deleted. */
const tombstoneConverter = recordConverter<SessionTombstone>().storingAsTimestamps();

/** Typed access to `sessions/{id}`. Every query is scoped to one owner and served by a composite index. */
export class SessionRepo extends TypedCollection<SessionRecord> {
  constructor(db: Firestore) {
    super(db, COLLECTIONS.sessions, sessionConverter, (session) => session.id);
  }

  override newId(): string {
    return super.newId();
  }

  /** The session if it exists and belongs to uid; otherwise null (callers answer 404 either way). */
  async findOwned(uid: string, id: string, tx?: Transaction): Promise<SessionRecord | null> {
    const record = await this.find(id, tx);
    return record && record.ownerUid === uid ? record : null;
  }

  /**
   * Saves a session's details (name, title, template, audio, engines...), leaving its state as stored: the
   * status and the run's claim are written only by a transition (session-lifecycle.ts, saveTransition), so a
   * feature that saves a copy of the session it read can never move it to another state, or back.
   */
  override save(tx: Transaction, record: SessionRecord): void {
    const details: Partial<SessionRecord> = { ...record };
    for (const field of LIFECYCLE_FIELDS) delete details[field];
    tx.set(this.doc(record.id), details, { merge: true });
  }

  /** Writes the whole record, state included: for session-lifecycle.ts alone (`npm run check` refuses other callers). */
  saveTransition(tx: Transaction, record: SessionRecord): void {
    super.save(tx, record);
  }

  /**
   * Deletes the session's document and leaves its tombstone, in the caller's transaction: from its commit
   * on, every transaction that re-reads the session finds it gone and writes nothing for it.
   */
  deleteLeavingTombstone(tx: Transaction, tombstone: SessionTombstone): void {
    this.deleteIn(tx, tombstone.id);
    tx.set(this.tombstones.doc(tombstone.id), tombstone);
  }

  findTombstone(id: string, tx?: Transaction): Promise<SessionTombstone | null> {
    return readRecord(this.tombstones.doc(id), tx);
  }

  async deleteTombstone(id: string): Promise<void> {
    await this.tombstones.doc(id).delete();
  }

  /** Ids of a user's sessions whose deletion has not finished (for account deletion). */
  async tombstoneIdsOwnedBy(uid: string): Promise<string[]> {
    const snap = await this.tombstones.where('ownerUid', '==', uid).select().get();
    return snap.docs.map((d) => d.id);
  }

  private get tombstones() {
    return this.db.collection(COLLECTIONS.sessionDeletions).withConverter(tombstoneConverter);
  }

  /** One page, newest first, after `cursor`; one extra document is read to know whether more follow. */
  async listPage(uid: string, opts: { limit: number; cursor: PageCursor | null; status?: SessionStatus | undefined; prefix?: string | undefined }): Promise<{ items: SessionRecord[]; hasMore: boolean }> {
    let query = this.collection.where('ownerUid', '==', uid);
    if (opts.status) query = query.where('status', '==', opts.status);
    if (opts.prefix) query = query.where('searchPrefixes', 'array-contains', opts.prefix);
    query = startAfterCursor(newestFirst(query, 'createdAt'), opts.cursor);
    const snap = await query.limit(opts.limit + 1).get();
    const items = snap.docs.slice(0, opts.limit).map((d) => d.data());
    return { items, hasMore: snap.docs.length > opts.limit };
  }

  /** How many sessions the user has (an aggregate query: nothing is read but the count). */
  async countOwnedBy(uid: string): Promise<number> {
    const snap = await this.collection.where('ownerUid', '==', uid).count().get();
    return snap.data().count;
  }

  /** Ids of all of a user's sessions, a page at a time (for account deletion). */
  async *idsOwnedBy(uid: string, pageSize = 200): AsyncGenerator<string[]> {
    let cursor: PageCursor | null = null;
    for (;;) {
      // Only the ids are needed: select() reads no fields beyond the sort key.
      const query: Query = startAfterCursor(newestFirst(this.collection.where('ownerUid', '==', uid), 'createdAt').select('createdAt'), cursor);
      const snap = await query.limit(pageSize).get();
      if (snap.empty) return;
      yield snap.docs.map((d) => d.id);
      const last = snap.docs[snap.docs.length - 1];
      if (!last || snap.docs.length < pageSize) return;
      const createdAt: unknown = last.get('createdAt');
      if (!(createdAt instanceof Timestamp)) throw new Error(`sessions/${last.id} has no createdAt Timestamp`);
      cursor = { timeMs: createdAt.toMillis(), id: last.id };
    }
  }
}
