import type { z } from 'zod';
import { invalidArgument } from './errors.js';

/**
 * Parses untrusted input with a zod schema. The first problem becomes a 400 `invalid_argument` whose
 * `field` names where it is (dot path), with a message a person can act on.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const malformed = findMalformedText(input);
  if (malformed !== undefined) {
    const field = malformed.map(echoedName).join('.');
    throw invalidArgument(`${field || 'A field name'} is not well-formed text (it holds half of a UTF-16 surrogate pair)`, field || undefined);
  }
  const result = schema.safeParse(input ?? {}, {
    error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined),
  });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw invalidArgument('Invalid request');
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const field = [...issue.path, echoedName(key) || '""'].join('.');
    throw invalidArgument(`${field} is not a known field`, field);
  }
  const field = issue.path.map(String).join('.');
  if (!field) throw invalidArgument(`Request body ${issue.message === 'is required' ? 'is required' : `is invalid: ${issue.message}`}`);
  throw invalidArgument(`${field} ${issue.message === 'is required' ? 'is required' : `is invalid: ${lowerFirst(issue.message)}`}`, field);
}

/**
 * An unpaired surrogate: in a `u` regex a proper pair is one code point, so only a lone half is category Cs.
 * JSON can carry one (`"\ud800"`) and zod lets it through, but Firestore cannot store it: it failed the
 * write only after its client's retries (a 500 some 7-11 s later). Checked here, for every string and
 * every field name of every body, so the answer is a 400 at once that names the field.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** The path of the first string value or field name in `input` that holds a lone surrogate, if any. */
export function findMalformedText(input: unknown): (string | number)[] | undefined {
  // Iterative, not recursive (a 1.5 MB body can nest deeper than the call stack), and each entry points
  // to its parent instead of copying the path, so deep nesting stays linear.
  interface Entry {
    value: unknown;
    key?: string | number;
    parent?: Entry;
  }
  const pathOf = (entry: Entry, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let at: Entry | undefined = entry; at?.key !== undefined; at = at.parent) path.unshift(at.key);
    return path;
  };
  const pending: Entry[] = [{ value: input }];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    const { value } = entry;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return pathOf(entry);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push({ value: value[i], key: i, parent: entry });
    } else if (typeof value === 'object' && value !== null) {
      const keys = Object.keys(value);
      for (const key of keys) if (LONE_SURROGATE.test(key)) return pathOf(entry, key);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] ?? '';
        pending.push({ value: (value as Record<string, unknown>)[key], key, parent: entry });
      }
    }
  }
  return undefined;
}

/** Field names a client made up are echoed in messages: at most this many characters. */
export const ECHOED_NAME_MAX_CHARS = 64;

/**
 * A client-chosen name as messages may quote it: no control, format or lone surrogate characters (which
 * could garble a terminal or a log), cut at ECHOED_NAME_MAX_CHARS (by code point, so no pair is split).
 */
export function echoedName(name: string | number): string {
  if (typeof name === 'number') return String(name);
  return Array.from(name.replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, ''))
    .slice(0, ECHOED_NAME_MAX_CHARS)
    .join('');
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}
