import { saysNothingDiscussed, type MagicFillField, type MagicFillLeftOut } from '@charta/contract';
import type { PageField } from './page-fields.js';
import { CONVERSION_RULE, convert, leadingNumber, parseMeasurement, PLAUSIBLE, QUANTITY, UNIT_SYMBOL, type Quantity, type Unit } from './units.js';

/** A single-line input gets at most this much when the page sets no maxlength: an EHR input is a line, not a note. */
export const SHORT_INPUT_CHARS = 250;
/** A textarea or editable area without maxlength: about a long section of a note. */
export const LONG_FIELD_CHARS = 20_000;

/**
 * A model's value fitted to its field: the value to set (with a note when Charta changed it, e.g. rounded,
 * and for numbers the number as the note stated it, before any conversion or rounding), or the reason it
 * cannot go in, for the clinician; null when the model said nothing for the field.
 */
export type Fitted = { value: string; note?: string; stated?: string } | { reason: string } | null;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Shortens to at most `max` UTF-16 code units (what a browser's `maxlength` counts), ending in "…", cut
 * between graphemes (Intl.Segmenter): never half an emoji, which would leave a lone surrogate, nor a letter
 * without its accent. At a word boundary when there is one near the end.
 */
export function cutToLength(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  let end = 0;
  for (const { index, segment } of graphemes.segment(trimmed)) {
    if (index + segment.length > max - 1) break;
    end = index + segment.length;
  }
  const cut = trimmed.slice(0, end);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const isRealDate = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

function isDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m !== null && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

const quoted = (value: string) => `“${value.length > 60 ? cutToLength(value, 60) : value}”`;

/**
 * Within the field's min and max. Dates, months, times and local date-times compare as their ISO text
 * (same layout, most significant first); numbers as numbers.
 */
function withinBounds(field: PageField, value: string, compare: (a: string, b: string) => number): { reason: string } | null {
  const isNumber = field.kind === 'number';
  if (field.min !== undefined && compare(value, field.min) < 0) {
    return { reason: isNumber ? `${value} is below the field’s minimum of ${field.min}.` : `${value} is before the field’s earliest, ${field.min}.` };
  }
  if (field.max !== undefined && compare(value, field.max) > 0) {
    return { reason: isNumber ? `${value} is above the field’s maximum of ${field.max}.` : `${value} is after the field’s latest, ${field.max}.` };
  }
  return null;
}

function fitISO(field: PageField, value: string, valid: boolean, what: string): Fitted {
  if (!valid) return { reason: `${quoted(value)} is not ${what}.` };
  return withinBounds(field, value, (a, b) => (a < b ? -1 : a > b ? 1 : 0)) ?? { value };
}

/** Digits after the point of a decimal number as written ("0.10" -> 2, "1e-2" -> 2). */
function decimalsOf(text: string): number {
  const n = Number(text);
  const [mantissa = '', exponent] = String(n).split('e');
  const decimals = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, decimals - Number(exponent ?? 0));
}

const isPowerOfTenAtMostOne = (step: number) => step <= 1 && Math.abs(Math.log10(step) - Math.round(Math.log10(step))) < 1e-9;

/**
 * A number on the field's step, counted from min (0 without one) as a browser counts it; a number input
 * without a step attribute takes whole numbers (HTML's default step is 1), and `step="any"` takes any.
 * Off the step, it is rounded half away from zero when the step is a power of ten no coarser than 1 (0.1,
 * 1: a measurement written more precisely than the EHR keeps); any other step (0.5, 5) would change the
 * value's meaning, so it is left out. Worked in scaled integers: 37.95 / 0.1 is not 379.5 in floating point.
 */
function onStep(field: PageField, text: string): { value: string; note?: string } | { reason: string } {
  const stepText = field.step ?? '1';
  if (stepText === 'any') return { value: text };
  const baseText = field.min ?? '0';
  const decimals = Math.max(decimalsOf(text), decimalsOf(stepText), decimalsOf(baseText));
  const scale = 10 ** decimals;
  const [n, step, base] = [text, stepText, baseText].map((t) => Math.round(Number(t) * scale)) as [number, number, number];
  const offset = n - base;
  const remainder = Math.abs(offset) % step;
  if (remainder === 0) return { value: text };
  const from = field.min === undefined ? '' : ` from ${field.min}`;
  if (!isPowerOfTenAtMostOne(Number(stepText))) return { reason: `${text} is not on the field’s steps of ${stepText}${from}.` };
  const steps = Math.floor(Math.abs(offset) / step) + (2 * remainder >= step ? 1 : 0);
  const rounded = (base + Math.sign(offset) * steps * step) / scale;
  const value = String(Number(rounded.toFixed(decimals)));
  return { value, note: `Rounded from ${text} to the field’s step of ${stepText}.` };
}

/**
 * A number input's value: one number (a unit or word after it is dropped, "76 bpm"; a second number makes
 * it no single value, "128/82"), within min and max, on the step. `stated` is the number as the note gave it.
 */
function fitNumber(field: PageField, value: string, stated?: string, note?: string): Fitted {
  const lead = leadingNumber(value);
  if (!lead?.parsed) return { reason: `${quoted(value)} is not a number.` };
  if ('ambiguous' in lead.parsed) return { reason: `${quoted(value)} could be read two ways (a thousands comma or a decimal comma), so it was left out.` };
  if (/\d/.test(lead.rest)) return { reason: `${quoted(value)} is not one number.` };
  const number = lead.parsed.number;
  const byNumber = (a: string, b: string) => Number(a) - Number(b);
  // Bounds first, so the reason names the number itself; again after rounding, which can step past max.
  const outside = withinBounds(field, number, byNumber);
  if (outside) return outside;
  const stepped = onStep(field, number);
  if ('reason' in stepped) return stepped;
  const notes = [note, stepped.note].filter(Boolean).join(' ');
  return withinBounds(field, stepped.value, byNumber) ?? { value: stepped.value, ...(notes ? { note: notes } : {}), stated: stated ?? number };
}

const QUANTITY_NAME: Record<Quantity, string> = { temperature: 'temperature', mass: 'weight', length: 'length', pressure: 'pressure', percentage: 'percentage', rate: 'rate' };

/** Half away from zero to a power-of-ten precision ("0.1", "1"), as text without trailing zeros. */
function roundTo(value: number, precision: string): string {
  const decimals = decimalsOf(precision);
  const scale = 10 ** decimals;
  // The epsilon absorbs binary error (38.5 × 9/5 + 32 is 101.30000000000001) without moving a true half.
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * scale + 1e-9)) / scale;
  return String(Number(rounded.toFixed(decimals)));
}

/**
 * A measurement for a field whose label names its unit: the model answers the value as the note states it,
 * with the note's unit ("38.5 °C"); it is converted here, exactly, into the field's unit (a measure offered
 * in two units is filled in both from the one the note used), rounded half away from zero to the field's
 * step (a number input's, when a power of ten) or else to one decimal. A value without a unit is taken as
 * the field's. A value that is another quantity, or that cannot be this measure in its unit (38.5 in a
 * Fahrenheit field is a Celsius reading), is refused rather than guessed.
 */
function fitMeasure(field: PageField, unit: Unit, value: string): Fitted {
  // One text field for a whole blood pressure ("BP (mmHg)") takes it as clinicians write it.
  const pressure = /^(\d{2,3})\s*\/\s*(\d{2,3})(\s*mm\s*\/?\s*hg)?$/i.exec(value);
  if (pressure && unit === 'mmHg' && field.kind === 'text') return { value: `${pressure[1]}/${pressure[2]}`, stated: `${pressure[1]}/${pressure[2]}` };
  const measured = parseMeasurement(value);
  if (!measured) return { reason: `${quoted(value)} is not one measurement.` };
  const from = measured.unit ?? unit;
  if (QUANTITY[from] !== QUANTITY[unit]) return { reason: `${measured.number} ${UNIT_SYMBOL[from]} is a ${QUANTITY_NAME[QUANTITY[from]]}; the field takes ${UNIT_SYMBOL[unit]}.` };
  const n = Number(measured.number);
  const [low, high] = PLAUSIBLE[from];
  if (n < low || n > high) return { reason: `${measured.number} is not a plausible ${QUANTITY_NAME[QUANTITY[from]]} in ${UNIT_SYMBOL[from]}.` };
  let text = measured.number;
  let note: string | undefined;
  if (from !== unit) {
    const exact = convert(n, from, unit)!;
    const step = field.step ?? '1';
    const precision = field.kind === 'number' && step !== 'any' && isPowerOfTenAtMostOne(Number(step)) ? step : '0.1';
    text = roundTo(exact, precision);
    const rounded = Math.abs(Number(text) - exact) > 1e-9;
    note = `Converted from ${measured.number} ${UNIT_SYMBOL[from]} (${CONVERSION_RULE[`${from}>${unit}`]})${rounded ? `, rounded to ${precision}` : ''}.`;
  }
  if (field.kind === 'number') return fitNumber(field, text, measured.number, note);
  return { value: text, ...(note ? { note } : {}), stated: measured.number };
}

function fitChoice(field: PageField, value: string): Fitted {
  const options = field.options ?? [];
  const exact = options.find((o) => o.value === value);
  if (exact) return { value: exact.value };
  const folded = value.trim().toLowerCase();
  const named = options.find((o) => o.value.toLowerCase() === folded || o.label.toLowerCase() === folded);
  return named ? { value: named.value } : { reason: `${quoted(value)} is not one of its choices.` };
}

/** An input's value: one line, cut to its maxlength (or a short line's length without one). */
const oneLine = (field: PageField, value: string): Fitted => ({ value: cutToLength(value.replace(/\s*\n\s*/g, '; '), field.maxLength ?? SHORT_INPUT_CHARS) });

/**
 * The model's value made to fit its field, or the reason it cannot: the answer is checked, never trusted (a
 * select gets one of its real options, a date a real calendar date within the field's bounds, a number a
 * number within min and max and on its step, a line a line).
 */
export function fitValue(field: PageField, raw: string): Fitted {
  const value = raw.trim();
  if (value === '' || saysNothingDiscussed(value)) return null;
  switch (field.kind) {
    case 'select':
    case 'radio':
      return fitChoice(field, value);
    case 'date':
      return fitISO(field, value, isDate(value), 'a date');
    case 'datetime-local':
      return fitISO(field, value, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) && isDate(value.slice(0, 10)), 'a date and time');
    case 'time':
      return fitISO(field, value, /^([01]\d|2[0-3]):[0-5]\d$/.test(value), 'a time');
    case 'month':
      return fitISO(field, value, /^\d{4}-(0[1-9]|1[0-2])$/.test(value), 'a month');
    case 'number':
      return field.unit ? fitMeasure(field, field.unit, value) : fitNumber(field, value);
    case 'checkbox': {
      const yes = /^(true|yes|checked|on)$/i.test(value);
      return yes || /^(false|no|unchecked|off)$/i.test(value) ? { value: String(yes) } : { reason: `${quoted(value)} is neither yes nor no.` };
    }
    case 'text':
      return field.unit ? fitMeasure(field, field.unit, value) : oneLine(field, value);
    case 'email':
    case 'tel':
    case 'url':
      return oneLine(field, value);
    case 'textarea':
    case 'contenteditable':
      return { value: cutToLength(value, field.maxLength ?? LONG_FIELD_CHARS) };
  }
}

export interface FittedFields {
  fields: MagicFillField[];
  leftOut: MagicFillLeftOut[];
}

/** Kinds whose value is the note's own words or numbers; a choice, a date or a tick may well repeat. */
const STATED_KINDS = new Set<PageField['kind']>(['text', 'textarea', 'contenteditable', 'number', 'email', 'tel', 'url']);

/** How often the note states a value: a number as a number of its own (not inside 188 or 8.8), text verbatim. */
function timesStated(documentation: string, stated: string): number {
  const text = stated.replace(/…$/, '').trim();
  if (text === '') return 0;
  if (/^-?\d+(\.\d+)?$/.test(text)) {
    const escaped = text.replace(/\./g, '\\.');
    return documentation.match(new RegExp(`(?<![\\d.])${escaped}(?![\\d]|[.,]\\d)`, 'g'))?.length ?? 0;
  }
  return documentation.split(text).length - 1;
}

/**
 * The answer: each field the model filled once, in the page's order, with a value that fits it; refusals
 * with their reason. No two fields keep the same value unless the note states it as often (pulse 88 and
 * respiration 88 need two 88s): the model could not tell which field a value belonged to, so neither is
 * guessed. A measure converted into a second unit is a different value, and is no repeat.
 */
export function fittedFields(fields: readonly PageField[], answers: readonly { key: string; value: string }[], documentation: string): FittedFields {
  const byKey = new Map<string, string>();
  for (const a of answers) if (!byKey.has(a.key)) byKey.set(a.key, a.value);
  type Accepted = { field: PageField; value: string; note?: string; stated?: string };
  const outcomes: (Accepted | { field: PageField; reason: string })[] = [];
  for (const field of fields) {
    const raw = byKey.get(field.key);
    const fitted = raw === undefined ? null : fitValue(field, raw);
    if (fitted !== null) outcomes.push({ field, ...fitted });
  }
  const sameValue = new Map<string, Accepted[]>();
  for (const outcome of outcomes) {
    if ('value' in outcome && STATED_KINDS.has(outcome.field.kind)) (sameValue.get(outcome.value) ?? sameValue.set(outcome.value, []).get(outcome.value)!).push(outcome);
  }
  const ambiguous = new Map<Accepted, string>();
  for (const [value, group] of sameValue) {
    if (group.length < 2) continue;
    const stated = [...new Set(group.map((a) => a.stated ?? value))];
    const times = stated.reduce((sum, s) => sum + timesStated(documentation, s), 0);
    if (times >= group.length) continue;
    const said = times === 0 ? 'does not state' : times === 1 ? 'states' : `states ${times} times`;
    const reason = `The note ${said} “${cutToLength(stated.join('”, “'), 60)}”${times === 1 ? ' once' : ''}, yet it was proposed for ${group.length} fields: left out rather than guessed.`;
    for (const a of group) ambiguous.set(a, reason);
  }
  const result: FittedFields = { fields: [], leftOut: [] };
  for (const outcome of outcomes) {
    const reason = 'reason' in outcome ? outcome.reason : ambiguous.get(outcome);
    if (reason !== undefined) result.leftOut.push({ label: outcome.field.label, reason });
    else if ('value' in outcome) {
      const { selector, shadowHosts, label } = outcome.field;
      result.fields.push({ selector, ...(shadowHosts ? { shadowHosts } : {}), label, value: outcome.value, ...(outcome.note ? { note: outcome.note } : {}) });
    }
  }
  return result;
}
