import { FieldPath, FieldValue, Timestamp, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import type { PageCursor } from '../sessions/session-repo.js';
import type { PublishedTemplate } from '@charta/contract';

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

type StoredPublished = Omit<PublishedRecord, 'publishedAt'> & { publishedAt: Timestamp };
type StoredShare = Omit<ShareRecord, 'createdAt'> & { createdAt: Timestamp };

export function toPublishedContract(record: PublishedRecord): PublishedTemplate {
  const { id, templateId, name, description, category, sections, authorName, addCount, publishedAt } = record;
  return { id, templateId, name, description, category, sections, authorName, addCount, publishedAt };
}

/** Typed access to the library (`publishedTemplates`) and to share links (`templateShares`). */
export class LibraryRepo {
  constructor(private readonly db: Firestore) {}

  private get published() {
    return this.db.collection(COLLECTIONS.publishedTemplates);
  }

  private get shares() {
    return this.db.collection(COLLECTIONS.templateShares);
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
    if (!snap.exists) return null;
    const stored = snap.data() as StoredPublished;
    return { ...stored, publishedAt: stored.publishedAt.toDate().toISOString() };
  }

  savePublished(tx: Transaction, record: PublishedRecord): void {
    tx.set(this.published.doc(record.id), { ...record, publishedAt: Timestamp.fromDate(new Date(record.publishedAt)) } satisfies StoredPublished);
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
    let query = this.published.orderBy('publishedAt', 'desc').orderBy(FieldPath.documentId(), 'desc');
    if (opts.category) query = query.where('category', '==', opts.category);
    if (opts.prefix) query = query.where('searchPrefixes', 'array-contains', opts.prefix);
    if (opts.cursor) query = query.startAfter(Timestamp.fromMillis(opts.cursor.createdAtMs), opts.cursor.id);
    const snap = await query.limit(opts.limit + 1).get();
    const items = snap.docs.slice(0, opts.limit).map((d) => {
      const stored = d.data() as StoredPublished;
      return { ...stored, publishedAt: stored.publishedAt.toDate().toISOString() };
    });
    return { items, hasMore: snap.docs.length > opts.limit };
  }

  async publishedIdsByAuthor(uid: string): Promise<string[]> {
    const snap = await this.published.where('authorUid', '==', uid).select().get();
    return snap.docs.map((d) => d.id);
  }

  async findShare(id: string, tx?: Transaction): Promise<ShareRecord | null> {
    const ref = this.shares.doc(id);
    const snap = tx ? await tx.get(ref) : await ref.get();
    if (!snap.exists) return null;
    const stored = snap.data() as StoredShare;
    return { ...stored, createdAt: stored.createdAt.toDate().toISOString() };
  }

  saveShare(tx: Transaction, record: ShareRecord): void {
    tx.set(this.shares.doc(record.id), { ...record, createdAt: Timestamp.fromDate(new Date(record.createdAt)) } satisfies StoredShare);
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
    const entryRef: DocumentReference = (entry.kind === 'published' ? this.published : this.shares).doc(entry.id);
    const marker = entryRef.collection(ADDERS).doc(uid);
    if ((await tx.get(marker)).exists) return;
    tx.set(marker, { uid, addedAt: Timestamp.fromDate(at) });
    tx.update(entryRef, { addCount: FieldValue.increment(1) });
  }

  /** Account deletion: the markers saying this user added someone else's entry (ids only, but theirs). */
  async deleteAddMarkersOf(uid: string): Promise<number> {
    const snap = await this.db.collectionGroup(ADDERS).where('uid', '==', uid).get();
    for (const doc of snap.docs) await doc.ref.delete();
    return snap.size;
  }
}
