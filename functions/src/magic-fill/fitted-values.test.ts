import { describe, expect, it } from 'vitest';
import { fittedFields, fitValue, SHORT_INPUT_CHARS } from './fitted-values.js';
import type { PageField } from './page-fields.js';

const field = (kind: PageField['kind'], extra: Partial<PageField> = {}): PageField => ({ key: 'f1', selector: '#x', label: 'X', kind, ...extra });
const dx = field('select', { options: [{ value: 'J06.9', label: 'J06.9 Acute upper respiratory infection' }, { value: 'I10', label: 'I10 Hypertension' }] });
/** The value that goes into the field, or null when none does (left out, with or without a reason). */
const valueOf = (f: PageField, raw: string) => {
  const fitted = fitValue(f, raw);
  return fitted && 'value' in fitted ? fitted.value : null;
};
const reasonOf = (f: PageField, raw: string) => {
  const fitted = fitValue(f, raw);
  return fitted && 'reason' in fitted ? fitted.reason : null;
};

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
    // A comma is read as the note means it, or not at all: "3,250" is never filled as 3.
    [field('number'), '3,250', null],
    [field('number'), '250,000', null],
    [field('number'), '1,250,000', '1250000'],
    [field('number', { step: '0.1' }), '38,5', '38.5'],
    [field('checkbox'), 'Yes', 'true'],
    [field('checkbox'), 'maybe', null],
    [field('time'), '25:00', null],
    [field('text'), 'Not discussed in this session.', null],
    [field('text'), '  ', null],
    [field('text'), 'Cough\nFever', 'Cough; Fever'],
    [field('text', { maxLength: 10 }), 'A dry cough for three days', 'A dry cou…'],
  ])('%j %j -> %j', (f, raw, expected) => {
    expect(valueOf(f, raw)).toBe(expected);
  });

  it('says why a proposal was refused; says nothing when the note was silent', () => {
    expect(reasonOf(dx, 'Pneumonia')).toBe('“Pneumonia” is not one of its choices.');
    expect(reasonOf(field('date'), 'in two weeks')).toBe('“in two weeks” is not a date.');
    expect(reasonOf(field('number'), 'about seventy')).toBe('“about seventy” is not a number.');
    expect(reasonOf(field('number'), '3,250')).toMatch(/could be read two ways/);
    expect(fitValue(field('text'), 'Not discussed.')).toBeNull();
    expect(fitValue(field('text'), ' ')).toBeNull();
  });

  it('keeps a text input short without a maxlength, and a textarea long', () => {
    expect(valueOf(field('text'), 'word '.repeat(200))!.length).toBeLessThanOrEqual(SHORT_INPUT_CHARS);
    expect(valueOf(field('textarea'), 'word '.repeat(200))!.length).toBe(999);
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
        const value = valueOf(field('text', { maxLength: cut }), raw)!;
        expect(value.length, `${raw} at ${cut}`).toBeLessThanOrEqual(cut);
        expect(value, `${raw} at ${cut}`).not.toMatch(loneSurrogate);
        const kept = graphemes(value.replace(/…$/, ''));
        expect(graphemes(raw).slice(0, kept.length), `${raw} at ${cut}`).toEqual(kept);
      }
    }
  });

  it('keeps a number within the field’s min and max, or leaves it out saying why', () => {
    const temperature = field('number', { min: '30', max: '43', step: '0.1' });
    expect(valueOf(temperature, '38.5')).toBe('38.5');
    expect(reasonOf(temperature, '101.8')).toBe('101.8 is above the field’s maximum of 43.');
    expect(reasonOf(temperature, '12')).toBe('12 is below the field’s minimum of 30.');
    expect(valueOf(field('number', { min: '0', max: '100' }), '97')).toBe('97');
  });

  it('puts a number on the field’s step: rounded when the step is a power of ten (and says so), else left out', () => {
    expect(fitValue(field('number', { step: '0.1' }), '37.94')).toEqual({ value: '37.9', note: 'Rounded from 37.94 to the field’s step of 0.1.', stated: '37.94' });
    expect(fitValue(field('number', { step: '0.1' }), '37.95')).toEqual({ value: '38', note: 'Rounded from 37.95 to the field’s step of 0.1.', stated: '37.95' });
    // A number input without a step takes whole numbers (the HTML default step is 1).
    expect(fitValue(field('number'), '37.9')).toEqual({ value: '38', note: 'Rounded from 37.9 to the field’s step of 1.', stated: '37.9' });
    expect(fitValue(field('number', { step: 'any' }), '37.94')).toEqual({ value: '37.94', stated: '37.94' });
    expect(valueOf(field('number', { step: '0.5' }), '38.5')).toBe('38.5');
    expect(reasonOf(field('number', { step: '0.5' }), '37.9')).toBe('37.9 is not on the field’s steps of 0.5.');
    // The step counts from min, as a browser counts it.
    expect(valueOf(field('number', { min: '1', step: '2' }), '7')).toBe('7');
    expect(reasonOf(field('number', { min: '1', step: '2' }), '6')).toBe('6 is not on the field’s steps of 2 from 1.');
  });

  it('keeps dates, months and times within min and max', () => {
    const followUp = field('date', { min: '2026-03-02', max: '2026-06-30' });
    expect(valueOf(followUp, '2026-03-16')).toBe('2026-03-16');
    expect(reasonOf(followUp, '2026-07-01')).toBe('2026-07-01 is after the field’s latest, 2026-06-30.');
    expect(reasonOf(followUp, '2026-03-01')).toBe('2026-03-01 is before the field’s earliest, 2026-03-02.');
    expect(reasonOf(field('time', { min: '08:00', max: '18:00' }), '19:30')).toBe('19:30 is after the field’s latest, 18:00.');
    expect(valueOf(field('month', { max: '2026-12' }), '2026-11')).toBe('2026-11');
  });

  describe('measures in the field’s unit', () => {
    const fahrenheit = field('number', { label: 'Temperature (F)', unit: 'degF', step: '0.1' });
    const celsius = field('text', { label: 'Temperature (C)', unit: 'degC' });

    it('converts exactly into the field’s unit, rounded to the field’s step or else to one decimal, and says so', () => {
      expect(fitValue(fahrenheit, '38.5 °C')).toEqual({ value: '101.3', note: 'Converted from 38.5 °C (°F = °C × 9/5 + 32).', stated: '38.5' });
      expect(fitValue(celsius, '101.3 F')).toEqual({ value: '38.5', note: 'Converted from 101.3 °F (°C = (°F − 32) × 5/9).', stated: '101.3' });
      expect(fitValue(field('text', { unit: 'kg' }), '170 lb')).toEqual({ value: '77.1', note: 'Converted from 170 lb (1 lb = 0.45359237 kg), rounded to 0.1.', stated: '170' });
      expect(valueOf(field('text', { unit: 'lb' }), '72 kg')).toBe('158.7');
      expect(valueOf(field('text', { unit: 'in' }), '170 cm')).toBe('66.9');
      expect(valueOf(field('text', { unit: 'cm' }), '66.9 in')).toBe('169.9');
      // A number input without a step takes whole numbers: the conversion rounds to them.
      expect(fitValue(field('number', { unit: 'degF' }), '38.5 °C')).toEqual({ value: '101', note: 'Converted from 38.5 °C (°F = °C × 9/5 + 32), rounded to 1.', stated: '38.5' });
    });

    it('takes a value in the field’s own unit, or without one, as it is', () => {
      expect(fitValue(fahrenheit, '101.3 °F')).toEqual({ value: '101.3', stated: '101.3' });
      expect(valueOf(celsius, '38.5')).toBe('38.5');
      expect(valueOf(field('number', { unit: 'mmHg' }), '128 mmHg')).toBe('128');
      expect(valueOf(field('text', { unit: 'percent' }), '97%')).toBe('97');
      expect(valueOf(field('text', { unit: 'perMin' }), '88 bpm')).toBe('88');
    });

    it('refuses a value that cannot be that measure in that unit: a Celsius reading in a Fahrenheit field', () => {
      expect(reasonOf(fahrenheit, '38.5')).toBe('38.5 is not a plausible temperature in °F.');
      expect(reasonOf(fahrenheit, '38.5 °F')).toBe('38.5 is not a plausible temperature in °F.');
      expect(reasonOf(celsius, '101.3 °C')).toBe('101.3 is not a plausible temperature in °C.');
      expect(reasonOf(field('text', { unit: 'mmHg' }), '72 kg')).toBe('72 kg is a weight; the field takes mmHg.');
      expect(reasonOf(field('number', { unit: 'mmHg' }), '128/82')).toBe('“128/82” is not one measurement.');
      // …but a text field for the whole blood pressure takes it as written.
      expect(valueOf(field('text', { label: 'BP (mmHg)', unit: 'mmHg' }), '128/82 mmHg')).toBe('128/82');
      expect(reasonOf(field('text', { unit: 'percent' }), '104 %')).toBe('104 is not a plausible percentage in %.');
    });

    it('keeps min and max in the field’s unit, after converting', () => {
      expect(reasonOf(field('number', { unit: 'degC', max: '43', step: '0.1' }), '110 °F')).toBe('43.3 is above the field’s maximum of 43.');
    });
  });

  describe('no two fields the same value unless the note says it twice', () => {
    const pulse = field('number', { key: 'f1', selector: '#pulse', label: 'Pulse (per min)', unit: 'perMin' });
    const respiration = field('number', { key: 'f2', selector: '#resp', label: 'Respiration (per min)', unit: 'perMin' });
    const answers = [
      { key: 'f1', value: '88' },
      { key: 'f2', value: '88' },
    ];

    it('leaves both out, saying why, when the note states the value once', () => {
      expect(fittedFields([pulse, respiration], answers, 'Temperature 38.5 °C, pulse 88, blood pressure 128/82; 188 steps').leftOut).toEqual([
        { label: 'Pulse (per min)', reason: 'The note states “88” once, yet it was proposed for 2 fields: left out rather than guessed.' },
        { label: 'Respiration (per min)', reason: 'The note states “88” once, yet it was proposed for 2 fields: left out rather than guessed.' },
      ]);
    });

    it('keeps both when the note states it twice, and a measure converted into a second unit is no repeat', () => {
      expect(fittedFields([pulse, respiration], answers, 'Pulse 88, respiratory rate 88.').fields.map((f) => f.value)).toEqual(['88', '88']);
      const temperatures = [field('number', { key: 'f1', selector: '#f', unit: 'degF', step: '0.1' }), field('number', { key: 'f2', selector: '#c', unit: 'degC', step: '0.1' })];
      const both = fittedFields(temperatures, [{ key: 'f1', value: '38.5 °C' }, { key: 'f2', value: '38.5 °C' }], 'Temperature 38.5 °C.');
      expect(both.fields.map((f) => f.value)).toEqual(['101.3', '38.5']);
    });

    it('applies to text too, but not to choices, dates or checkboxes', () => {
      const text = [field('textarea', { key: 'f1', selector: '#a' }), field('textarea', { key: 'f2', selector: '#b' }), field('checkbox', { key: 'f3', selector: '#c' }), field('checkbox', { key: 'f4', selector: '#d' })];
      const answered = fittedFields(text, ['f1', 'f2'].map((key) => ({ key, value: 'Rest and fluids.' })).concat(['f3', 'f4'].map((key) => ({ key, value: 'true' }))), 'Plan: Rest and fluids.');
      expect(answered.fields.map((f) => f.selector)).toEqual(['#c', '#d']);
      expect(answered.leftOut).toHaveLength(2);
    });
  });

  it('answers fields once, in the page order, unknown keys dropped, refusals listed with their label', () => {
    const fields = [field('text', { key: 'f1', selector: '#a', label: 'A' }), field('text', { key: 'f2', selector: '#b', label: 'B', shadowHosts: ['#host'] }), field('number', { key: 'f3', selector: '#c', label: 'C', max: '43' })];
    expect(fittedFields(fields, [{ key: 'f2', value: 'b' }, { key: 'f9', value: 'x' }, { key: 'f1', value: 'a' }, { key: 'f1', value: 'again' }, { key: 'f3', value: '101.8' }], '')).toEqual({
      fields: [
        { selector: '#a', label: 'A', value: 'a' },
        { selector: '#b', shadowHosts: ['#host'], label: 'B', value: 'b' },
      ],
      leftOut: [{ label: 'C', reason: '101.8 is above the field’s maximum of 43.' }],
    });
  });
});
