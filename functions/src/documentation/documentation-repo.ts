import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import type { DocumentationRecord } from './documentation.js';

type Stored = Omit<DocumentationRecord, 'generatedAt'> & { generatedAt: Timestamp };

/**
 * Typed access to `documentation/{id}`. A session has one documentation, whose id is the session's id:
 * a retried or duplicated pipeline event finds it instead of writing a second one.
 */
export class DocumentationRepo {
  constructor(private readonly db: Firestore) {}

  private ref(id: string) {
    return this.db.collection(COLLECTIONS.documentation).doc(id);
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(work);
  }

  async find(id: string, tx?: Transaction): Promise<DocumentationRecord | null> {
    const snap = tx ? await tx.get(this.ref(id)) : await this.ref(id).get();
    if (!snap.exists) return null;
    const stored = snap.data() as Stored;
    return { ...stored, generatedAt: stored.generatedAt.toDate().toISOString() };
  }

  save(tx: Transaction, record: DocumentationRecord): void {
    tx.set(this.ref(record.id), { ...record, generatedAt: Timestamp.fromDate(new Date(record.generatedAt)) } satisfies Stored);
  }

  async delete(id: string): Promise<void> {
    await this.ref(id).delete();
  }

  /** How many documentations the user had generated in [from, to): an aggregation, no documents read. */
  async countGenerated(uid: string, from: Date, to: Date): Promise<number> {
    const snap = await this.db
      .collection(COLLECTIONS.documentation)
      .where('ownerUid', '==', uid)
      .where('generatedAt', '>=', Timestamp.fromDate(from))
      .where('generatedAt', '<', Timestamp.fromDate(to))
      .count()
      .get();
    return snap.data().count;
  }
}
