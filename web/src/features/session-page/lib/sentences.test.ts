import { describe, expect, it } from 'vitest';
import type { EvidenceSentence, FactFlag } from '@charta/contract';
import { unresolvedFacts } from '@/lib/fact-flags';
import { markPieces, sentenceAt, sentencesBySegment } from './sentences';

const content = 'Lisinopril 20 mg daily. Left knee pain.\n- No fever.';
const sentences: EvidenceSentence[] = [
  { text: 'Lisinopril 20 mg daily.', start: 0, end: 23, segmentIds: ['seg-2'] },
  { text: 'Left knee pain.', start: 24, end: 39, segmentIds: ['seg-2', 'seg-4'] },
  { text: 'No fever.', start: 42, end: 51, segmentIds: [] },
];
const flag = (overrides: Partial<FactFlag>): FactFlag => ({ id: 'n-0000000000000000', sentenceIndex: 0, text: '20 mg', start: 11, end: 16, kind: 'number', status: 'unresolved', ...overrides });

describe('sentenceAt', () => {
  it('Finds the sentence a caret is in, just after its full stop included, and a sentence’s start belongs to it', () => {
    expect(sentenceAt(sentences, 0)).toBe(0);
    expect(sentenceAt(sentences, 12)).toBe(0);
    expect(sentenceAt(sentences, 23)).toBe(0);
    expect(sentenceAt(sentences, 24)).toBe(1);
    expect(sentenceAt(sentences, 45)).toBe(2);
    expect(sentenceAt([{ ...sentences[0]!, end: 10 }, { ...sentences[1]!, start: 10 }], 10)).toBe(1);
  });

  it('Between sentences (a bullet’s “- ”), or with no sentences, finds none', () => {
    expect(sentenceAt(sentences, 41)).toBeNull();
    expect(sentenceAt([], 0)).toBeNull();
  });
});

describe('sentencesBySegment', () => {
  it('Lists, for each segment, the sentences that use it in the note’s order, each once', () => {
    const uses = sentencesBySegment([
      { id: 'subjective', title: 'Subjective', sentences },
      { id: 'plan', title: 'Plan', sentences: [{ text: 'Knee brace.', start: 0, end: 11, segmentIds: ['seg-4', 'seg-4'] }] },
    ]);
    expect(uses.get('seg-2')?.map((u) => [u.sectionId, u.sentenceIndex])).toEqual([
      ['subjective', 0],
      ['subjective', 1],
    ]);
    expect(uses.get('seg-4')).toEqual([
      { sectionId: 'subjective', sectionTitle: 'Subjective', sentenceIndex: 1, text: 'Left knee pain.' },
      { sectionId: 'plan', sectionTitle: 'Plan', sentenceIndex: 0, text: 'Knee brace.' },
    ]);
    expect(uses.has('seg-1')).toBe(false);
  });
});

describe('markPieces', () => {
  it('Cuts the text where marks start and end, a flag inside the selected sentence carrying both', () => {
    const pieces = markPieces(content, { flags: [flag({})], selected: { start: 0, end: 23 }, linked: [] });
    expect(pieces.map((p) => p.text).join('')).toBe(content);
    expect(pieces.slice(0, 4)).toEqual([
      { text: 'Lisinopril ', sentence: 'selected' },
      { text: '20 mg', flag: 'unresolved', sentence: 'selected' },
      { text: ' daily.', sentence: 'selected' },
      { text: ' Left knee pain.\n- No fever.' },
    ]);
  });

  it('Marks sentences linked to a segment, and a confirmed fact apart from one to check', () => {
    const pieces = markPieces(content, {
      flags: [flag({ status: 'confirmed' }), flag({ start: 24, end: 28, text: 'Left', kind: 'laterality', sentenceIndex: 1 })],
      selected: null,
      linked: [sentences[1]!],
    });
    expect(pieces.filter((p) => p.flag || p.sentence)).toEqual([
      { text: '20 mg', flag: 'confirmed' },
      { text: 'Left', flag: 'unresolved', sentence: 'linked' },
      { text: ' knee pain.', sentence: 'linked' },
    ]);
  });

  it('Clips ranges outside the text instead of failing (an answer older than the text)', () => {
    const pieces = markPieces('Short.', { flags: [flag({ start: 3, end: 40 })], selected: null, linked: [] });
    expect(pieces).toEqual([{ text: 'Sho' }, { text: 'rt.', flag: 'unresolved' }]);
  });
});

describe('unresolvedFacts', () => {
  it('Lists the unresolved flags of every section with their sentence, leaving confirmed ones out', () => {
    const facts = unresolvedFacts([
      { id: 'subjective', title: 'Subjective', sentences, flags: [flag({}), flag({ id: 'l-0000000000000001', status: 'confirmed' })] },
      { id: 'plan', title: 'Plan', sentences: [], flags: [] },
    ]);
    expect(facts).toEqual([{ sectionId: 'subjective', sectionTitle: 'Subjective', flagId: 'n-0000000000000000', text: '20 mg', kind: 'number', sentence: 'Lisinopril 20 mg daily.' }]);
  });
});
