import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences.js';

const texts = (content: string) => splitSentences(content).map((s) => s.text);

describe('splitSentences', () => {
  it('splits prose at sentence ends and gives offsets into the content', () => {
    const content = 'Cough for 3 days. No fever!  Seen today?';
    const sentences = splitSentences(content);
    expect(sentences.map((s) => s.text)).toEqual(['Cough for 3 days.', 'No fever!', 'Seen today?']);
    for (const s of sentences) expect(content.slice(s.start, s.end)).toBe(s.text);
  });

  it('takes each bullet line on its own, without its marker', () => {
    const content = 'Plan:\n- Start lisinopril 10 mg daily.\n- Recheck in 2 weeks. Call if worse.\n• Labs\n1. Echo';
    expect(texts(content)).toEqual(['Plan:', 'Start lisinopril 10 mg daily.', 'Recheck in 2 weeks.', 'Call if worse.', 'Labs', 'Echo']);
    const [, first] = splitSentences(content);
    expect(content.slice(first!.start, first!.end)).toBe('Start lisinopril 10 mg daily.');
  });

  it.each([
    ['Seen by Dr. Smith today.', ['Seen by Dr. Smith today.']],
    ['Take 20 mg. daily with food.', ['Take 20 mg. daily with food.']],
    ['Metformin 500 mg q.d. with meals. Review in May.', ['Metformin 500 mg q.d. with meals.', 'Review in May.']],
    ['Amoxicillin b.i.d. for a week.', ['Amoxicillin b.i.d. for a week.']],
    ['Temperature 37.4 today. Pulse 80.', ['Temperature 37.4 today.', 'Pulse 80.']],
    ['Avoid NSAIDs, e.g. ibuprofen, for now.', ['Avoid NSAIDs, e.g. ibuprofen, for now.']],
    ['Seen by J. Smith.', ['Seen by J. Smith.']],
    ['Take 20 mg. He agrees.', ['Take 20 mg.', 'He agrees.']],
  ])('abbreviations and decimals do not split: %s', (content, expected) => {
    expect(texts(content)).toEqual(expected);
  });

  it('any text: every sentence is the content between its offsets, in order, never empty', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'B', ' ', '.', '!', '?', '\n', '- ', '3', 'Dr.', 'mg.', 'q.d.', '• ') , maxLength: 60 }), (content) => {
        let previousEnd = 0;
        for (const s of splitSentences(content)) {
          expect(content.slice(s.start, s.end)).toBe(s.text);
          expect(s.text.trim()).toBe(s.text);
          expect(s.text.length).toBeGreaterThan(0);
          expect(s.start).toBeGreaterThanOrEqual(previousEnd);
          previousEnd = s.end;
        }
      }),
    );
  });
});
