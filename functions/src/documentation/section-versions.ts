/**
 * Section versions (domain): which earlier texts a change to a note keeps, so no AI action or save ever
 * loses what was there. Stored by DocumentationRepo under `documentation/{id}/versions/{versionId}`.
 */
import { SECTION_VERSION_LIMITS, type SectionChange, type SectionSource, type SectionVersion } from '@charta/contract';
import type { DocumentationRecord, DocumentationSection, StoredSection } from './documentation.js';

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
 * Whether a clinician's save from `editorId` continues the same sitting of typing as the text it replaces:
 * that editor's own save, younger than SECTION_VERSION_LIMITS.clinicianCoalesceMs. Only then is no version
 * kept (autosave saves each pause); text another editor (tab, device) wrote is always kept.
 */
export function continuesOwnTyping(replaced: StoredSection, replacedBy: SectionChange, editorId: string | undefined, now: string): boolean {
  return (
    replacedBy === 'clinician' &&
    editorId !== undefined &&
    sourceOf(replaced) === 'clinician' &&
    replaced.editorId === editorId &&
    Date.parse(now) - Date.parse(replaced.updatedAt) < SECTION_VERSION_LIMITS.clinicianCoalesceMs
  );
}

/**
 * The versions a change from `before` to `after` keeps: the earlier text of every section whose text it
 * changed or dropped (a note regenerated with another template drops sections), except a clinician's save
 * that continues their own typing (continuesOwnTyping).
 */
export function replacedVersions(
  before: DocumentationRecord | null,
  after: DocumentationRecord,
  replacedBy: SectionChange,
  now: string,
  editorId?: string,
): Omit<SectionVersionRecord, 'id'>[] {
  if (!before) return [];
  const afterById = new Map(after.sections.map((s) => [s.id, s]));
  return before.sections
    .filter((s) => afterById.get(s.id)?.content !== s.content)
    .filter((s) => !continuesOwnTyping(s, replacedBy, editorId, now))
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
