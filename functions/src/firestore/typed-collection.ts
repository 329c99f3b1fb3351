import type { CollectionReference, DocumentData, DocumentReference, Firestore, FirestoreDataConverter, Query, Transaction } from 'firebase-admin/firestore';

/** A document's record, read in the caller's transaction when there is one; null when it does not exist. */
export async function readRecord<R, S extends DocumentData>(ref: DocumentReference<R, S>, tx?: Transaction | null): Promise<R | null> {
  const snap = tx ? await tx.get(ref) : await ref.get();
  return snap.data() ?? null;
}

/** A query's records, read in the caller's transaction when there is one. */
export async function readRecords<R, S extends DocumentData>(query: Query<R, S>, tx?: Transaction | null): Promise<R[]> {
  const snap = tx ? await tx.get(query) : await query.get();
  return snap.docs.map((doc) => doc.data());
}

/**
 * A repository's own collection, typed by its converter (converter.ts): the find, save and delete every
 * repository wrote out for itself, once. A repository extends it and keeps only what is its own: its
 * queries (through the protected `collection` and `doc`), its rules for what it writes. Writes go in the
 * caller's transaction (`save`, `create`, `deleteIn`) or alone (`delete`). All but `find`, `save` and
 * `runTransaction` are protected: a repository offers each where it fits its collection (a session is
 * deleted only leaving its tombstone; a documentation's delete takes its versions too, which a
 * transaction's delete cannot). Reads are typed by the converter, not validated:
 * converter.ts says why.
 *
 *     export class ChatRepo extends TypedCollection<SessionChatRecord> {
 *       constructor(db: Firestore) {
 *         super(db, COLLECTIONS.sessionChats, chatConverter, (chat) => chat.sessionId);
 *       }
 *
 *       override deleteIn(tx: Transaction, sessionId: string): void {
 *         super.deleteIn(tx, sessionId);
 *       }
 *     }
 */
export class TypedCollection<R extends object, S extends DocumentData = DocumentData> {
  constructor(
    protected readonly db: Firestore,
    private readonly name: string,
    private readonly converter: FirestoreDataConverter<R, S>,
    /** The document id a record is stored under. */
    private readonly idOf: (record: R) => string,
  ) {}

  /** The collection, for the repository's queries. */
  protected get collection(): CollectionReference<R, S> {
    return this.db.collection(this.name).withConverter(this.converter);
  }

  protected doc(id: string): DocumentReference<R, S> {
    return this.collection.doc(id);
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(work);
  }

  /** A fresh id for a record to come (Firestore's own: random, 20 characters). */
  protected newId(): string {
    return this.collection.doc().id;
  }

  find(id: string, tx?: Transaction): Promise<R | null> {
    return readRecord(this.doc(id), tx);
  }

  /** Writes the whole record, replacing what was stored. */
  save(tx: Transaction, record: R): void {
    tx.set(this.doc(this.idOf(record)), record);
  }

  /** Writes a record that must be new: the transaction fails if the document exists. */
  protected create(tx: Transaction, record: R): void {
    tx.create(this.doc(this.idOf(record)), record);
  }

  /** Deletes it in the caller's transaction. */
  protected deleteIn(tx: Transaction, id: string): void {
    tx.delete(this.doc(id));
  }

  protected async delete(id: string): Promise<void> {
    await this.doc(id).delete();
  }
}

/** Deletes a document if there is one, answering how many went (0 or 1): account deletion counts them. */
export async function deleteCounted<R, S extends DocumentData>(ref: DocumentReference<R, S>): Promise<number> {
  const existed = (await ref.get()).exists;
  await ref.delete();
  return existed ? 1 : 0;
}
