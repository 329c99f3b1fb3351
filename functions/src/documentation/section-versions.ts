/**
 * Section versions (domain): which earlier texts a change to a note keeps, so no AI action or save ever
 * loses what was there. Stored by DocumentationRepo under `documentation/{id}/versions/{versionId}`.
 */
import { SECTION_VERSION_LIMITS, type SectionChange, type SectionSource, type SectionVersion } from '@charta/contract';
import type { DocumentationRecord, DocumentationSection } from './documentation.js';

export type { SectionChange, SectionSource, SectionVersion };

/** A kept version as stored: its owner (account deletion finds it) and its documentation beside the contract's fields. */
export interface SectionVersionRecord extends SectionVersion {
  ownerUid: string;
  documentationId: string;
}

/** Who wrote a section's text; notes written before sources were kept read as generated. */
export const sourceOf = (section: Pick<DocumentationSection, 'source'>): SectionSource => section.source ?? 'generated';

/** Whether an AI action that throws the text away must ask first: the clinician wrote it. */
export const isClinicianText = (section: Pick<DocumentationSection, 'source' | 'content'>): boolean =>
  sourceOf(section) === 'clinician' && section.content.trim() !== '';

/**
 * The versions a change from `before` to `after` keeps: the earlier text of every section whose text it
 * changed or dropped (a note regenerated with another template drops sections). The clinician's saves over
 * their own recent text keep none (SECTION_VERSION_LIMITS.clinicianCoalesceMs): autosave saves each pause.
 */
export function replacedVersions(before: DocumentationRecord | null, after: DocumentationRecord, replacedBy: SectionChange, now: string): Omit<SectionVersionRecord, 'id'>[] {
  if (!before) return [];
  const afterById = new Map(after.sections.map((s) => [s.id, s]));
  return before.sections
    .filter((s) => afterById.get(s.id)?.content !== s.content)
    .filter((s) => !(replacedBy === 'clinician' && sourceOf(s) === 'clinician' && Date.parse(now) - Date.parse(s.updatedAt) < SECTION_VERSION_LIMITS.clinicianCoalesceMs))
    .map((s) => ({
      ownerUid: after.ownerUid,
      documentationId: after.id,
      sectionId: s.id,
      content: s.content,
      evidence: s.evidence,
      source: sourceOf(s),
      writtenAt: s.updatedAt,
      replacedBy,
      replacedAt: now,
      counter: after.counter,
    }));
}

export function versionToContract(record: SectionVersionRecord): SectionVersion {
  const { id, sectionId, content, evidence, source, writtenAt, replacedBy, replacedAt, counter } = record;
  return { id, sectionId, content, evidence, source, writtenAt, replacedBy, replacedAt, counter };
}
