/**
 * The fact check and sentence evidence of one section (docs/quality.md "Sentence evidence and the fact check"):
 * its sentences, each linked to the transcript segments that support it, and the flags of its facts the
 * transcript does not support. Deterministic: the same note and transcript give the same answer, with no
 * model call.
 */
import { createHash } from 'node:crypto';
import type { EvidenceSentence, FactFlag, FactKind } from '@charta/contract';
import { factsOf, type Fact } from './facts.js';
import { FINDING_FILLER, negations } from './negation.js';
import { splitSentences, type SentenceSpan } from './sentences.js';
import { deniedIn, findSupport, type SentenceContext } from './support.js';
import { isContentWord, normalWord, tokenize, type Token } from './text.js';
import { indexTranscript, type SegmentInput, type TranscriptIndex } from './transcript-index.js';

export interface SectionInput {
  content: string;
  /** The segments the writer cited for the section. */
  citedSegmentIds: readonly string[];
  /** Flags the clinician confirmed ("I confirm this"). */
  confirmedFlagIds?: readonly string[];
}

export interface SectionEvidence {
  sentences: EvidenceSentence[];
  flags: FactFlag[];
}

/** A fact the check found, with whether the transcript supports it: what the benchmark reads. */
export interface CheckedFact {
  fact: Fact;
  sentenceIndex: number;
  flagId: string;
  supportIds: string[];
  /** A finding the note states that the transcript only ever denies (a dropped "no"). */
  contradicted: boolean;
}

export function checkSection(section: SectionInput, segments: readonly SegmentInput[]): SectionEvidence {
  const { sentences, checked } = analyseSection(section, segments);
  const confirmed = new Set(section.confirmedFlagIds ?? []);
  const flags = checked
    .filter((c) => c.supportIds.length === 0 || c.contradicted)
    .map((c): FactFlag => {
      const sentence = sentences[c.sentenceIndex]!;
      const start = sentence.start + c.fact.start;
      const end = sentence.start + c.fact.end;
      return { id: c.flagId, sentenceIndex: c.sentenceIndex, text: section.content.slice(start, end), start, end, kind: c.fact.kind, status: confirmed.has(c.flagId) ? 'confirmed' : 'unresolved' };
    });
  return { sentences, flags };
}

export function analyseSection(section: SectionInput, segments: readonly SegmentInput[]): { sentences: EvidenceSentence[]; checked: CheckedFact[] } {
  const index = indexTranscript(segments);
  const known = new Set(segments.map((s) => s.id));
  const cited = section.citedSegmentIds.filter((id) => known.has(id));
  const sentences: EvidenceSentence[] = [];
  const checked: CheckedFact[] = [];
  splitSentences(section.content).forEach((span, sentenceIndex) => {
    const tokens = tokenize(span.text);
    const context: SentenceContext = { words: new Set(tokens.filter(isContentWord).map((t) => normalWord(t.lower))) };
    const facts = factsOf(span.text, tokens);
    const occurrences = new Map<string, number>();
    const supportOf = new Map<Fact, string[]>();
    for (const fact of facts) {
      const identity = `${fact.kind}\n${fact.key}`;
      const occurrence = occurrences.get(identity) ?? 0;
      occurrences.set(identity, occurrence + 1);
      const supportIds = findSupport(fact, context, index);
      supportOf.set(fact, supportIds);
      checked.push({ fact, sentenceIndex, flagId: flagId(span.text, fact.kind, fact.key, occurrence), supportIds, contradicted: false });
    }
    for (const contradiction of contradictions(tokens, index)) {
      const identity = `negation\n${contradiction.key}`;
      const occurrence = occurrences.get(identity) ?? 0;
      occurrences.set(identity, occurrence + 1);
      checked.push({ fact: contradiction, sentenceIndex, flagId: flagId(span.text, 'negation', `affirmed ${contradiction.key}`, occurrence), supportIds: contradiction.deniedIn, contradicted: true });
    }
    sentences.push({ ...span, segmentIds: sentenceSegments(span, context, [...supportOf.values()], cited, index) });
  });
  return { sentences, checked };
}

/** Stable for the same fact in the same sentence: edits elsewhere in the note keep it, an edit of the sentence does not. */
export function flagId(sentence: string, kind: FactKind, key: string, occurrence: number): string {
  const hash = createHash('sha256').update(`${normalSentence(sentence)}\n${kind}\n${key}\n${occurrence}`).digest('hex').slice(0, 16);
  return `${kind === 'negation' ? 'x' : kind[0]}-${hash}`;
}

/** A sentence as its identity: the same words, whatever the spacing. */
export const normalSentence = (sentence: string) => sentence.replace(/\s+/g, ' ').trim();

/**
 * Findings the note states that the transcript denies and never affirms: the mark of a dropped "no"
 * ("Fever." where the patient said "no fever"). Only short findings (three words at most) are compared,
 * all their words in the sentence outside any negation.
 */
function contradictions(tokens: readonly Token[], index: TranscriptIndex): (Fact & { kind: 'negation'; deniedIn: string[] })[] {
  const negated = new Set<number>();
  for (const n of negations(tokens)) for (let k = n.cueFrom; k < n.scopeTo; k++) negated.add(k);
  const affirmed = new Map<string, number>(); // word -> first token index
  tokens.forEach((t, k) => {
    if (!negated.has(k) && isContentWord(t) && !FINDING_FILLER.has(t.lower)) {
      const w = normalWord(t.lower);
      if (!affirmed.has(w)) affirmed.set(w, k);
    }
  });
  if (affirmed.size === 0) return [];
  const candidates = new Map<string, string[]>();
  index.segments.forEach((s, i) => {
    // Only the finding right after its cue ("no fever"): items further down a spoken list are less sure.
    for (const finding of s.firstNegatedFindings) if (finding.length <= 3) candidates.set(finding.join(' '), finding);
    const answer = index.segments[i + 1];
    if (answer?.answersNo && answer.speaker !== s.speaker && s.lastQuestion.length > 0 && s.lastQuestion.length <= 3) candidates.set(s.lastQuestion.join(' '), s.lastQuestion);
  });
  const found: (Fact & { kind: 'negation'; deniedIn: string[] })[] = [];
  const seen = new Set<string>();
  for (const words of candidates.values()) {
    const unique = [...new Set(words)];
    if (!unique.every((w) => affirmed.has(w))) continue;
    const key = [...unique].sort().join(' ');
    if (seen.has(key)) continue;
    // Said without a negation anywhere in the transcript: the speech has it both ways, the note may be right.
    if (index.segments.some((s) => unique.every((w) => s.affirmedWords.has(w)))) continue;
    const denied = deniedIn(unique, index);
    if (denied.length === 0) continue;
    seen.add(key);
    const positions = unique.map((w) => affirmed.get(w)!);
    const first = tokens[Math.min(...positions)]!;
    const last = tokens[Math.max(...positions)]!;
    found.push({ kind: 'negation', key, start: first.start, end: last.end, words: unique, deniedIn: denied.map((s) => s.id) });
  }
  return found;
}

/**
 * The segments that support a sentence: the writer's citations that hold up (they share at least two of
 * its words, or support one of its facts), with the segments that support its facts (the best two per
 * fact); failing both, the segments that match it best by words (rare words weigh more). Headings and
 * sentences that share too little with any segment get none.
 */
function sentenceSegments(span: SentenceSpan, context: SentenceContext, factSupport: readonly string[][], cited: readonly string[], index: TranscriptIndex): string[] {
  if (context.words.size === 0 || isHeading(span.text)) return [];
  const supporting = new Set(factSupport.flat());
  const total = index.segments.length;
  const byId = new Map(index.segments.map((s) => [s.id, s]));
  const overlap = (segmentId: string): { score: number; shared: number } => {
    const segment = byId.get(segmentId)!;
    let score = 0;
    let shared = 0;
    for (const w of context.words) {
      if (!segment.words.has(w)) continue;
      shared++;
      score += 1 + Math.log((total + 1) / ((index.documentFrequency.get(w) ?? 0) + 1));
    }
    return { score, shared };
  };
  const holds = (id: string) => supporting.has(id) || overlap(id).shared >= Math.min(2, context.words.size);
  const chosen = new Set(cited.filter(holds));
  for (const ids of factSupport) {
    [...ids].sort((a, b) => overlap(b).score - overlap(a).score).slice(0, 2).forEach((id) => chosen.add(id));
  }
  if (chosen.size === 0) for (const id of bestMatches(index, overlap)) chosen.add(id);
  const order = new Map(index.segments.map((s) => [s.id, s.position]));
  return [...chosen].sort((a, b) => order.get(a)! - order.get(b)!);
}

function bestMatches(index: TranscriptIndex, overlap: (id: string) => { score: number; shared: number }): string[] {
  const scored = index.segments.map((s) => ({ id: s.id, ...overlap(s.id) })).filter((s) => s.score >= 3 && s.shared >= 1);
  if (scored.length === 0) return [];
  const best = Math.max(...scored.map((s) => s.score));
  return scored
    .filter((s) => s.score >= best * 0.6)
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map((s) => s.id);
}

/** A heading line ("HISTORY OF PRESENT ILLNESS", "Plan:"): nothing to support. */
function isHeading(text: string): boolean {
  return (/^[^a-z]*$/.test(text) && /[A-Z]{3}/.test(text) && !/\d/.test(text)) || /^[\w ]{1,40}:$/.test(text);
}

export { indexTranscript };
