// Which transcript segments support what. Pure, so the highlighting rules are tested without a DOM.
import { saysNothingDiscussed, type DocumentationSection, type Evidence, type TranscriptSegment } from '@charta/contract';

/**
 * A section states something the transcript does not back: the clinician must check it. A section that
 * only says the session did not cover it (the contract's saysNothingDiscussed) states nothing, and neither
 * does an empty one.
 */
export function needsCheck(section: Pick<DocumentationSection, 'content' | 'evidence'>): boolean {
  const content = section.content.trim();
  return section.evidence.length === 0 && content !== '' && !saysNothingDiscussed(content);
}

export interface Highlight {
  /** Segments to mark, by id. */
  segmentIds: ReadonlySet<string>;
  /** The earliest of them in the transcript: the one to scroll into view. */
  firstSegmentId: string | null;
  /** Cited ids that are not in the transcript (a note older than its transcript): never silently dropped. */
  missing: string[];
}

export const NO_HIGHLIGHT: Highlight = { segmentIds: new Set(), firstSegmentId: null, missing: [] };

export function highlightFor(evidence: readonly Evidence[], segments: readonly TranscriptSegment[]): Highlight {
  const cited = new Set(evidence.map((e) => e.segmentId));
  const present = segments.filter((s) => cited.has(s.id));
  const known = new Set(present.map((s) => s.id));
  return {
    segmentIds: known,
    firstSegmentId: present[0]?.id ?? null,
    missing: [...cited].filter((id) => !known.has(id)),
  };
}

/** The cited segments in transcript order, each with the quote the writer took from it. */
export function citedSegments(evidence: readonly Evidence[], segments: readonly TranscriptSegment[]): { segment: TranscriptSegment; quote: string }[] {
  const quotes = new Map<string, string>();
  for (const e of evidence) if (!quotes.has(e.segmentId)) quotes.set(e.segmentId, e.quote);
  return segments.filter((s) => quotes.has(s.id)).map((segment) => ({ segment, quote: quotes.get(segment.id) || segment.text }));
}

/** What the transcript should point at: segments to mark, one to bring into view, whether to play it. */
export interface TranscriptFocus {
  evidence: readonly Evidence[];
  /** Says what the marks are ("Support for Subjective"). */
  label: string;
  scrollTo: string | null;
  play: boolean;
  /** Scroll the page to the transcript too (when asked from somewhere it is not visible, like the chat drawer). */
  reveal: boolean;
  /** Changes on every request, so asking for the same segment twice scrolls twice. */
  nonce: number;
}
