/**
 * What the harness measures of one written note besides ROUGE, all with the app's own deterministic fact
 * check (functions/src/evidence; docs/quality.md "Sentence evidence and the fact check"), so a figure here means
 * what the clinician sees in the app:
 * - fact recall: the reference note's numbers, drugs and sides found in ours;
 * - unsupported facts: the facts of our note the check flags against the dialogue;
 * - evidence coverage: the sentences of our note linked to at least one segment of the dialogue.
 */
import { FACT_KINDS, NOT_DISCUSSED, type FactKind } from '@charta/contract';
import { analyseSection } from '../../functions/src/evidence/check.js';
import { factsOf, type Fact, type NumberFact } from '../../functions/src/evidence/facts.js';
import { sameValue, unitsAgree } from '../../functions/src/evidence/numbers.js';
import { splitSentences } from '../../functions/src/evidence/sentences.js';
import { tokenize } from '../../functions/src/evidence/text.js';
import type { SegmentInput } from '../../functions/src/evidence/transcript-index.js';

/** The kinds recall is counted for: negations are phrased too freely to match one note's against another's. */
export const RECALLED_KINDS = ['number', 'drug', 'laterality'] as const satisfies readonly FactKind[];
export type RecalledKind = (typeof RECALLED_KINDS)[number];

export interface Count {
  found: number;
  total: number;
}

/** Every fact of a text, sentence by sentence, as the fact check finds them. */
export function textFacts(text: string): Fact[] {
  return splitSentences(text).flatMap((s) => factsOf(s.text, tokenize(s.text)));
}

/** One of each fact (a dose said twice is one fact to recall). */
function distinct(facts: readonly Fact[]): Fact[] {
  const seen = new Map<string, Fact>();
  for (const f of facts) if (!seen.has(`${f.kind}\n${f.key}`)) seen.set(`${f.kind}\n${f.key}`, f);
  return [...seen.values()];
}

/**
 * Whether our note states a reference fact. A number: the same value with units that agree (a unit on one
 * side only agrees: "80 mg" and "lasix 80"); a reading of parts ("3/6", "120/80") every part, or only the
 * score of a score out of ten. A drug: the same drug (brand names are their generic). A side: the same side
 * of the same body part, or of any part when the reference names none.
 */
export function statesFact(reference: Fact, ours: readonly Fact[]): boolean {
  switch (reference.kind) {
    case 'number':
      return numberStated(reference, ours.filter((f): f is NumberFact => f.kind === 'number'));
    case 'drug':
      return ours.some((f) => f.kind === 'drug' && f.drug === reference.drug);
    case 'laterality':
      return ours.some((f) => f.kind === 'laterality' && f.side === reference.side && (reference.bodyPart === null || f.bodyPart === reference.bodyPart));
    case 'negation':
      return ours.some((f) => f.kind === 'negation' && f.key === reference.key);
  }
}

function numberStated(reference: NumberFact, ours: readonly NumberFact[]): boolean {
  const values = ours.flatMap((f) => [f.value, ...(f.parts ?? [])]);
  if (reference.parts) {
    const parts = reference.parts.length === 2 && reference.parts[1] === 10 ? reference.parts.slice(0, 1) : reference.parts;
    return parts.every((p) => values.some((v) => sameValue(v, p)));
  }
  return ours.some((f) => (sameValue(f.value, reference.value) || (f.parts ?? []).some((p) => sameValue(p, reference.value))) && unitsAgree(reference.unit, f.unit));
}

/** Per kind: how many of the reference note's distinct facts our note states. */
export function factRecall(reference: string, ours: string): Record<RecalledKind, Count> {
  const ourFacts = textFacts(ours);
  const counts = Object.fromEntries(RECALLED_KINDS.map((k) => [k, { found: 0, total: 0 }])) as Record<RecalledKind, Count>;
  for (const fact of distinct(textFacts(reference))) {
    if (fact.kind === 'negation') continue;
    counts[fact.kind].total++;
    if (statesFact(fact, ourFacts)) counts[fact.kind].found++;
  }
  return counts;
}

export interface WrittenSectionInput {
  title: string;
  content: string;
  /** The segments the writer cited for the section. */
  evidenceIds: readonly string[];
  /** What the section's instructions say to write when the session did not cover it. */
  placeholders: readonly string[];
}

export interface NoteCheck {
  /** Facts the check found in our note (a finding stated that the dialogue only denies counts as one). */
  facts: number;
  /** Of them, those the dialogue does not support: what the app flags "not found in the transcript". */
  flags: number;
  byKind: Record<FactKind, { facts: number; flags: number }>;
  /** Sentences of the sections that say something (not the "Not discussed." of a section left empty). */
  sentences: number;
  /** Of them, those linked to at least one segment. */
  linkedSentences: number;
  /** Sections the writer left as not discussed. */
  sectionsNotDiscussed: number;
}

/** The phrases a template asks for when the session did not cover a section ('write "Not discussed."'). */
export function placeholdersOf(instructions: string): string[] {
  return [...instructions.matchAll(/\b(?:write|say) "([^"]+)"/g)].map((m) => m[1]!);
}

const sameText = (a: string, b: string) => a.trim().replace(/\.$/, '').toLowerCase() === b.trim().replace(/\.$/, '').toLowerCase();

/** The fact check and sentence evidence of every section of our note against the dialogue. */
export function checkNote(sections: readonly WrittenSectionInput[], segments: readonly SegmentInput[]): NoteCheck {
  const result: NoteCheck = { facts: 0, flags: 0, byKind: Object.fromEntries(FACT_KINDS.map((k) => [k, { facts: 0, flags: 0 }])) as NoteCheck['byKind'], sentences: 0, linkedSentences: 0, sectionsNotDiscussed: 0 };
  for (const section of sections) {
    if ([...section.placeholders, NOT_DISCUSSED].some((p) => sameText(section.content, p))) {
      result.sectionsNotDiscussed++;
      continue;
    }
    const { sentences, checked } = analyseSection({ content: section.content, citedSegmentIds: section.evidenceIds }, segments);
    result.sentences += sentences.length;
    result.linkedSentences += sentences.filter((s) => s.segmentIds.length > 0).length;
    for (const c of checked) {
      const flagged = c.supportIds.length === 0 || c.contradicted;
      result.facts++;
      result.byKind[c.fact.kind].facts++;
      if (flagged) {
        result.flags++;
        result.byKind[c.fact.kind].flags++;
      }
    }
  }
  return result;
}

/** A note as one text, headed as ACI-Bench's reference notes are (the title in capitals on a line of its own). */
export function noteText(sections: readonly Pick<WrittenSectionInput, 'title' | 'content'>[]): string {
  return sections.map((s) => `${s.title.toUpperCase()}\n\n${s.content.trim()}`).join('\n\n');
}
