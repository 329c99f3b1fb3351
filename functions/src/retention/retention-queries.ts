import type { RetentionKind } from '@charta/contract';
import type { DocumentSnapshot, Firestore, Query } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { toTimestamp } from '../firestore/timestamps.js';
import { retentionClock, RETENTION_POLICY } from './retention-policy.js';

/**
 * Retention's reads of `sessions`: ids only (`select()`), scoped to one owner, each served by a composite
 * index in firestore.indexes.json (the emulator needs none; production refuses the query without it). Each
 * deletion re-reads its session in a transaction and decides there, so these may be stale.
 */
export class RetentionQueries {
  constructor(private readonly db: Firestore) {}

  private get sessions() {
    return this.db.collection(COLLECTIONS.sessions);
  }

  /**
   * The next user, in uid order, who has sessions, after `afterUid` (null: the first): one document read per
   * user, and a cursor that is just a uid, so a pass can stop anywhere and go on from there.
   */
  async nextOwnerAfter(afterUid: string | null): Promise<string | null> {
    let query = this.sessions.orderBy('ownerUid').select('ownerUid');
    if (afterUid !== null) query = query.startAfter(afterUid);
    const snap = await query.limit(1).get();
    const uid: unknown = snap.docs[0]?.get('ownerUid');
    return typeof uid === 'string' ? uid : null;
  }

  /** uid's sessions whose `kind` is held since `cutoff` or before, a page of ids at a time. */
  async *dueIds(uid: string, kind: RetentionKind, cutoff: Date, pageSize: number = RETENTION_POLICY.pageSize): AsyncGenerator<string[]> {
    let after: DocumentSnapshot | null = null;
    for (;;) {
      let query = this.due(uid, kind, cutoff).select();
      if (after) query = query.startAfter(after);
      const snap = await query.limit(pageSize).get();
      if (snap.empty) return;
      yield snap.docs.map((d) => d.id);
      if (snap.docs.length < pageSize) return;
      after = snap.docs[snap.docs.length - 1] ?? null;
    }
  }

  /** How many of uid's sessions hold `kind` since `cutoff` or before (an aggregation: no document is read). */
  async countDue(uid: string, kind: RetentionKind, cutoff: Date): Promise<number> {
    const snap = await this.due(uid, kind, cutoff).count().get();
    return snap.data().count;
  }

  private due(uid: string, kind: RetentionKind, cutoff: Date): Query {
    const field = retentionClock(kind);
    // Whole sessions use the list's own index (ownerUid, createdAt desc); the parts have theirs.
    const direction = kind === 'session' ? 'desc' : 'asc';
    return this.sessions.where('ownerUid', '==', uid).where(field, '<=', toTimestamp(cutoff)).orderBy(field, direction);
  }
}
