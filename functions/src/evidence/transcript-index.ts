/**
 * A transcript read once for the fact check: each segment's words, numbers, drugs, sides and negations,
 * which of its sentences are questions, and whether it answers "no". Built once per answer and shared by
 * every section of the note.
 */
import { drugOf } from './drugs.js';
import { bodyPartOf, sideMentions, type SideMention } from './laterality.js';
import { FINDING_FILLER, isAgreement, isNegativeAnswer, isQuestion, negations } from './negation.js';
import { numberMentions, type NumberMention } from './numbers.js';
import { contentWords, isContentWord, normalWord, tokenize, type Token } from './text.js';

/** What the check needs of a transcript segment (the contract's TranscriptSegment has it all). */
export interface SegmentInput {
  id: string;
  speaker: string;
  text: string;
}

export interface IndexedSegment {
  id: string;
  position: number;
  speaker: string;
  tokens: Token[];
  /** Content words in normal form. */
  words: Set<string>;
  numbers: NumberMention[];
  /** Every value said, number parts and alternative readings included. */
  values: number[];
  drugs: Set<string>;
  /** Longer words as said, for a recogniser's misspelling of a drug. */
  longWords: Set<string>;
  sides: SideMention[];
  /** Body parts named anywhere in the segment, and those named in the plural ("legs": both of them). */
  bodyParts: Set<string>;
  pluralBodyParts: Set<string>;
  /** Negated findings said as statements (questions left out): each finding's words. */
  negatedFindings: string[][];
  /** Of those, each negation's first finding (the one right after the cue). */
  firstNegatedFindings: string[][];
  /** Content words said outside any negation, in sentences that are not questions. */
  affirmedWords: Set<string>;
  /** Content words said in questions. */
  askedWords: Set<string>;
  /** The content words of its last question, if it asks one (what a "no" in the next segment denies). */
  lastQuestion: string[];
  asks: boolean;
  answersNo: boolean;
  /** It opens with "yes", "correct", "that's right": agreeing to what was asked. */
  agrees: boolean;
  /** Negated findings said in questions ("no allergies, is that correct?"): denied if the answer agrees. */
  askedNegatedFindings: string[][];
}

export interface TranscriptIndex {
  segments: IndexedSegment[];
  /** How many segments hold each word: rare words say more about which segment a sentence comes from. */
  documentFrequency: Map<string, number>;
}

const cache = new WeakMap<readonly SegmentInput[], TranscriptIndex>();

export function indexTranscript(segments: readonly SegmentInput[]): TranscriptIndex {
  const cached = cache.get(segments);
  if (cached) return cached;
  const indexed = segments.map((s, position) => indexSegment(s, position));
  const documentFrequency = new Map<string, number>();
  for (const s of indexed) for (const w of s.words) documentFrequency.set(w, (documentFrequency.get(w) ?? 0) + 1);
  const index = { segments: indexed, documentFrequency };
  cache.set(segments, index);
  return index;
}

function indexSegment(segment: SegmentInput, position: number): IndexedSegment {
  const tokens = tokenize(segment.text);
  const numbers = numberMentions(segment.text, { implicit: true });
  const negatedFindings: string[][] = [];
  const firstNegatedFindings: string[][] = [];
  const askedNegatedFindings: string[][] = [];
  const affirmedWords = new Set<string>();
  const askedWords = new Set<string>();
  let asks = false;
  let lastQuestion: string[] = [];
  for (const clause of sentencesOf(tokens)) {
    const question = isQuestion(clause);
    asks ||= question;
    if (question) lastQuestion = clause.filter((t) => isContentWord(t) && !FINDING_FILLER.has(t.lower)).map((t) => normalWord(t.lower));
    const inScope = new Set<number>();
    for (const n of negations(clause)) {
      for (let k = n.cueFrom; k < n.scopeTo; k++) inScope.add(k);
      if (!question) for (const f of n.findings) negatedFindings.push(f.words);
      else for (const f of n.findings) askedNegatedFindings.push(f.words);
      if (!question && n.findings[0] && n.findings[0].from - n.cueTo <= 2) firstNegatedFindings.push(n.findings[0].words);
    }
    clause.forEach((t, k) => {
      if (!isContentWord(t)) return;
      if (question) askedWords.add(normalWord(t.lower));
      else if (!inScope.has(k)) affirmedWords.add(normalWord(t.lower));
    });
  }
  const sides = sideMentions(tokens);
  const bodyParts = new Set<string>();
  const pluralBodyParts = new Set<string>();
  for (const t of tokens) {
    const part = bodyPartOf(t.lower);
    if (part) bodyParts.add(part);
    if (part && t.lower !== part && /(s|feet)$/.test(t.lower)) pluralBodyParts.add(part);
  }
  return {
    id: segment.id,
    position,
    speaker: segment.speaker.trim().toLowerCase(),
    tokens,
    words: new Set(contentWords(tokens)),
    numbers,
    values: numbers.flatMap((m) => [...m.alternatives, ...(m.parts ?? [])]),
    drugs: new Set(tokens.map((t) => drugOf(t.lower)).filter((d): d is string => d !== null)),
    longWords: new Set(tokens.filter((t) => t.kind === 'word' && t.lower.length >= 5).map((t) => t.lower)),
    sides,
    bodyParts,
    pluralBodyParts,
    negatedFindings,
    firstNegatedFindings,
    affirmedWords,
    askedWords,
    lastQuestion,
    asks,
    answersNo: isNegativeAnswer(tokens),
    agrees: isAgreement(tokens),
    askedNegatedFindings,
  };
}

/** A segment's sentences as token runs, split after ".", "?" and "!". */
function sentencesOf(tokens: readonly Token[]): Token[][] {
  const runs: Token[][] = [[]];
  for (const t of tokens) {
    runs[runs.length - 1]!.push(t);
    if (t.kind === 'punct' && ['.', '?', '!'].includes(t.text)) runs.push([]);
  }
  return runs.filter((r) => r.length > 0);
}
