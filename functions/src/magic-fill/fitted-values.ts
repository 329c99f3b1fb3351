import type { MagicFillField, MagicFillLeftOut } from '@charta/contract';
import type { PageField } from './page-fields.js';

/** A single-line input gets at most this much when the page sets no maxlength: an EHR input is a line, not a note. */
export const SHORT_INPUT_CHARS = 250;
/** A textarea or editable area without maxlength: about a long section of a note. */
export const LONG_FIELD_CHARS = 20_000;

/** What a section says when the session did not cover it (the note prompts write it): nothing to fill. */
const NOTHING_SAID = /^(not discussed|no [a-z ]+ (recorded|discussed|stated)|assessment not stated)/i;

/**
 * A model's value fitted to its field: the value to set (with a note when Charta changed it, e.g. rounded),
 * or the reason it cannot go in, for the clinician; null when the model said nothing for the field.
 */
export type Fitted = { value: string; note?: string } | { reason: string } | null;

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

function fitNumber(field: PageField, value: string): Fitted {
  const match = /^-?\d+(\.\d+)?/.exec(value.replace(',', '.'));
  if (!match) return { reason: `${quoted(value)} is not a number.` };
  const byNumber = (a: string, b: string) => Number(a) - Number(b);
  // Bounds first, so the reason names the note's own number; again after rounding, which can step past max.
  const outside = withinBounds(field, match[0], byNumber);
  if (outside) return outside;
  const stepped = onStep(field, match[0]);
  if ('reason' in stepped) return stepped;
  return withinBounds(field, stepped.value, byNumber) ?? stepped;
}

function fitChoice(field: PageField, value: string): Fitted {
  const options = field.options ?? [];
  const exact = options.find((o) => o.value === value);
  if (exact) return { value: exact.value };
  const folded = value.trim().toLowerCase();
  const named = options.find((o) => o.value.toLowerCase() === folded || o.label.toLowerCase() === folded);
  return named ? { value: named.value } : { reason: `${quoted(value)} is not one of its choices.` };
}

/**
 * The model's value made to fit its field, or the reason it cannot: the answer is checked, never trusted (a
 * select gets one of its real options, a date a real calendar date within the field's bounds, a number a
 * number within min and max and on its step, a line a line).
 */
export function fitValue(field: PageField, raw: string): Fitted {
  const value = raw.trim();
  if (value === '' || NOTHING_SAID.test(value)) return null;
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
      return fitNumber(field, value);
    case 'checkbox': {
      const yes = /^(true|yes|checked|on)$/i.test(value);
      return yes || /^(false|no|unchecked|off)$/i.test(value) ? { value: String(yes) } : { reason: `${quoted(value)} is neither yes nor no.` };
    }
    case 'text':
    case 'email':
    case 'tel':
    case 'url':
      return { value: cutToLength(value.replace(/\s*\n\s*/g, '; '), field.maxLength ?? SHORT_INPUT_CHARS) };
    case 'textarea':
    case 'contenteditable':
      return { value: cutToLength(value, field.maxLength ?? LONG_FIELD_CHARS) };
  }
}

export interface FittedFields {
  fields: MagicFillField[];
  leftOut: MagicFillLeftOut[];
}

/** The answer: each field the model filled once, in the page's order, with a value that fits it; refusals with their reason. */
export function fittedFields(fields: readonly PageField[], answers: readonly { key: string; value: string }[]): FittedFields {
  const byKey = new Map<string, string>();
  for (const a of answers) if (!byKey.has(a.key)) byKey.set(a.key, a.value);
  const result: FittedFields = { fields: [], leftOut: [] };
  for (const field of fields) {
    const raw = byKey.get(field.key);
    const fitted = raw === undefined ? null : fitValue(field, raw);
    if (fitted === null) continue;
    if ('reason' in fitted) result.leftOut.push({ label: field.label, reason: fitted.reason });
    else {
      const { selector, shadowHosts, label } = field;
      result.fields.push({ selector, ...(shadowHosts ? { shadowHosts } : {}), label, value: fitted.value, ...(fitted.note ? { note: fitted.note } : {}) });
    }
  }
  return result;
}
