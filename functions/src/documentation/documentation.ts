/** Documentation written for a session, section by section: the contract's types live in @charta/contract. */
import type { Documentation, DocumentationSection, Evidence } from '@charta/contract';
import { checkSection } from '../evidence/check.js';
import type { ConfirmedFact } from '../evidence/confirmations.js';
import type { SegmentInput } from '../evidence/transcript-index.js';

export type { Documentation, DocumentationSection, Evidence };

/** A template section as the documentation was written with it (later template edits do not change it). */
export interface SectionSpec {
  id: string;
  title: string;
  instructions: string;
  format: 'paragraph' | 'bullets';
}

/**
 * A section as stored: the contract's, less what each answer computes (its sentences and flags), with
 * which editor (tab) wrote the clinician's text and the facts the clinician confirmed (never sent as such).
 */
export interface StoredSection extends Omit<DocumentationSection, 'sentences' | 'flags'> {
  editorId?: string;
  confirmedFacts?: ConfirmedFact[];
}

export interface DocumentationRecord extends Omit<Documentation, 'sections'> {
  sections: StoredSection[];
  ownerUid: string;
  model: string;
  promptVersion: string;
  templateSections: SectionSpec[];
  /** Counted in /documentation/counter: when this session's documentation was first generated. */
  generatedAt: string;
  /** The audio upload the note was written from (null for typed text), so retries keep it. */
  sourceUploadId: string | null;
  /** What the last full generation cost: for the pipeline benchmark and capacity planning. */
  metrics: { transcribeMs: number | null; generateMs: number; modelCalls: number; promptTokens: number; outputTokens: number } | null;
}

/**
 * The documentation as the API answers it: each section with its sentence evidence and fact flags, checked
 * against `segments` (the session's transcript); null when retention deleted the transcript (no flags then).
 */
export function toContract(record: DocumentationRecord, segments: readonly SegmentInput[] | null): Documentation {
  const { id, sessionId, templateId, counter, engine, createdAt, updatedAt, sections } = record;
  return { id, sessionId, templateId, counter, engine, createdAt, updatedAt, sections: sections.map((s) => sectionToContract(s, segments)) };
}

export function sectionToContract(section: StoredSection, segments: readonly SegmentInput[] | null): DocumentationSection {
  const { editorId: _editor, confirmedFacts, ...rest } = section;
  const { sentences, flags } = checkSection(
    { content: section.content, citedSegmentIds: section.evidence.map((e) => e.segmentId), confirmedFlagIds: (confirmedFacts ?? []).map((c) => c.flagId) },
    segments ?? [],
  );
  // Sections written before sources were kept read as generated.
  return { ...rest, source: section.source ?? 'generated', sentences, flags: segments ? flags : [] };
}

export const engineLabel = (model: string, promptVersion: string) => `${model} · ${promptVersion}`;
