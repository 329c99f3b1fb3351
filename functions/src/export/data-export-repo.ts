import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { readRecords, TypedCollection } from '../firestore/typed-collection.js';
import type { DataExportRecord } from './data-export.js';

const exportConverter = recordConverter<DataExportRecord>().storingAsTimestamps('createdAt', 'finishedAt', 'expiresAt', 'buildLeaseUntil');

/** Typed access to `dataExports/{id}`; a user's exports are found by ownerUid, newest first (an index). */
export class DataExportRepo extends TypedCollection<DataExportRecord> {
  constructor(db: Firestore) {
    super(db, COLLECTIONS.dataExports, exportConverter, (dataExport) => dataExport.id);
  }

  /** The user's exports, newest first (a user keeps one or two: starting one removes the older ones). */
  ownedBy(uid: string, tx?: Transaction): Promise<DataExportRecord[]> {
    return readRecords(this.collection.where('ownerUid', '==', uid).orderBy('createdAt', 'desc').limit(10), tx);
  }

  override newId(): string {
    return super.newId();
  }

  override create(tx: Transaction, record: DataExportRecord): void {
    super.create(tx, record);
  }

  /**
   * Marks the user's start in `dataExportStarts/{uid}` within the transaction: read first, written when an export
   * is created, so racing starts conflict on this document and Firestore retries the loser, which then finds the
   * winner's export. Reading it is what makes it a conflict; the write is what the other transaction sees.
   */
  async readStartMarker(tx: Transaction, uid: string): Promise<void> {
    await tx.get(this.startMarker(uid));
  }

  writeStartMarker(tx: Transaction, uid: string, exportId: string, at: Date): void {
    tx.set(this.startMarker(uid), { exportId, startedAt: at });
  }

  private startMarker(uid: string) {
    return this.db.collection(COLLECTIONS.dataExportStarts).doc(uid);
  }

  /** The whole record again (its progress, its link). */
  update(tx: Transaction, record: DataExportRecord): void {
    this.save(tx, record);
  }

  override delete(id: string): Promise<void> {
    return super.delete(id);
  }
}
