import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { readRecords, TypedCollection } from '../firestore/typed-collection.js';
import { sessionShareId, type SessionShareRecord } from './session-share.js';

const shareConverter = recordConverter<SessionShareRecord>().storingAsTimestamps('sharedAt');

/** A bound on what one query reads: a colleague's shared-with-me list, a clinic's shares when someone leaves. */
const PAGE = 500;

/** Typed access to `sessionShares`; every query is equalities only (single-field indexes serve them). */
export class SessionShareRepo extends TypedCollection<SessionShareRecord> {
  constructor(db: Firestore) {
    super(db, COLLECTIONS.sessionShares, shareConverter, (share) => sessionShareId(share.sessionId, share.colleagueUid));
  }

  findShare(sessionId: string, colleagueUid: string): Promise<SessionShareRecord | null> {
    return this.find(sessionShareId(sessionId, colleagueUid));
  }

  /** Writes the share (sharing again keeps one document, with the new time). */
  async put(share: SessionShareRecord): Promise<void> {
    await this.doc(sessionShareId(share.sessionId, share.colleagueUid)).set(share);
  }

  async remove(sessionId: string, colleagueUid: string): Promise<void> {
    await this.doc(sessionShareId(sessionId, colleagueUid)).delete();
  }

  ofSession(sessionId: string): Promise<SessionShareRecord[]> {
    return readRecords(this.collection.where('sessionId', '==', sessionId).limit(PAGE));
  }

  toColleague(colleagueUid: string): Promise<SessionShareRecord[]> {
    return readRecords(this.collection.where('colleagueUid', '==', colleagueUid).limit(PAGE));
  }

  /** Deletes every share `field` names `value` with (and, when given, in that clinic only); how many went. */
  async deleteWhere(field: 'sessionId' | 'ownerUid' | 'colleagueUid' | 'clinicId', value: string, clinicId?: string): Promise<number> {
    let deleted = 0;
    for (;;) {
      let query = this.collection.where(field, '==', value);
      if (clinicId !== undefined) query = query.where('clinicId', '==', clinicId);
      const snap = await query.select().limit(PAGE).get();
      if (snap.empty) return deleted;
      await Promise.all(snap.docs.map((doc) => doc.ref.delete()));
      deleted += snap.size;
    }
  }
}
