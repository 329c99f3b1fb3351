import { describe, expect, it } from 'vitest';
import { wordsOf } from '../support/consultation-speech.js';
import { wordErrors } from '../support/word-error-rate.js';

// The word error rate `npm run bench:pipeline` prints (tests/support/word-error-rate.ts), on cases worked out by hand.

const words = (text: string) => text.split(' ').filter(Boolean);

describe('Word error rate', () => {
  it('The same words score 0', () => {
    expect(wordErrors(words('the cat sat'), words('the cat sat'))).toEqual({ rate: 0, substitutions: 0, deletions: 0, insertions: 0, referenceWords: 3 });
  });

  it('One word of each kind: a substitution, a deletion, an insertion', () => {
    expect(wordErrors(words('the cat sat'), words('the hat sat'))).toMatchObject({ rate: 1 / 3, substitutions: 1, deletions: 0, insertions: 0 });
    expect(wordErrors(words('the cat sat down'), words('the sat down'))).toMatchObject({ rate: 1 / 4, substitutions: 0, deletions: 1, insertions: 0 });
    expect(wordErrors(words('the cat sat'), words('the cat sat sat'))).toMatchObject({ rate: 1 / 3, substitutions: 0, deletions: 0, insertions: 1 });
  });

  it('The fewest edits, over the reference: a word doubled at a window boundary and one lost', () => {
    // Reference 9 words; the hypothesis doubles "had" (1 insertion), drops "two" (1 deletion) and hears
    // "weeks" as "weak" (1 substitution). No 2 edits do it: the longest run in common is 7 words.
    const reference = words('i have had a bad cough for two weeks');
    const hypothesis = words('i have had had a bad cough for weak');
    expect(wordErrors(reference, hypothesis)).toEqual({ rate: 3 / 9, substitutions: 1, deletions: 1, insertions: 1, referenceWords: 9 });
  });

  it('Words in the wrong order cost two edits, not one', () => {
    const result = wordErrors(words('chest pain'), words('pain chest'));
    expect(result.rate).toBe(1);
    expect(result.substitutions + result.deletions + result.insertions).toBe(2);
  });

  it('Many words inserted pass 100 %; an empty reference is 0 only against an empty hypothesis', () => {
    expect(wordErrors(words('yes'), words('no no no'))).toMatchObject({ rate: 3, substitutions: 1, insertions: 2 });
    expect(wordErrors([], []).rate).toBe(0);
    expect(wordErrors([], words('uh')).rate).toBe(Infinity);
    expect(wordErrors(words('a b'), []).rate).toBe(1);
  });

  it('Scored on words as the benchmark reads them: case and punctuation do not count', () => {
    expect(wordsOf("Good morning. What brings you in today? I'm fine!")).toEqual(['good', 'morning', 'what', 'brings', 'you', 'in', 'today', "i'm", 'fine']);
    expect(wordErrors(wordsOf('Do you have a fever?'), wordsOf('do you have a fever')).rate).toBe(0);
  });
});
