import { FieldPath, FieldValue, Timestamp, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { LibraryReport, PublishedTemplate } from '@charta/contract';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { readRecord } from '../firestore/typed-collection.js';
import { toTimestamp } from '../firestore/timestamps.js';
import type { LibraryCursor } from './library-cursor.js';

/** The contract's PublishedTemplate (in @charta/contract): a snapshot in the community library. */
export type { PublishedTemplate };

export interface PublishedRecord extends Omit<PublishedTemplate, 'hiddenUntilReviewed'> {
  authorUid: string;
  /** Every prefix of every word of the name, folded: what the library search matches. */
  searchPrefixes: string[];
  /** Different users who reported it since it was published or last reviewed (absent on entries from before reports). */
  reportCount?: number;
  /** Set when reportCount reaches the configured number; an operator's review clears it (scripts/library-review.ts). */
  hiddenUntilReviewed?: boolean;
  /** When an operator last reviewed it and kept it. */
  reviewedAt?: string | null;
}

/** `libraryReports/{publishedTemplateId}_{uid}`: one user's report of one entry, made once (create-only). */
export interface LibraryReportRecord extends LibraryReport {
  id: string;
  /** The reporter: account deletion's sweep removes their reports by this field. */
  uid: string;
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
const reportConverter = recordConverter<LibraryReportRecord>().storingAsTimestamps('reportedAt');

/** One report per user per entry: the id says whose report of what, so a retry or a second click finds the first. */
export const libraryReportId = (publishedTemplateId: string, uid: string) => `${publishedTemplateId}_${uid}`;

export function toReportContract({ publishedTemplateId, reason, note, reportedAt }: LibraryReportRecord): LibraryReport {
  return { publishedTemplateId, reason, note, reportedAt };
}

export function toPublishedContract(record: PublishedRecord): PublishedTemplate {
  const { id, templateId, name, description, category, sections, authorName, addCount, publishedAt } = record;
  return { id, templateId, name, description, category, sections, authorName, addCount, publishedAt, hiddenUntilReviewed: record.hiddenUntilReviewed === true };
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

  private get reports() {
    return this.db.collection(COLLECTIONS.libraryReports).withConverter(reportConverter);
  }

  newPublishedId(): string {
    return this.published.doc().id;
  }

  /** Share ids are Firestore's random 20-character ids (about 119 bits): a link cannot be guessed. */
  newShareId(): string {
    return this.shares.doc().id;
  }

  findPublished(id: string, tx?: Transaction): Promise<PublishedRecord | null> {
    return readRecord(this.published.doc(id), tx);
  }

  savePublished(tx: Transaction, record: PublishedRecord): void {
    tx.set(this.published.doc(record.id), record);
  }

  /** Removes an entry from the library with its add markers and the reports about it (copies users made stay theirs). */
  async deletePublished(id: string): Promise<void> {
    await this.db.recursiveDelete(this.published.doc(id));
    await this.deleteReportsOf(id);
  }

  /**
   * One page of the library, the most added first, then the newest (ids break ties), optionally narrowed to
   * a category and to names with a word starting with `prefix`; one extra document is read to know whether
   * more follow. Every combination has its composite index in firestore.indexes.json
   * (library-indexes.test.ts holds the two together).
   */
  async listPublishedPage(opts: { limit: number; cursor: LibraryCursor | null; category?: string | undefined; prefix?: string | undefined }): Promise<{ items: PublishedRecord[]; hasMore: boolean }> {
    let query = this.published.orderBy('addCount', 'desc').orderBy('publishedAt', 'desc').orderBy(FieldPath.documentId(), 'desc');
    if (opts.category) query = query.where('category', '==', opts.category);
    if (opts.prefix) query = query.where('searchPrefixes', 'array-contains', opts.prefix);
    if (opts.cursor) query = query.startAfter(opts.cursor.addCount, Timestamp.fromMillis(opts.cursor.timeMs), opts.cursor.id);
    const snap = await query.limit(opts.limit + 1).get();
    return { items: snap.docs.slice(0, opts.limit).map((d) => d.data()), hasMore: snap.docs.length > opts.limit };
  }

  /**
   * Files `report` unless its user already reported the entry, in one transaction with the entry's count of
   * reporters: of concurrent duplicates exactly one is stored and counted, the others read it back, even when
   * the entry has been hidden meanwhile. The entry is hidden once `reportsToHide` different users have
   * reported it. Null when the entry is gone.
   */
  async fileReportOnce(report: LibraryReportRecord, reportsToHide: number, isReportable: (entry: PublishedRecord) => void): Promise<{ report: LibraryReportRecord; created: boolean } | null> {
    return this.db.runTransaction(async (tx) => {
      const entryRef = this.published.doc(report.publishedTemplateId);
      const reportRef = this.reports.doc(report.id);
      const [entrySnap, existing] = await Promise.all([tx.get(entryRef), tx.get(reportRef)]);
      const entry = entrySnap.data();
      if (!entry) return null;
      // A retry answers the report it filed before anything else: also once the reports (its own among them)
      // have hidden the entry, which would otherwise answer a user's retry, raced by the hiding report, 404.
      const stored = existing.data();
      if (stored) return { report: stored, created: false };
      isReportable(entry);
      const reportCount = (entry.reportCount ?? 0) + 1;
      tx.create(reportRef, report);
      // A partial update outside the converter: a publish running at the same time re-reads the entry and keeps these.
      tx.update(entryRef.withConverter(null), { reportCount, ...(reportCount >= reportsToHide ? { hiddenUntilReviewed: true } : {}) });
      return { report, created: true };
    });
  }

  /** The reports of one entry, oldest first (for the operator's review). */
  async reportsOf(publishedTemplateId: string): Promise<LibraryReportRecord[]> {
    const snap = await this.reports.where('publishedTemplateId', '==', publishedTemplateId).get();
    return snap.docs.map((d) => d.data()).sort((a, b) => a.reportedAt.localeCompare(b.reportedAt));
  }

  /** Entries hidden until reviewed (few: it takes several users' reports), for the operator's review. */
  async hiddenEntries(): Promise<PublishedRecord[]> {
    const snap = await this.published.where('hiddenUntilReviewed', '==', true).get();
    return snap.docs.map((d) => d.data());
  }

  /** An operator reviewed the entry and keeps it: listed again, its reports cleared (so new ones count afresh). */
  async markReviewed(publishedTemplateId: string, at: Date): Promise<boolean> {
    const ref = this.published.doc(publishedTemplateId).withConverter(null);
    if (!(await ref.get()).exists) return false;
    await this.deleteReportsOf(publishedTemplateId);
    await ref.update({ hiddenUntilReviewed: false, reportCount: 0, reviewedAt: toTimestamp(at) });
    return true;
  }

  private async deleteReportsOf(publishedTemplateId: string): Promise<void> {
    const snap = await this.reports.where('publishedTemplateId', '==', publishedTemplateId).select().get();
    const writer = this.db.bulkWriter();
    for (const doc of snap.docs) void writer.delete(doc.ref);
    await writer.close();
  }

  async publishedIdsByAuthor(uid: string): Promise<string[]> {
    const snap = await this.published.where('authorUid', '==', uid).select().get();
    return snap.docs.map((d) => d.id);
  }

  findShare(id: string, tx?: Transaction): Promise<ShareRecord | null> {
    return readRecord(this.shares.doc(id), tx);
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

  /**
   * Account deletion: the user's adds of others' entries and links stop counting. Each marker goes with its
   * count in one transaction (an add counted by a marker that is gone would count nobody), so a deletion
   * retried half-way never takes one add off twice.
   */
  async withdrawAddsOf(uid: string): Promise<number> {
    const snap = await this.db.collectionGroup(ADDERS).where('uid', '==', uid).get();
    for (const doc of snap.docs) {
      const entryRef = doc.ref.parent.parent;
      await this.db.runTransaction(async (tx) => {
        const [marker, entry] = await Promise.all([tx.get(doc.ref), entryRef ? tx.get(entryRef) : null]);
        if (!marker.exists) return;
        tx.delete(doc.ref);
        if (entryRef && entry?.exists) tx.update(entryRef, { addCount: FieldValue.increment(-1) });
      });
    }
    return snap.size;
  }

  /**
   * Account deletion: the user's reports are withdrawn and stop counting towards hiding an entry. An entry
   * they helped hide stays hidden: it is waiting for an operator's review, who sees the reports that remain.
   */
  async withdrawReportsOf(uid: string): Promise<number> {
    const snap = await this.reports.where('uid', '==', uid).get();
    for (const doc of snap.docs) {
      const entryRef = this.published.doc(doc.data().publishedTemplateId).withConverter(null);
      await this.db.runTransaction(async (tx) => {
        const [report, entry] = await Promise.all([tx.get(doc.ref), tx.get(entryRef)]);
        if (!report.exists) return;
        tx.delete(doc.ref);
        // Reports are cleared when an entry is reviewed, so every stored report is one the count holds.
        const count = entry.exists ? Number(entry.get('reportCount') ?? 0) : 0;
        if (entry.exists) tx.update(entryRef, { reportCount: Math.max(0, count - 1) });
      });
    }
    return snap.size;
  }
}
