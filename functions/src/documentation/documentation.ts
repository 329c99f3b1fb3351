/** Documentation written for a session, section by section: the contract's types live in @charta/contract. */
import type { Documentation, DocumentationSection, Evidence } from '@charta/contract';

export type { Documentation, DocumentationSection, Evidence };

/** A template section as the documentation was written with it (later template edits do not change it). */
export interface SectionSpec {
  id: string;
  title: string;
  instructions: string;
  format: 'paragraph' | 'bullets';
}

/** A section as stored: the contract's, and which editor (tab) wrote the clinician's text (never sent out). */
export interface StoredSection extends DocumentationSection {
  editorId?: string;
}

export interface DocumentationRecord extends Documentation {
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

export function toContract(record: DocumentationRecord): Documentation {
  const { id, sessionId, templateId, counter, engine, createdAt, updatedAt, sections } = record;
  // Sections written before sources were kept read as generated.
  return { id, sessionId, templateId, counter, engine, createdAt, updatedAt, sections: sections.map(sectionToContract) };
}

export function sectionToContract(section: StoredSection): DocumentationSection {
  const { editorId: _editor, ...rest } = section;
  return { ...rest, source: section.source ?? 'generated' };
}

export const engineLabel = (model: string, promptVersion: string) => `${model} · ${promptVersion}`;
