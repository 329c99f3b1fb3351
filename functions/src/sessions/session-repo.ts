import { FieldPath, Timestamp, type Firestore, type Query, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import type { SessionRecord, SessionStatus } from './session.js';

type StoredSession = Omit<SessionRecord, 'createdAt' | 'updatedAt'> & { createdAt: Timestamp; updatedAt: Timestamp };

function toStored(record: SessionRecord): StoredSession {
  return { ...record, createdAt: Timestamp.fromDate(new Date(record.createdAt)), updatedAt: Timestamp.fromDate(new Date(record.updatedAt)) };
}

function fromStored(stored: StoredSession): SessionRecord {
  return { ...stored, createdAt: stored.createdAt.toDate().toISOString(), updatedAt: stored.updatedAt.toDate().toISOString() };
}

/** A position in a newest-first listing: the last item's creation time and id (ids break ties). */
export interface PageCursor {
  createdAtMs: number;
  id: string;
}

export function encodeCursor(record: Pick<SessionRecord, 'createdAt' | 'id'>): string {
  return Buffer.from(JSON.stringify([Date.parse(record.createdAt), record.id])).toString('base64url');
}

export function decodeCursor(cursor: string): PageCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && Number.isInteger(value[0]) && typeof value[1] === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(value[1])) {
      return { createdAtMs: value[0] as number, id: value[1] };
    }
  } catch {
    // fall through: not one of ours
  }
  return null;
}

/** Typed access to `sessions/{id}`. Every query is scoped to one owner and served by a composite index. */
export class SessionRepo {
  constructor(private readonly db: Firestore) {}

  private get collection() {
    return this.db.collection(COLLECTIONS.sessions);
  }

  newId(): string {
    return this.collection.doc().id;
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(work);
  }

  async find(id: string, tx?: Transaction): Promise<SessionRecord | null> {
    const ref = this.collection.doc(id);
    const snap = tx ? await tx.get(ref) : await ref.get();
    return snap.exists ? fromStored(snap.data() as StoredSession) : null;
  }

  /** The session if it exists and belongs to uid; otherwise null (callers answer 404 either way). */
  async findOwned(uid: string, id: string, tx?: Transaction): Promise<SessionRecord | null> {
    const record = await this.find(id, tx);
    return record && record.ownerUid === uid ? record : null;
  }

  save(tx: Transaction, record: SessionRecord): void {
    tx.set(this.collection.doc(record.id), toStored(record));
  }

  async delete(id: string): Promise<void> {
    await this.collection.doc(id).delete();
  }

  private newestFirst(uid: string): Query {
    return this.collection.where('ownerUid', '==', uid).orderBy('createdAt', 'desc').orderBy(FieldPath.documentId(), 'desc');
  }

  /** One page, newest first, after `cursor`; one extra document is read to know whether more follow. */
  async listPage(uid: string, opts: { limit: number; cursor: PageCursor | null; status?: SessionStatus | undefined; prefix?: string | undefined }): Promise<{ items: SessionRecord[]; hasMore: boolean }> {
    let query = this.collection.where('ownerUid', '==', uid);
    if (opts.status) query = query.where('status', '==', opts.status);
    if (opts.prefix) query = query.where('searchPrefixes', 'array-contains', opts.prefix);
    query = query.orderBy('createdAt', 'desc').orderBy(FieldPath.documentId(), 'desc');
    if (opts.cursor) query = query.startAfter(Timestamp.fromMillis(opts.cursor.createdAtMs), opts.cursor.id);
    const snap = await query.limit(opts.limit + 1).get();
    const items = snap.docs.slice(0, opts.limit).map((d) => fromStored(d.data() as StoredSession));
    return { items, hasMore: snap.docs.length > opts.limit };
  }

  /** Ids of all of a user's sessions, a page at a time (for account deletion). */
  async *idsOwnedBy(uid: string, pageSize = 200): AsyncGenerator<string[]> {
    let cursor: PageCursor | null = null;
    for (;;) {
      let query = this.newestFirst(uid).select('createdAt');
      if (cursor) query = query.startAfter(Timestamp.fromMillis(cursor.createdAtMs), cursor.id);
      const snap = await query.limit(pageSize).get();
      if (snap.empty) return;
      yield snap.docs.map((d) => d.id);
      const last = snap.docs[snap.docs.length - 1];
      if (!last || snap.docs.length < pageSize) return;
      const createdAt = last.get('createdAt') as Timestamp;
      cursor = { createdAtMs: createdAt.toMillis(), id: last.id };
    }
  }
}
