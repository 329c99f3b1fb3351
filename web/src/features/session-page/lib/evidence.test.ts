import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '@charta/contract';
import { saysNothingDiscussed } from '@charta/contract';
import { citedSegments, highlightFor, needsCheck } from './evidence';

const segment = (id: string, startMs: number): TranscriptSegment => ({ id, speaker: 'patient', startMs, endMs: startMs + 1000, text: `text ${id}` });
const segments = [segment('seg-1', 0), segment('seg-2', 2000), segment('seg-3', 4000), segment('seg-4', 6000)];

describe('evidence', () => {
  it('Highlights the cited segments and scrolls to the earliest in the transcript, whatever the citing order', () => {
    const highlight = highlightFor(
      [
        { segmentId: 'seg-3', quote: 'c' },
        { segmentId: 'seg-2', quote: 'b' },
      ],
      segments,
    );
    expect([...highlight.segmentIds].sort()).toEqual(['seg-2', 'seg-3']);
    expect(highlight.firstSegmentId).toBe('seg-2');
    expect(highlight.missing).toEqual([]);
  });

  it('Reports cited ids the transcript does not hold instead of dropping them silently', () => {
    const highlight = highlightFor([{ segmentId: 'seg-9', quote: 'x' }, { segmentId: 'seg-1', quote: 'a' }], segments);
    expect([...highlight.segmentIds]).toEqual(['seg-1']);
    expect(highlight.missing).toEqual(['seg-9']);
  });

  it('No evidence: nothing highlighted', () => {
    expect(highlightFor([], segments)).toEqual({ segmentIds: new Set(), firstSegmentId: null, missing: [] });
  });

  it('Quotes in transcript order, once per segment, falling back to the segment text', () => {
    expect(
      citedSegments(
        [
          { segmentId: 'seg-4', quote: 'four' },
          { segmentId: 'seg-1', quote: '' },
          { segmentId: 'seg-4', quote: 'again' },
        ],
        segments,
      ).map((c) => [c.segment.id, c.quote]),
    ).toEqual([
      ['seg-1', 'text seg-1'],
      ['seg-4', 'four'],
    ]);
  });

  it('A section with content and no evidence needs checking; "Not discussed" and empty ones do not', () => {
    expect(needsCheck({ content: 'Lungs clear.', evidence: [] })).toBe(true);
    expect(needsCheck({ content: 'Lungs clear.', evidence: [{ segmentId: 'seg-1', quote: 'clear' }] })).toBe(false);
    expect(needsCheck({ content: 'Not discussed in this session.', evidence: [] })).toBe(false);
    expect(needsCheck({ content: '  ', evidence: [] })).toBe(false);
    expect(saysNothingDiscussed(' not discussed. ')).toBe(true);
    expect(saysNothingDiscussed('Not discussed in this session, but see above.')).toBe(false);
  });

  it('Reads the templates’ own words for "not covered" as saying nothing; clinical negatives are claims', () => {
    for (const nothing of ['Not discussed.', 'No plan discussed.', 'No examination findings recorded.', 'Assessment not stated in the session.', 'Medications: none mentioned']) {
      expect(saysNothingDiscussed(nothing)).toBe(true);
      expect(needsCheck({ content: nothing, evidence: [] })).toBe(false);
    }
    for (const claim of ['No known allergies.', 'Denies chest pain.', 'Lungs clear. No plan discussed.', `${'Not discussed at length, '.repeat(5)}but agreed.`]) {
      expect(saysNothingDiscussed(claim)).toBe(false);
      expect(needsCheck({ content: claim, evidence: [] })).toBe(true);
    }
  });
});
