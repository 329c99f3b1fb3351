import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { toTimestamp } from '../firestore/timestamps.js';
import type { DocumentationRecord } from './documentation.js';

/** `documentation/{id}`: generatedAt is a Timestamp (the monthly counter counts by range); other dates stay ISO. */
const documentationConverter = recordConverter<DocumentationRecord>().storingAsTimestamps('generatedAt');

/**
 * Typed access to `documentation/{id}`. A session has one documentation, whose id is the session's id:
 * a retried or duplicated pipeline event finds it instead of writing a second one.
 */
export class DocumentationRepo {
  constructor(private readonly db: Firestore) {}

  private get collection() {
    return this.db.collection(COLLECTIONS.documentation).withConverter(documentationConverter);
  }

  private ref(id: string) {
    return this.collection.doc(id);
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(work);
  }

  async find(id: string, tx?: Transaction): Promise<DocumentationRecord | null> {
    const snap = tx ? await tx.get(this.ref(id)) : await this.ref(id).get();
    return snap.data() ?? null;
  }

  save(tx: Transaction, record: DocumentationRecord): void {
    tx.set(this.ref(record.id), record);
  }

  async delete(id: string): Promise<void> {
    await this.ref(id).delete();
  }

  /** How many documentations the user had generated in [from, to): an aggregation, no documents read. */
  async countGenerated(uid: string, from: Date, to: Date): Promise<number> {
    const snap = await this.collection
      .where('ownerUid', '==', uid)
      .where('generatedAt', '>=', toTimestamp(from))
      .where('generatedAt', '<', toTimestamp(to))
      .count()
      .get();
    return snap.data().count;
  }
}
