/**
 * Reads the structured blocks of a Charta prompt. The app's prompts (functions/src/ai/prompts/) put the
 * task on the first line (`TASK: write_note`) and the data in tagged blocks (`<transcript>...</transcript>`),
 * which is also what keeps them unambiguous for the real model. The emulator reads the same blocks to
 * build its answer from the request.
 */
export interface TranscriptLine {
  id: string;
  speaker: string;
  startMs: number;
  endMs: number;
  text: string;
}

export interface SectionSpec {
  id: string;
  title: string;
  format?: string;
  instructions?: string;
}

export function taskOf(prompt: string): string {
  return /^TASK:\s*([a-z_]+)/m.exec(prompt)?.[1] ?? 'unknown';
}

/** A block's text as the app wrote it: its prompts XML-escape text blocks (functions/src/ai/prompt-blocks.ts). */
export function block(prompt: string, tag: string): string | null {
  const raw = rawBlock(prompt, tag);
  return raw === null ? null : raw.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** A block as it stands in the prompt (JSON blocks are not XML-escaped: JSON escapes its own "<"). */
function rawBlock(prompt: string, tag: string): string | null {
  const match = new RegExp(`<${tag}>\\n?([\\s\\S]*?)\\n?</${tag}>`).exec(prompt);
  return match ? (match[1] ?? '') : null;
}

export function jsonBlock<T>(prompt: string, tag: string, fallback: T): T {
  const text = rawBlock(prompt, tag);
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Transcript lines: `[seg-3] patient (4200-9100): I have had a cough.` */
export function transcriptLines(prompt: string): TranscriptLine[] {
  const text = block(prompt, 'transcript') ?? '';
  const lines: TranscriptLine[] = [];
  for (const line of text.split('\n')) {
    const m = /^\[([^\]]+)\]\s+(.+?)\s+\((\d+)-(\d+)\):\s*(.*)$/.exec(line.trim());
    if (m) lines.push({ id: m[1]!, speaker: m[2]!, startMs: Number(m[3]), endMs: Number(m[4]), text: m[5]! });
  }
  return lines;
}
