import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import type { DataExportRecord } from './data-export.js';

const exportConverter = recordConverter<DataExportRecord>().storingAsTimestamps('createdAt', 'finishedAt', 'expiresAt', 'buildLeaseUntil');

/** Typed access to `dataExports/{id}`; a user's exports are found by ownerUid, newest first (an index). */
export class DataExportRepo {
  constructor(private readonly db: Firestore) {}

  private get collection() {
    return this.db.collection(COLLECTIONS.dataExports).withConverter(exportConverter);
  }

  newId(): string {
    return this.collection.doc().id;
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(work);
  }

  async find(id: string, tx?: Transaction): Promise<DataExportRecord | null> {
    const ref = this.collection.doc(id);
    const snap = tx ? await tx.get(ref) : await ref.get();
    return snap.data() ?? null;
  }

  /** The user's exports, newest first (a user keeps one or two: starting one removes the older ones). */
  async ownedBy(uid: string, tx?: Transaction): Promise<DataExportRecord[]> {
    const query = this.collection.where('ownerUid', '==', uid).orderBy('createdAt', 'desc').limit(10);
    const snap = tx ? await tx.get(query) : await query.get();
    return snap.docs.map((d) => d.data());
  }

  create(tx: Transaction, record: DataExportRecord): void {
    tx.create(this.collection.doc(record.id), record);
  }

  update(tx: Transaction, record: DataExportRecord): void {
    tx.set(this.collection.doc(record.id), record);
  }

  async delete(id: string): Promise<void> {
    await this.collection.doc(id).delete();
  }
}
