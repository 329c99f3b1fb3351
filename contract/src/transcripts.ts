// Transcripts (docs/api.md "Transcripts"): what a session's audio (or pasted notes) became.

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

/**
 * What a recording's transcript holds so far (POST /session/live_transcript { sessionId }): the windows
 * transcribed while the clinician records, in order, with their times in the recording. Shown on the Record
 * tab while recording, and after Stop as how much is left ("Transcribing the last 20 seconds"). Empty once
 * the session's transcript is stored.
 */
export interface LiveTranscript {
  segments: TranscriptSegment[];
  /** The recording is transcribed from its start up to here. */
  transcribedUntilSec: number;
  /** The whole recording's length once it is complete (null while it is still arriving). */
  audioSec: number | null;
  /** The engine of the windows so far (its provenance label, provenance.ts, as on the session page), null before the first. */
  engine: string | null;
}
