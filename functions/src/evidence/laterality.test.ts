import { describe, expect, it } from 'vitest';
import { sideMentions } from './laterality.js';
import { tokenize } from './text.js';

const sides = (text: string) => sideMentions(tokenize(text)).map((m) => [m.side, m.bodyPart]);

describe('sideMentions', () => {
  it.each([
    ['Pain in the left knee.', [['left', 'knee']]],
    ['Edema of the right lower extremity.', [['right', 'leg']]],
    ['1+ edema bilateral lower extremities.', [['bilateral', 'leg']]],
    ['both of my knees hurt', []],
    ['both knees hurt', [['bilateral', 'knee']]],
    ['Crackles at the bases bilaterally.', [['bilateral', 'base']]],
    ['Pain in the knee on the right.', [['right', 'knee']]],
    ['Left-sided chest pain.', [['left', 'chest']]],
    ['my left and right ankles are swollen', [['bilateral', 'ankle']]],
    ["she is right handed", [['right', 'hand']]],
    ['no redness on either breast', [['bilateral', 'breast']]],
  ])('%s', (text, expected) => {
    expect(sides(text)).toEqual(expected);
  });

  it('"right" and "left" in their other senses are no sides', () => {
    expect(sides('all right, that is right, right now, he left the clinic')).toEqual([]);
  });
});
