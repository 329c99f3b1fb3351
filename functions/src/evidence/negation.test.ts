import { describe, expect, it } from 'vitest';
import { findingMatches, isNegativeAnswer, negations } from './negation.js';
import { tokenize } from './text.js';

/** Each negation's findings, as the words of the text they cover. */
function negated(text: string): string[][] {
  const tokens = tokenize(text);
  return negations(tokens).map((n) => n.findings.map((f) => text.slice(tokens[f.from]!.start, tokens[f.to - 1]!.end)));
}

describe('negations and their scope', () => {
  it.each([
    ['Denies chest pain.', [['chest pain']]],
    ['He denies fevers, chills, or weight loss.', [['fevers', 'chills', 'weight loss']]],
    ['No chest pain but some pressure.', [['chest pain']]],
    ['No fever, he has a cough.', [['fever']]],
    ['Negative for nausea and vomiting; reports diarrhea.', [['nausea', 'vomiting']]],
    ['Neck supple without thyromegaly or lymphadenopathy.', [['thyromegaly', 'lymphadenopathy']]],
    ['She does not smoke.', [['smoke']]],
    ["He doesn't drink alcohol.", [['drink alcohol']]],
    ['no trauma it just seemed like a blister and i picked at it', [['trauma']]],
    ['no murmur , no gallop , chest clear , cardiac rhythm regular', [['murmur'], ['gallop']]],
    ['there is no bruits your lungs are clear', [['bruits']]],
  ])('%s', (text, expected) => {
    expect(negated(text)).toEqual(expected);
  });

  it('a review of systems read out as one list stays in scope (ACI-Bench tuning)', () => {
    const text = "you've not had any recent weight loss or gain , headaches , bone pain , urinary symptoms , or blood in the stools";
    expect(negated(text)[0]).toHaveLength(6);
    expect(negated(text)[0]!.at(-1)).toBe('blood in the stools');
  });

  it('the examiner\'s verbs are not part of the finding', () => {
    const tokens = tokenize("i do n't appreciate any murmurs");
    expect(negations(tokens)[0]!.findings[0]!.words).toEqual(['murmur']);
  });

  it('conditionals and broken-off words are no negations (ACI-Bench tuning)', () => {
    expect(negated('if we do not do this poor bone healing can follow')).toEqual([]);
    expect(negated('coordination slow from no- finger to nose')).toEqual([]);
  });

  it('words that look like a negation but negate no finding are left alone', () => {
    expect(negated('Whether or not she takes it, not only the knee hurts.')).toEqual([]);
    expect(negated('Risks include but are not limited to pain and infection.')).toEqual([]);
    expect(negated('Test negative.')).toEqual([]);
  });

  it('a finding matches all of one word, or two words (or one specific word) of a longer one', () => {
    expect(findingMatches(['fever'], new Set(['fever', 'cough']))).toBe(true);
    expect(findingMatches(['chest', 'pain'], new Set(['chest', 'pain']))).toBe(true);
    expect(findingMatches(['knee', 'pain'], new Set(['chest', 'pain']))).toBe(false);
    expect(findingMatches(['short', 'breath'], new Set(['troubl', 'breath']))).toBe(true);
    expect(findingMatches([], new Set(['fever']))).toBe(false);
  });
});

describe('negative answers', () => {
  it.each(['no', 'No.', 'uh , no', 'nope', 'not really', "I haven't", 'i do n\'t think so', 'never', 'none at all'])('"%s" answers no', (text) => {
    expect(isNegativeAnswer(tokenize(text))).toBe(true);
  });
  it.each(['yes', 'yeah a little', 'slight cramps', 'i have some', 'not sure'])('"%s" does not', (text) => {
    expect(isNegativeAnswer(tokenize(text))).toBe(false);
  });
});
