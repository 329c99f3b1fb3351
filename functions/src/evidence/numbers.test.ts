import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalUnit, numberMentions } from './numbers.js';

const read = (text: string, implicit = false) => numberMentions(text, { implicit }).map((m) => ({ text: text.slice(m.start, m.end), value: m.value, unit: m.unit, parts: m.parts }));

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
/** How people write a number below a thousand in words ("three hundred and forty-five"). */
function inWords(n: number, hyphen: boolean, and: boolean): string {
  const below100 = (k: number) => (k < 20 ? ONES[k]! : TENS[Math.floor(k / 10)]! + (k % 10 ? `${hyphen ? '-' : ' '}${ONES[k % 10]}` : ''));
  if (n < 100) return below100(n);
  const rest = n % 100;
  return `${ONES[Math.floor(n / 100)]} hundred${rest ? `${and ? ' and' : ''} ${below100(rest)}` : ''}`;
}

describe('numberMentions', () => {
  it('digits with their units, normalised', () => {
    expect(read('Lisinopril 20 mg, 2 puffs, 500 milligrams, 5 mcg, 45%, 30 per cent, 98.6 F, 120 beats per minute')).toEqual([
      { text: '20 mg', value: 20, unit: 'mg', parts: null },
      { text: '2 puffs', value: 2, unit: 'puff', parts: null },
      { text: '500 milligrams', value: 500, unit: 'mg', parts: null },
      { text: '5 mcg', value: 5, unit: 'mcg', parts: null },
      { text: '45%', value: 45, unit: '%', parts: null },
      { text: '30 per cent', value: 30, unit: '%', parts: null },
      { text: '98.6 F', value: 98.6, unit: 'degree', parts: null },
      { text: '120 beats per minute', value: 120, unit: 'bpm', parts: null },
    ]);
  });

  it.each([
    ['one hundred', 100],
    ['twenty-five', 25],
    ['twenty five', 25],
    ['a half', 0.5],
    ['one and a half', 1.5],
    ['one hundred and five', 105],
    ['thirty seven point four', 37.4],
    ['two thousand and twenty', 2020],
    ['a hundred', 100],
  ])('number words: "%s" is %d', (text, value) => {
    expect(read(text)).toMatchObject([{ value }]);
  });

  it('speech runs number groups together: "one twenty over eighty", "twenty nineteen"', () => {
    expect(numberMentions('one twenty over eighty', { implicit: true }).map((m) => m.alternatives)).toEqual([[120, 1, 20], [80]]);
    expect(numberMentions('in twenty nineteen', { implicit: true })[0]!.alternatives).toContain(2019);
  });

  it('numbers written as one keep their parts; names with numbers are no quantities', () => {
    expect(read('BP 120/80, murmur 3/6')).toMatchObject([{ parts: [120, 80] }, { parts: [3, 6] }]);
    expect(read('COVID-19, vitamin B12, L4-L5 and C5-6 disc, T2 signal')).toEqual([]);
  });

  it('ages, durations and frequencies', () => {
    expect(read('a 58-year-old man')).toMatchObject([{ text: '58-year-old', value: 58, unit: 'year' }]);
    expect(read('for about five weeks')).toMatchObject([{ value: 5, unit: 'week' }]);
    expect(read('twice a day, b.i.d., three times a week, 2 times per day')).toMatchObject([
      { value: 2, unit: '/day' },
      { value: 2, unit: '/day' },
      { value: 3, unit: '/week' },
      { value: 2, unit: '/day' },
    ]);
    // A bare "daily" is a fact only in speech, where it supports "once daily".
    expect(read('metformin daily')).toEqual([]);
    expect(read('metformin daily', true)).toMatchObject([{ value: 1, unit: '/day' }]);
    expect(read('an hour and a half', true)).toMatchObject([{ value: 1.5, unit: 'hour' }]);
    expect(read('half a centimeter')).toMatchObject([{ value: 0.5, unit: 'cm' }]);
  });

  it('speech says one of a unit without a number, and years with an apostrophe (ACI-Bench tuning)', () => {
    expect(read('check it again in a month or so', true)).toMatchObject([{ value: 1, unit: 'month' }]);
    expect(read('i will see you next year', true)).toMatchObject([{ value: 1, unit: 'year' }]);
    expect(numberMentions("my first dose on january 15th , '21", { implicit: true }).flatMap((m) => m.alternatives)).toEqual(expect.arrayContaining([1, 15, 2021]));
    // Not in a note: "a month" there is no quantity to check.
    expect(read('in a month')).toEqual([]);
  });

  it('a range says its unit once: both ends have it', () => {
    expect(read('every six to eight hours')).toMatchObject([{ value: 6, unit: 'hour' }, { value: 8, unit: 'hour' }]);
    expect(read('5 or 10 mg, 2-3 times per day')).toMatchObject([{ value: 5, unit: 'mg' }, { value: 10, unit: 'mg' }, { value: 2, unit: '/day' }, { value: 3, unit: '/day' }]);
  });

  it('spelled units are canonical', () => {
    expect(['milligrams', 'mg', 'MG', 'mgs'].map(canonicalUnit)).toEqual(['mg', 'mg', 'mg', 'mg']);
    expect(canonicalUnit('percent')).toBe('%');
    expect(canonicalUnit('knee')).toBeNull();
  });

  it('any number below a thousand, in words as people write it, reads as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 999 }), fc.boolean(), fc.boolean(), (n, hyphen, and) => {
        const mentions = numberMentions(`takes ${inWords(n, hyphen, and)} milligrams`);
        expect(mentions).toHaveLength(1);
        expect(mentions[0]).toMatchObject({ value: n, unit: 'mg' });
      }),
    );
  });
});

describe('A unit said as a frequency', () => {
  it('"eighty beats a minute" is 80 a minute, not "a minute" (once) with the 80 lost', () => {
    const mentions = numberMentions('your heart rate is eighty beats a minute', { implicit: true });
    expect(mentions.map((m) => m.value)).toContain(80);
    expect(mentions.filter((m) => m.value === 1)).toEqual([]);
  });
});
