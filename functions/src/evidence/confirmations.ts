/**
 * "I confirm this": a clinician's confirmation of a flagged fact, kept with the documentation's section.
 * It names the flag and the sentence it was in, so it is dropped as soon as that sentence changes (the fact
 * must then be checked again) and kept through edits elsewhere in the note.
 */
import { createHash } from 'node:crypto';
import { normalSentence } from './check.js';
import { splitSentences } from './sentences.js';

export interface ConfirmedFact {
  flagId: string;
  /** A hash of the sentence the flag was in (the sentence itself is patient data and need not be kept twice). */
  sentenceKey: string;
  confirmedAt: string;
}

export function sentenceKey(sentence: string): string {
  return createHash('sha256').update(normalSentence(sentence)).digest('hex').slice(0, 16);
}

/** The confirmations that still hold for `content`: those whose sentence it still has. */
export function keptConfirmations(confirmed: readonly ConfirmedFact[] | undefined, content: string): ConfirmedFact[] {
  if (!confirmed || confirmed.length === 0) return [];
  const sentences = new Set(splitSentences(content).map((s) => sentenceKey(s.text)));
  return confirmed.filter((c) => sentences.has(c.sentenceKey));
}
