import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { newestFirst, startAfterCursor } from '../firestore/paging.js';
import { readRecord } from '../firestore/typed-collection.js';
import { cursorAfter, type PageCursor } from '../common/page-cursor.js';
import type { TemplateRecord } from './template.js';

/** `templates/{id}`: the record as it is, its dates as Timestamps (lists sort by createdAt). */
const templateConverter = recordConverter<TemplateRecord>().storingAsTimestamps('createdAt', 'updatedAt');

/** Typed access to `templates/{id}`. Every query is scoped to one owner (ownerUid) and served by an index. */
export class TemplateRepo {
  constructor(private readonly db: Firestore) {}

  private get collection() {
    return this.db.collection(COLLECTIONS.templates).withConverter(templateConverter);
  }

  newId(): string {
    return this.collection.doc().id;
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(work);
  }

  /** The template if it exists and belongs to uid; otherwise null (callers answer 404 either way). */
  async findOwned(uid: string, id: string, tx?: Transaction): Promise<TemplateRecord | null> {
    const record = await readRecord(this.collection.doc(id), tx);
    return record && record.ownerUid === uid ? record : null;
  }

  save(tx: Transaction, record: TemplateRecord): void {
    tx.set(this.collection.doc(record.id), record);
  }

  async create(record: TemplateRecord): Promise<void> {
    await this.collection.doc(record.id).create(record);
  }

  /** Deletes up to 500 templates in one batch (account deletion pages through them). */
  async deleteMany(ids: readonly string[]): Promise<void> {
    const batch = this.db.batch();
    for (const id of ids) batch.delete(this.collection.doc(id));
    await batch.commit();
  }

  delete(tx: Transaction, id: string): void {
    tx.delete(this.collection.doc(id));
  }

  async countOwnedBy(uid: string): Promise<number> {
    const snap = await this.collection.where('ownerUid', '==', uid).count().get();
    return snap.data().count;
  }

  /** One page of a user's templates, newest first (creation time, then id), after `cursor`. */
  async listPage(uid: string, opts: { limit: number; cursor: PageCursor | null }): Promise<{ items: TemplateRecord[]; hasMore: boolean }> {
    const query = startAfterCursor(newestFirst(this.collection.where('ownerUid', '==', uid), 'createdAt'), opts.cursor);
    const snap = await query.limit(opts.limit + 1).get();
    return { items: snap.docs.slice(0, opts.limit).map((d) => d.data()), hasMore: snap.docs.length > opts.limit };
  }

  /** All of a user's templates, a page at a time (account deletion). */
  async *allOwnedBy(uid: string, pageSize = 100): AsyncGenerator<TemplateRecord[]> {
    let cursor: PageCursor | null = null;
    for (;;) {
      const page = await this.listPage(uid, { limit: pageSize, cursor });
      if (page.items.length > 0) yield page.items;
      const last = page.items[page.items.length - 1];
      if (!page.hasMore || !last) return;
      cursor = cursorAfter(last, last.createdAt);
    }
  }
}
