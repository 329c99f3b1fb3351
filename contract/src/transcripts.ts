// Transcripts (API contract: Transcripts): what a session's audio (or pasted notes) became.

/** Segment ids are what documentation cites as evidence. */
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
