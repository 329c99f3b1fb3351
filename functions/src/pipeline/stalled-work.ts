import { PIPELINE_STEPS } from '@charta/contract';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';

/**
 * The sweeper's queries: ids only (`select()` reads no fields), oldest first, a batch at a time. The
 * sweeper re-reads each candidate through its repository in a transaction and decides there, so these may
 * be stale. Each query is served by a composite index in firestore.indexes.json (the emulator needs none;
 * production refuses the query without it).
 */
export class StalledWorkQueries {
  constructor(private readonly db: Firestore) {}

  /** Sessions in a pipeline step whose run's lease ended before `now` (leases are ISO strings: they sort as text). */
  async sessionsWithLeaseEndedBefore(now: Date, limit: number): Promise<string[]> {
    const snap = await this.db
      .collection(COLLECTIONS.sessions)
      .where('status', 'in', [...PIPELINE_STEPS])
      .where('processingLeaseUntil', '<', now.toISOString())
      .orderBy('processingLeaseUntil')
      .limit(limit)
      .select()
      .get();
    return snap.docs.map((d) => d.id);
  }

  /** Sessions `uploaded` (waiting for the trigger) since before `cutoff` (session dates are Timestamps). */
  async sessionsUploadedBefore(cutoff: Date, limit: number): Promise<string[]> {
    const snap = await this.db
      .collection(COLLECTIONS.sessions)
      .where('status', '==', 'uploaded')
      .where('updatedAt', '<', Timestamp.fromDate(cutoff))
      .orderBy('updatedAt')
      .limit(limit)
      .select()
      .get();
    return snap.docs.map((d) => d.id);
  }

  /**
   * Uploads untouched since `cutoff` that nothing will finish or use: still receiving chunks, or complete
   * but never taken by a session (upload dates are ISO strings).
   */
  async uploadsAbandonedBefore(cutoff: Date, limit: number): Promise<string[]> {
    const uploads = this.db.collection(COLLECTIONS.audioUploads);
    const [receiving, unattached] = await Promise.all([
      uploads.where('status', '==', 'receiving').where('updatedAt', '<', cutoff.toISOString()).orderBy('updatedAt').limit(limit).select().get(),
      uploads
        .where('status', '==', 'complete')
        .where('sessionId', '==', null)
        .where('updatedAt', '<', cutoff.toISOString())
        .orderBy('updatedAt')
        .limit(limit)
        .select()
        .get(),
    ]);
    return [...receiving.docs, ...unattached.docs].map((d) => d.id);
  }

  /** Deletes an upload's record in the sweeper's transaction, so a late chunk or an attach either wins or finds it gone. */
  deleteUploadRecord(tx: Transaction, uploadId: string): void {
    tx.delete(this.db.collection(COLLECTIONS.audioUploads).doc(uploadId));
  }
}
