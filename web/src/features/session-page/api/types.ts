// The contract's Transcript and Documentation (API contract: Resources), as the session page reads them.

export interface TranscriptSegment {
  id: string;
  /** "clinician", "patient", "speaker 2", or a name from pasted text; "note" for typed paragraphs. */
  speaker: string;
  startMs: number;
  endMs: number;
  text: string;
}

export interface Transcript {
  sessionId: string;
  language: string;
  durationSec: number;
  text: string;
  /** Which recogniser made it; "typed-text" for notes pasted through /creation (no audio, no timings). */
  engine: string;
  segments: TranscriptSegment[];
}

export interface Evidence {
  segmentId: string;
  quote: string;
}

export interface DocumentationSection {
  id: string;
  title: string;
  content: string;
  /** The transcript segments that support the section; empty means nothing supports it. */
  evidence: Evidence[];
  updatedAt: string;
}

export interface Documentation {
  id: string;
  sessionId: string;
  templateId: string;
  /** Starts at 1, +1 on every change; writes send it so a stale copy gets 409 instead of overwriting. */
  counter: number;
  engine: string;
  createdAt: string;
  updatedAt: string;
  sections: DocumentationSection[];
}

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
  /** Answers cite the transcript; questions have none. */
  evidence?: Evidence[];
}
