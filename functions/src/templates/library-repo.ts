import { FieldValue, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { PublishedTemplate } from '@charta/contract';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { newestFirst, startAfterCursor } from '../firestore/paging.js';
import { toTimestamp } from '../firestore/timestamps.js';
import type { PageCursor } from '../shared/page-cursor.js';

/** The contract's PublishedTemplate (in @charta/contract): a snapshot in the community library. */
export type { PublishedTemplate };

export interface PublishedRecord extends PublishedTemplate {
  authorUid: string;
  /** Every prefix of every word of the name, folded: what the library search matches. */
  searchPrefixes: string[];
}

/** A share link: it points at the owner's template (live), and goes when the template goes. */
export interface ShareRecord {
  id: string;
  templateId: string;
  ownerUid: string;
  /** The owner's name when the link was made (their current profile name is preferred when shown). */
  authorName: string;
  addCount: number;
  createdAt: string;
}

/** Each user who added an entry gets a marker `<entry>/adders/{uid}`, so an add is counted once per user. */
const ADDERS = 'adders';

/** `publishedTemplates/{id}`: publishedAt is a Timestamp (the library lists newest first). */
const publishedConverter = recordConverter<PublishedRecord>().storingAsTimestamps('publishedAt');
/** `templateShares/{shareId}`. */
const shareConverter = recordConverter<ShareRecord>().storingAsTimestamps('createdAt');

export function toPublishedContract(record: PublishedRecord): PublishedTemplate {
  const { id, templateId, name, description, category, sections, authorName, addCount, publishedAt } = record;
  return { id, templateId, name, description, category, sections, authorName, addCount, publishedAt };
}

/** Typed access to the library (`publishedTemplates`) and to share links (`templateShares`). */
export class LibraryRepo {
  constructor(private readonly db: Firestore) {}

  private get published() {
    return this.db.collection(COLLECTIONS.publishedTemplates).withConverter(publishedConverter);
  }

  private get shares() {
    return this.db.collection(COLLECTIONS.templateShares).withConverter(shareConverter);
  }

  newPublishedId(): string {
    return this.published.doc().id;
  }

  /** Share ids are Firestore's random 20-character ids (about 119 bits): a link cannot be guessed. */
  newShareId(): string {
    return this.shares.doc().id;
  }

  async findPublished(id: string, tx?: Transaction): Promise<PublishedRecord | null> {
    const ref = this.published.doc(id);
    const snap = tx ? await tx.get(ref) : await ref.get();
    return snap.data() ?? null;
  }

  savePublished(tx: Transaction, record: PublishedRecord): void {
    tx.set(this.published.doc(record.id), record);
  }

  /** Removes an entry from the library with its add markers (copies users made stay theirs). */
  async deletePublished(id: string): Promise<void> {
    await this.db.recursiveDelete(this.published.doc(id));
  }

  /**
   * One page of the library, newest first, optionally narrowed to a category and to names with a word
   * starting with `prefix`; one extra document is read to know whether more follow.
   */
  async listPublishedPage(opts: { limit: number; cursor: PageCursor | null; category?: string | undefined; prefix?: string | undefined }): Promise<{ items: PublishedRecord[]; hasMore: boolean }> {
    let query = newestFirst(this.published, 'publishedAt');
    if (opts.category) query = query.where('category', '==', opts.category);
    if (opts.prefix) query = query.where('searchPrefixes', 'array-contains', opts.prefix);
    const snap = await startAfterCursor(query, opts.cursor).limit(opts.limit + 1).get();
    return { items: snap.docs.slice(0, opts.limit).map((d) => d.data()), hasMore: snap.docs.length > opts.limit };
  }

  async publishedIdsByAuthor(uid: string): Promise<string[]> {
    const snap = await this.published.where('authorUid', '==', uid).select().get();
    return snap.docs.map((d) => d.id);
  }

  async findShare(id: string, tx?: Transaction): Promise<ShareRecord | null> {
    const ref = this.shares.doc(id);
    const snap = tx ? await tx.get(ref) : await ref.get();
    return snap.data() ?? null;
  }

  saveShare(tx: Transaction, record: ShareRecord): void {
    tx.set(this.shares.doc(record.id), record);
  }

  async deleteShare(id: string): Promise<void> {
    await this.db.recursiveDelete(this.shares.doc(id));
  }

  async shareIdsOwnedBy(uid: string): Promise<string[]> {
    const snap = await this.shares.where('ownerUid', '==', uid).select().get();
    return snap.docs.map((d) => d.id);
  }

  /**
   * Counts `uid`'s add of a library entry or share link once: the first add writes the marker and bumps
   * addCount in the same transaction; later adds (and concurrent retries) find the marker and count nothing.
   */
  async countAddOnce(tx: Transaction, entry: { kind: 'published' | 'share'; id: string }, uid: string, at: Date): Promise<void> {
    // Plain references: the marker and the counter bump are partial writes, outside the entries' converters.
    const entryRef: DocumentReference = (entry.kind === 'published' ? this.published : this.shares).doc(entry.id).withConverter(null);
    const marker = entryRef.collection(ADDERS).doc(uid);
    if ((await tx.get(marker)).exists) return;
    tx.set(marker, { uid, addedAt: toTimestamp(at) });
    tx.update(entryRef, { addCount: FieldValue.increment(1) });
  }

  /** Account deletion: the markers saying this user added someone else's entry (ids only, but theirs). */
  async deleteAddMarkersOf(uid: string): Promise<number> {
    const snap = await this.db.collectionGroup(ADDERS).where('uid', '==', uid).get();
    for (const doc of snap.docs) await doc.ref.delete();
    return snap.size;
  }
}
