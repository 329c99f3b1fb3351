import { describe, expect, it } from 'vitest';
import { fittedFields, fitValue, SHORT_INPUT_CHARS } from './fitted-values.js';
import type { PageField } from './page-fields.js';

const field = (kind: PageField['kind'], extra: Partial<PageField> = {}): PageField => ({ key: 'f1', selector: '#x', label: 'X', kind, ...extra });
const dx = field('select', { options: [{ value: 'J06.9', label: 'J06.9 Acute upper respiratory infection' }, { value: 'I10', label: 'I10 Hypertension' }] });

describe('fitValue: the model is checked, never trusted', () => {
  it.each([
    [dx, 'J06.9', 'J06.9'],
    [dx, 'i10 hypertension', 'I10'],
    [dx, 'Pneumonia', null],
    [field('date'), '2026-03-16', '2026-03-16'],
    [field('date'), '2026-02-30', null],
    [field('date'), 'in two weeks', null],
    [field('number'), '76 bpm', '76'],
    [field('number'), 'about seventy', null],
    [field('checkbox'), 'Yes', 'true'],
    [field('checkbox'), 'maybe', null],
    [field('time'), '25:00', null],
    [field('text'), 'Not discussed in this session.', null],
    [field('text'), '  ', null],
    [field('text'), 'Cough\nFever', 'Cough; Fever'],
    [field('text', { maxLength: 10 }), 'A dry cough for three days', 'A dry cou…'],
  ])('%j %j -> %j', (f, raw, expected) => {
    expect(fitValue(f, raw)).toBe(expected);
  });

  it('keeps a text input short without a maxlength, and a textarea long', () => {
    expect(fitValue(field('text'), 'word '.repeat(200))!.length).toBeLessThanOrEqual(SHORT_INPUT_CHARS);
    expect(fitValue(field('textarea'), 'word '.repeat(200))!.length).toBe(999);
  });

  it('cuts at maxlength on grapheme boundaries: never half an emoji (a lone surrogate) or half a family', () => {
    const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    const graphemes = (text: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);
    for (const [raw, max] of [
      ['Fever🤒🤒🤒🤒🤒', 8],
      ['Family 👨‍👩‍👧‍👦 at the visit', 12],
      ['Café ☕️ and e\u0301clair', 16],
    ] as const) {
      for (let cut = max; cut < raw.length; cut++) {
        const value = fitValue(field('text', { maxLength: cut }), raw)!;
        expect(value.length, `${raw} at ${cut}`).toBeLessThanOrEqual(cut);
        expect(value, `${raw} at ${cut}`).not.toMatch(loneSurrogate);
        const kept = graphemes(value.replace(/…$/, ''));
        expect(graphemes(raw).slice(0, kept.length), `${raw} at ${cut}`).toEqual(kept);
      }
    }
  });

  it('answers fields once, in the page order, unknown keys dropped', () => {
    const fields = [field('text', { key: 'f1', selector: '#a', label: 'A' }), field('text', { key: 'f2', selector: '#b', label: 'B' })];
    expect(fittedFields(fields, [{ key: 'f2', value: 'b' }, { key: 'f9', value: 'x' }, { key: 'f1', value: 'a' }, { key: 'f1', value: 'again' }])).toEqual([
      { selector: '#a', label: 'A', value: 'a' },
      { selector: '#b', label: 'B', value: 'b' },
    ]);
  });
});
