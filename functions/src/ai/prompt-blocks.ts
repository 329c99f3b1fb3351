import type { TranscriptSegment } from '../transcripts/transcript.js';

/**
 * The layout every Charta prompt shares (and the local AI emulator reads): the task on the first line
 * (`TASK: <name>`), data in tagged blocks. User text can never close a block early: a tag of the block's
 * own name inside it is removed, and JSON escapes "<".
 */
export function tagged(tag: string, text: string): string {
  const inert = text.replace(new RegExp(`</?\\s*${tag}\\s*>`, 'gi'), '');
  return `<${tag}>\n${inert}\n</${tag}>`;
}

export function jsonTagged(tag: string, value: unknown): string {
  return `<${tag}>\n${JSON.stringify(value).replace(/</g, '\\u003c')}\n</${tag}>`;
}

/** `[seg-3] patient (4200-9100): text`, one line per segment. */
export function transcriptTagged(segments: readonly TranscriptSegment[]): string {
  return tagged('transcript', segments.map((s) => `[${s.id}] ${s.speaker} (${s.startMs}-${s.endMs}): ${s.text.replace(/\s+/g, ' ').trim()}`).join('\n'));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Shortens to at most `max` characters, at a word boundary when there is one near the end. */
export function clamp(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const cut = trimmed.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
