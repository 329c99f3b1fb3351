// Sentence evidence on the session page (docs/quality.md "Sentence evidence and the fact check"): which sentence the
// clinician is at, which sentences a transcript segment supports, and how a section's text is marked under
// its editor. Pure, so the rules are tested without a DOM.
import type { DocumentationSection, Evidence, EvidenceSentence, FactFlag } from '@charta/contract';

/** A sentence of the note, by where it is. */
export interface SentenceRef {
  sectionId: string;
  sentenceIndex: number;
}

/** A sentence that uses a segment, with what a list of them shows. */
export interface SentenceUse extends SentenceRef {
  sectionTitle: string;
  text: string;
}

/**
 * The sentence a caret (or the start of a selection) is in: the one whose text holds it, the caret just
 * after its last character included (where a click past a sentence's full stop lands). Between sentences,
 * and in headings' blank lines, none.
 */
export function sentenceAt(sentences: readonly EvidenceSentence[], caret: number): number | null {
  // A caret at a sentence's start belongs to it, even when the previous one ended right there.
  const starting = sentences.findIndex((s) => s.start === caret);
  if (starting >= 0) return starting;
  const index = sentences.findIndex((s) => s.start <= caret && caret <= s.end);
  return index >= 0 ? index : null;
}

/** Every segment's sentences, in the note's order: what "selecting a segment" shows. */
export function sentencesBySegment(sections: readonly Pick<DocumentationSection, 'id' | 'title' | 'sentences'>[]): Map<string, SentenceUse[]> {
  const uses = new Map<string, SentenceUse[]>();
  for (const section of sections) {
    section.sentences.forEach((sentence, sentenceIndex) => {
      for (const segmentId of new Set(sentence.segmentIds)) {
        const list = uses.get(segmentId) ?? [];
        list.push({ sectionId: section.id, sectionTitle: section.title, sentenceIndex, text: sentence.text });
        uses.set(segmentId, list);
      }
    });
  }
  return uses;
}

/** A sentence's segments as the transcript's highlighting takes them (quotes: the segments' own text). */
export function sentenceEvidence(sentence: Pick<EvidenceSentence, 'segmentIds'>): Evidence[] {
  return sentence.segmentIds.map((segmentId) => ({ segmentId, quote: '' }));
}

/** A run of a section's text and what marks it under the editor. */
export interface TextPiece {
  text: string;
  /** Inside a flagged fact: unresolved (to check) or confirmed by the clinician. */
  flag?: FactFlag['status'];
  /** Inside the selected sentence, or one that uses the selected transcript segment. */
  sentence?: 'selected' | 'linked';
}

interface Range {
  start: number;
  end: number;
}

/**
 * Cuts `content` where any mark starts or ends, each piece knowing which marks cover it. Ranges outside the
 * text (a stale answer) are clipped, never thrown on: the marks are an aid, the text is what counts.
 */
export function markPieces(content: string, marks: { flags: readonly Pick<FactFlag, 'start' | 'end' | 'status'>[]; selected: Range | null; linked: readonly Range[] }): TextPiece[] {
  const clip = (n: number) => Math.max(0, Math.min(content.length, n));
  const cuts = new Set([0, content.length]);
  const ranges = [...marks.flags, ...(marks.selected ? [marks.selected] : []), ...marks.linked];
  for (const range of ranges) {
    cuts.add(clip(range.start));
    cuts.add(clip(range.end));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const pieces: TextPiece[] = [];
  const covers = (range: Range, from: number, to: number) => clip(range.start) <= from && to <= clip(range.end);
  for (let i = 0; i < points.length - 1; i += 1) {
    const from = points[i]!;
    const to = points[i + 1]!;
    if (from === to) continue;
    const piece: TextPiece = { text: content.slice(from, to) };
    const flags = marks.flags.filter((f) => covers(f, from, to));
    // Unresolved wins over confirmed where two facts overlap: the mark that asks for a check must show.
    if (flags.length > 0) piece.flag = flags.some((f) => f.status === 'unresolved') ? 'unresolved' : 'confirmed';
    if (marks.selected && covers(marks.selected, from, to)) piece.sentence = 'selected';
    else if (marks.linked.some((r) => covers(r, from, to))) piece.sentence = 'linked';
    pieces.push(piece);
  }
  return pieces;
}
