import type { Firestore, Query } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { isAlreadyExists } from '../firestore/errors.js';
import { newestFirst, startAfterCursor } from '../firestore/paging.js';
import { toTimestamp } from '../firestore/timestamps.js';
import type { PageCursor } from '../common/page-cursor.js';
import type { AuditRecord } from './audit-entry.js';

/** `auditTrail/{id}`: the contract's entry and its expiry, with Firestore Timestamps for both times. */
const auditConverter = recordConverter<AuditRecord>().storingAsTimestamps('at', 'expiresAt');

/** The field the TTL policy names (firestore.indexes.json). */
export const AUDIT_EXPIRY_FIELD = 'expiresAt' satisfies keyof AuditRecord;

/**
 * The field naming who acted. Not `ownerUid`, `authorUid` or `uid`, the fields account deletion's sweep
 * deletes by (accounts/owned-documents.ts): entries outlive the account on purpose (docs/privacy.md "Audit trail").
 */
export const AUDIT_ACTOR_FIELD = 'actorUid' satisfies keyof AuditRecord;

export interface AuditQuery {
  sessionId?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/**
 * The trail's store, append-only: it can add entries and read them, and has no way to change or delete one.
 * No route does either; firestore.rules refuse every client read and write; entries go when their
 * `expiresAt` passes, by Firestore's TTL policy.
 */
export class AuditRepo {
  constructor(private readonly db: Firestore) {}

  private get collection() {
    return this.db.collection(COLLECTIONS.auditTrail).withConverter(auditConverter);
  }

  /**
   * Adds each entry with a create-only write. An entry whose id is taken is already there (a coalesced read
   * repeated in its window, a sign-in seen again): the first stays and the repeat adds nothing. Answers how
   * many were new.
   */
  async append(records: readonly AuditRecord[]): Promise<number> {
    const created = await Promise.all(
      records.map(async (record) => {
        try {
          await this.collection.doc(record.id).create(record);
          return true;
        } catch (err) {
          if (isAlreadyExists(err)) return false;
          throw err;
        }
      }),
    );
    return created.filter(Boolean).length;
  }

  private query(actorUid: string, filter: AuditQuery): Query<AuditRecord> {
    let query: Query<AuditRecord> = this.collection.where(AUDIT_ACTOR_FIELD, '==', actorUid);
    if (filter.sessionId) query = query.where('sessionId', '==', filter.sessionId);
    if (filter.action) query = query.where('action', '==', filter.action);
    if (filter.from) query = query.where('at', '>=', toTimestamp(filter.from));
    if (filter.to) query = query.where('at', '<', toTimestamp(filter.to));
    return newestFirst(query, 'at');
  }

  /** One page of a user's entries, newest first, after `cursor`; `limit + 1` are read to know if more follow. */
  async page(actorUid: string, filter: AuditQuery, cursor: PageCursor | null, limit: number): Promise<{ records: AuditRecord[]; more: boolean }> {
    const snap = await startAfterCursor(this.query(actorUid, filter), cursor).limit(limit + 1).get();
    const records = snap.docs.map((doc) => doc.data());
    return { records: records.slice(0, limit), more: records.length > limit };
  }
}
