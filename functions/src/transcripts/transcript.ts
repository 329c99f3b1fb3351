/** A session's transcript: the contract's types live in @charta/contract. Segment ids are what documentation cites as evidence. */
import type { Transcript, TranscriptSegment } from '@charta/contract';

export type { Transcript, TranscriptSegment };

export interface TranscriptRecord extends Transcript {
  ownerUid: string;
  /** The audio upload it was made from, so new audio is transcribed anew and retries are not. */
  sourceUploadId: string | null;
  /** How long recognition took (the pipeline benchmark reads it). */
  processingMs: number | null;
  createdAt: string;
}

export function toContract(record: TranscriptRecord): Transcript {
  const { sessionId, language, durationSec, text, engine, segments } = record;
  return { sessionId, language, durationSec, text, engine, segments };
}

export function fullText(segments: readonly Pick<TranscriptSegment, 'speaker' | 'text'>[]): string {
  return segments.map((s) => `${s.speaker}: ${s.text}`).join('\n');
}

/**
 * Typed or pasted text (dictated notes, an existing transcript) as a transcript: one segment per
 * paragraph, or per "Speaker: ..." line when the text is already a dialogue.
 */
export function segmentsFromText(text: string): UnnumberedSegment[] {
  const lines = text
    .split(/\n\s*\n|\n(?=[A-Za-zÀ-ÿ][\w .'-]{0,30}:\s)/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return lines.map((line) => {
    const speaker = /^([A-Za-zÀ-ÿ][\w .'-]{0,30}):\s+(.*)$/.exec(line);
    return {
      speaker: speaker ? speaker[1]!.toLowerCase() : 'note',
      startMs: 0,
      endMs: 0,
      text: speaker ? speaker[2]! : line,
    };
  });
}

/** A stretch of speech or text before it has an id: what a recogniser or pasted text gives. */
export type UnnumberedSegment = Omit<TranscriptSegment, 'id'>;

/**
 * The one way a session's transcript record is made, whatever it came from: speech (the pipeline, window by
 * window) or typed text (POST /creation). Segments are numbered `seg-1`, `seg-2`... in the order given, so
 * documentation cites them by the same ids however the transcript was made.
 */
export function transcriptRecord(args: {
  session: { id: string; ownerUid: string };
  sourceUploadId: string | null;
  language: string;
  durationSec: number;
  engine: string;
  segments: readonly UnnumberedSegment[];
  processingMs: number | null;
  now: string;
}): TranscriptRecord {
  const segments = args.segments.map((s, i) => ({ id: `seg-${i + 1}`, speaker: s.speaker, startMs: s.startMs, endMs: s.endMs, text: s.text }));
  return {
    sessionId: args.session.id,
    ownerUid: args.session.ownerUid,
    sourceUploadId: args.sourceUploadId,
    language: args.language,
    durationSec: args.durationSec,
    engine: args.engine,
    text: fullText(segments),
    segments,
    processingMs: args.processingMs,
    createdAt: args.now,
  };
}
