/**
 * Where the transcript says a fact: the segments that support it, or none ("not found"). Speaker-aware
 * where it matters: a denial is supported by someone saying no to it, in a statement ("no fever") or as the
 * answer to another speaker's question ("any chest pain?" / "no"); a side by that side named with that body
 * part (or in answer to "which knee?").
 */
import type { DrugFact, Fact, NegationFact, NumberFact, SideFact } from './facts.js';
import { findingMatches } from './negation.js';
import { sameValue, unitsAgree } from './numbers.js';
import { editDistance } from './text.js';
import type { IndexedSegment, TranscriptIndex } from './transcript-index.js';

/** What a fact's sentence is about: its content words (they must be near a bare number for it to count). */
export interface SentenceContext {
  words: ReadonlySet<string>;
}

export function findSupport(fact: Fact, context: SentenceContext, index: TranscriptIndex): string[] {
  switch (fact.kind) {
    case 'number':
      return numberSupport(fact, context, index);
    case 'drug':
      return drugSupport(fact, index);
    case 'laterality':
      return sideSupport(fact, context, index);
    case 'negation':
      return negationSupport(fact, index);
  }
}

/** Whether segment `i` or a neighbour shares a content word with the sentence (one without any cannot tell). */
function nearContext(index: TranscriptIndex, i: number, context: SentenceContext): boolean {
  if (context.words.size === 0) return true;
  for (let k = Math.max(0, i - 1); k <= Math.min(index.segments.length - 1, i + 1); k++) {
    for (const w of index.segments[k]!.words) if (context.words.has(w)) return true;
  }
  return false;
}

/**
 * A value few sentences share by chance: not a day of the month or small count, nor a round number ("146",
 * "37.4", but not "20" or "45"). Said bare anywhere, it is this one.
 */
const isSpecific = (value: number) => !Number.isInteger(value) ? value % 0.5 !== 0 : value > 31 && value % 5 !== 0;

/**
 * A number is said when a segment says the same value (every part of "120/80") with no other unit. Said
 * with its unit ("20 milligrams") it stands alone; said bare ("lasix 80") it must come with something the
 * sentence is about, nearby: a bare "40" elsewhere in a consultation is not a 40 mg dose.
 */
function numberSupport(fact: NumberFact, context: SentenceContext, index: TranscriptIndex): string[] {
  const ids: string[] = [];
  index.segments.forEach((s, i) => {
    if (fact.parts) {
      // Every part said in one segment; small parts ("3/6") also near what the sentence is about. A score out
      // of ten ("pain 7/10") is said as its score: "like a seven".
      const parts = fact.parts.length === 2 && fact.parts[1] === 10 ? fact.parts.slice(0, 1) : fact.parts;
      const said = parts.every((p) => s.values.some((v) => sameValue(v, p)));
      if (said && (fact.parts.every((p) => p >= 10) || nearContext(index, i, context))) ids.push(s.id);
      return;
    }
    let withUnit = false;
    let bare = false;
    for (const m of s.numbers) {
      if (!m.alternatives.some((v) => sameValue(v, fact.value)) && !(m.parts ?? []).some((v) => sameValue(v, fact.value))) continue;
      if (fact.unit !== null && m.unit === fact.unit) withUnit = true;
      else if (unitsAgree(fact.unit, m.unit)) bare = true;
      // Speech's "a day" is once a day or one day.
      else if (fact.value === 1 && m.unit === `/${fact.unit ?? ''}`) withUnit = true;
    }
    if (withUnit || (bare && (isSpecific(fact.value) || nearContext(index, i, context)))) ids.push(s.id);
  });
  return ids;
}

/** A drug is said by its generic or brand name, or a recogniser's near spelling of it (one letter in six). */
function drugSupport(fact: DrugFact, index: TranscriptIndex): string[] {
  const names = [...new Set([fact.drug, fact.written])];
  return index.segments
    .filter((s) => {
      if (s.drugs.has(fact.drug)) return true;
      for (const word of s.longWords) {
        for (const name of names) {
          if (name.length >= 6 && editDistance(word, name, 2) <= Math.floor(name.length / 6)) return true;
        }
      }
      return false;
    })
    .map((s) => s.id);
}

/**
 * A side is said when a segment names that side with the same body part; "bilateral" is also "both
 * <parts>" or the left and the right of it. A side said alone ("the right one") counts when the segment
 * before or after names the part. Without a body part in the note, the side must be said near what the
 * sentence is about.
 */
function sideSupport(fact: SideFact, context: SentenceContext, index: TranscriptIndex): string[] {
  const ids = new Set<string>();
  index.segments.forEach((s, i) => {
    const sameSide = s.sides.filter((m) => m.side === fact.side);
    if (fact.bodyPart === null) {
      if (sameSide.length > 0 && nearContext(index, i, context)) ids.add(s.id);
      return;
    }
    const part = fact.bodyPart;
    if (sameSide.some((m) => m.bodyPart === part)) ids.add(s.id);
    if (fact.side === 'bilateral' && ['left', 'right'].every((side) => s.sides.some((m) => m.side === side && m.bodyPart === part))) ids.add(s.id);
    // "your legs", "my breasts": both of a pair, said as a plural.
    if (fact.side === 'bilateral' && s.pluralBodyParts.has(part)) ids.add(s.id);
    if (sameSide.some((m) => m.bodyPart === null || m.bodyPart === 'side')) {
      for (const neighbour of [index.segments[i - 1], index.segments[i + 1]]) {
        if (neighbour && neighbour.bodyParts.has(part)) {
          ids.add(neighbour.id);
          ids.add(s.id);
        }
      }
    }
  });
  return [...ids];
}

/**
 * A negated finding is supported when someone says it is absent (not as a question), or when one speaker
 * asks about it and another answers no.
 */
function negationSupport(fact: NegationFact, index: TranscriptIndex): string[] {
  const ids = new Set<string>();
  index.segments.forEach((s, i) => {
    if (s.negatedFindings.some((said) => findingMatches(fact.words, new Set(said)))) ids.add(s.id);
    // Answers are elliptical: "any leg swelling?" / "there is no swelling" denies the leg swelling.
    const asked = index.segments[i - 1];
    if (asked && asked.speaker !== s.speaker && s.negatedFindings.some((said) => said.some((w) => asked.words.has(w)) && findingMatches(fact.words, new Set([...said, ...asked.words])))) {
      ids.add(asked.id);
      ids.add(s.id);
    }
    const answer = index.segments[i + 1];
    if (answer && answer.answersNo && answer.speaker !== s.speaker && findingMatches(fact.words, s.words)) {
      ids.add(s.id);
      ids.add(answer.id);
    }
    // "No allergies to medicines that you know of, is that correct?" / "Correct.": a denial agreed to.
    if (answer && answer.agrees && answer.speaker !== s.speaker && s.askedNegatedFindings.some((asked) => findingMatches(fact.words, new Set(asked)))) {
      ids.add(s.id);
      ids.add(answer.id);
    }
  });
  return [...ids];
}

/** The segments where a finding is denied (said absent, or asked about and answered no). */
export function deniedIn(words: readonly string[], index: TranscriptIndex): IndexedSegment[] {
  const fact: NegationFact = { kind: 'negation', key: words.join(' '), start: 0, end: 0, words: [...words] };
  const ids = new Set(negationSupport(fact, index));
  return index.segments.filter((s) => ids.has(s.id));
}
