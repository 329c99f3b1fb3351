import type { MagicFillField } from '@charta/contract';
import type { PageField } from './page-fields.js';

/** A single-line input gets at most this much when the page sets no maxlength: an EHR input is a line, not a note. */
export const SHORT_INPUT_CHARS = 250;
/** A textarea or editable area without maxlength: about a long section of a note. */
export const LONG_FIELD_CHARS = 20_000;

/** What a section says when the session did not cover it (the note prompts write it): nothing to fill. */
const NOTHING_SAID = /^(not discussed|no [a-z ]+ (recorded|discussed|stated)|assessment not stated)/i;

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

function fitDate(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m && isRealDate(Number(m[1]), Number(m[2]), Number(m[3])) ? value : null;
}

function fitChoice(field: PageField, value: string): string | null {
  const options = field.options ?? [];
  const exact = options.find((o) => o.value === value);
  if (exact) return exact.value;
  const folded = value.trim().toLowerCase();
  return options.find((o) => o.value.toLowerCase() === folded || o.label.toLowerCase() === folded)?.value ?? null;
}

/**
 * The model's value made to fit its field, or null when it cannot: the answer is checked, never trusted (a
 * select gets one of its real options, a date a real calendar date, a number a number, a line a line).
 */
export function fitValue(field: PageField, raw: string): string | null {
  const value = raw.trim();
  if (value === '' || NOTHING_SAID.test(value)) return null;
  switch (field.kind) {
    case 'select':
    case 'radio':
      return fitChoice(field, value);
    case 'date':
      return fitDate(value);
    case 'datetime-local':
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) && fitDate(value.slice(0, 10)) ? value : null;
    case 'time':
      return /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? value : null;
    case 'month':
      return /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : null;
    case 'number': {
      const n = /^-?\d+(\.\d+)?/.exec(value.replace(',', '.'));
      return n ? n[0] : null;
    }
    case 'checkbox': {
      const yes = /^(true|yes|checked|on)$/i.test(value);
      return yes || /^(false|no|unchecked|off)$/i.test(value) ? String(yes) : null;
    }
    case 'text':
    case 'email':
    case 'tel':
    case 'url':
      return cutToLength(value.replace(/\s*\n\s*/g, '; '), field.maxLength ?? SHORT_INPUT_CHARS);
    case 'textarea':
    case 'contenteditable':
      return cutToLength(value, field.maxLength ?? LONG_FIELD_CHARS);
  }
}

/** The answer: each field the model filled once, in the page's order, with a value that fits it. */
export function fittedFields(fields: readonly PageField[], answers: readonly { key: string; value: string }[]): MagicFillField[] {
  const byKey = new Map<string, string>();
  for (const a of answers) if (!byKey.has(a.key)) byKey.set(a.key, a.value);
  return fields.flatMap((field) => {
    const raw = byKey.get(field.key);
    const value = raw === undefined ? null : fitValue(field, raw);
    return value === null ? [] : [{ selector: field.selector, label: field.label, value }];
  });
}
