/**
 * The facts in a sentence that hurt when wrong: numbers with their units, drug names, sides of the body with
 * the part they qualify, and negated findings. Each with its place in the sentence and a key that names
 * the fact itself (so the same fact in the same sentence keeps its flag id).
 */
import type { FactKind } from '@charta/contract';
import { drugOf } from './drugs.js';
import { sideMentions, type Side } from './laterality.js';
import { negations, saysNotRecorded } from './negation.js';
import { numberMentions } from './numbers.js';
import type { Token } from './text.js';

interface FactBase {
  kind: FactKind;
  /** What the fact is, normalised: "20|mg", "furosemide", "left|knee", "chest pain". */
  key: string;
  /** Offsets in the sentence's text. */
  start: number;
  end: number;
}

export interface NumberFact extends FactBase {
  kind: 'number';
  value: number;
  parts: number[] | null;
  unit: string | null;
}
export interface DrugFact extends FactBase {
  kind: 'drug';
  drug: string;
  /** As written, for a recogniser's spelling of it. */
  written: string;
}
export interface SideFact extends FactBase {
  kind: 'laterality';
  side: Side;
  bodyPart: string | null;
}
export interface NegationFact extends FactBase {
  kind: 'negation';
  /** The negated finding's content words, in normal form. */
  words: string[];
}
export type Fact = NumberFact | DrugFact | SideFact | NegationFact;

export function factsOf(text: string, tokens: readonly Token[]): Fact[] {
  const facts: Fact[] = [];
  for (const m of numberMentions(text)) {
    // Number words without a unit below two are mostly not quantities ("one of his medicines", "half of it").
    if (m.inWords && m.unit === null && m.value < 2) continue;
    const key = `${m.parts ? m.parts.join('/') : String(m.value)}|${m.unit ?? ''}`;
    facts.push({ kind: 'number', key, start: m.start, end: m.end, value: m.value, parts: m.parts, unit: m.unit });
  }
  for (const t of tokens) {
    const drug = t.kind === 'word' ? drugOf(t.lower) : null;
    if (drug) facts.push({ kind: 'drug', key: drug, start: t.start, end: t.end, drug, written: t.lower });
  }
  for (const s of sideMentions(tokens)) {
    // The side with its part when they are close ("left lower extremity"); the side alone when the part is
    // further off ("lungs are clear to auscultation bilaterally").
    const near = s.partIndex !== null && Math.abs(s.partIndex - s.sideFrom) <= 3;
    const first = near ? Math.min(s.sideFrom, s.partIndex!) : s.sideFrom;
    const last = near ? Math.max(s.sideTo, s.partIndex!) : s.sideTo;
    const bodyPart = s.bodyPart === 'side' ? null : s.bodyPart;
    facts.push({ kind: 'laterality', key: `${s.side}|${bodyPart ?? ''}`, start: tokens[first]!.start, end: tokens[last]!.end, side: s.side, bodyPart });
  }
  for (const n of negations(tokens)) {
    // "Not discussed in this session", "No examination findings recorded": nothing for the transcript to say.
    if (saysNotRecorded(tokens, n)) continue;
    n.findings.forEach((f, index) => {
      // The first finding is shown with its cue ("denies fevers"), the rest of a list alone ("chills").
      const from = index === 0 ? n.cueFrom : f.from;
      facts.push({ kind: 'negation', key: f.words.join(' '), start: tokens[from]!.start, end: tokens[f.to - 1]!.end, words: f.words });
    });
  }
  return facts.sort((a, b) => a.start - b.start || a.end - b.end);
}
