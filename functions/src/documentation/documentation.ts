/** Documentation written for a session, section by section, as the contract returns it. */
export interface Evidence {
  segmentId: string;
  quote: string;
}

export interface DocumentationSection {
  id: string;
  title: string;
  content: string;
  /** The transcript segments that support the section; empty means "check this: nothing supports it". */
  evidence: Evidence[];
  updatedAt: string;
}

export interface Documentation {
  id: string;
  sessionId: string;
  templateId: string;
  /** Starts at 1 and goes up by one on every change; writes may send it to detect a stale copy. */
  counter: number;
  /** Which model and prompt wrote it ("gemini-2.5-flash · note-v1"). */
  engine: string;
  createdAt: string;
  updatedAt: string;
  sections: DocumentationSection[];
}

/** A template section as the documentation was written with it (later template edits do not change it). */
export interface SectionSpec {
  id: string;
  title: string;
  instructions: string;
  format: 'paragraph' | 'bullets';
}

export interface DocumentationRecord extends Documentation {
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
  return { id, sessionId, templateId, counter, engine, createdAt, updatedAt, sections };
}

export const engineLabel = (model: string, promptVersion: string) => `${model} · ${promptVersion}`;
