import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { toTimestamp } from '../firestore/timestamps.js';
import { readRecord, TypedCollection } from '../firestore/typed-collection.js';
import type { DocumentationRecord } from './documentation.js';
import { SECTION_VERSION_LIMITS } from '@charta/contract';
import type { SectionVersionRecord } from './section-versions.js';

/** `documentation/{id}`: generatedAt is a Timestamp (the monthly counter counts by range); other dates stay ISO. */
const documentationConverter = recordConverter<DocumentationRecord>().storingAsTimestamps('generatedAt');
/** `documentation/{id}/versions/{versionId}`: a section's earlier texts (they go with their documentation). */
const versionConverter = recordConverter<SectionVersionRecord>().storingAsTimestamps();
const VERSIONS = 'versions';

/**
 * Typed access to `documentation/{id}`. A session has one documentation, whose id is the session's id:
 * a retried or duplicated pipeline event finds it instead of writing a second one.
 */
export class DocumentationRepo extends TypedCollection<DocumentationRecord> {
  constructor(db: Firestore) {
    super(db, COLLECTIONS.documentation, documentationConverter, (documentation) => documentation.id);
  }

  /** Deletes the documentation with its kept versions. */
  override async delete(id: string): Promise<void> {
    await this.db.recursiveDelete(this.doc(id));
  }

  private versionsOf(documentationId: string) {
    return this.doc(documentationId).collection(VERSIONS).withConverter(versionConverter);
  }

  /** Keeps earlier section texts in the transaction that replaces them. */
  keepVersions(tx: Transaction, versions: readonly Omit<SectionVersionRecord, 'id'>[]): void {
    for (const version of versions) {
      const ref = this.versionsOf(version.documentationId).doc();
      tx.create(ref, { ...version, id: ref.id });
    }
  }

  /** A section's kept versions, newest first (at most SECTION_VERSION_LIMITS.perSection). */
  async versions(documentationId: string, sectionId: string): Promise<SectionVersionRecord[]> {
    const snap = await this.versionsOf(documentationId)
      .where('sectionId', '==', sectionId)
      .orderBy('counter', 'desc')
      .limit(SECTION_VERSION_LIMITS.perSection)
      .get();
    return snap.docs.map((d) => d.data());
  }

  version(documentationId: string, versionId: string, tx?: Transaction): Promise<SectionVersionRecord | null> {
    return readRecord(this.versionsOf(documentationId).doc(versionId), tx);
  }

  /**
   * Deletes the versions of these sections beyond the cap, oldest first. Run after each write that kept
   * versions (outside its transaction, which stays small); one that fails is made up by the next.
   */
  async pruneVersions(documentationId: string, sectionIds: Iterable<string>): Promise<void> {
    for (const sectionId of new Set(sectionIds)) {
      const beyond = await this.versionsOf(documentationId)
        .where('sectionId', '==', sectionId)
        .orderBy('counter', 'desc')
        .offset(SECTION_VERSION_LIMITS.perSection)
        .select()
        .get();
      if (beyond.empty) continue;
      const batch = this.db.batch();
      for (const doc of beyond.docs) batch.delete(doc.ref);
      await batch.commit();
    }
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
