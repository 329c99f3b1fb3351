import type { z } from 'zod';
import { invalidArgument } from './errors.js';

/**
 * Parses untrusted input with a zod schema. The first problem becomes a 400 `invalid_argument` whose
 * `field` names where it is (dot path), with a message a person can act on.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {}, {
    error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined),
  });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw invalidArgument('Invalid request');
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const field = [...issue.path, key].join('.');
    throw invalidArgument(`${field} is not a known field`, field);
  }
  const field = issue.path.map(String).join('.');
  if (!field) throw invalidArgument(`Request body ${issue.message === 'is required' ? 'is required' : `is invalid: ${issue.message}`}`);
  throw invalidArgument(`${field} ${issue.message === 'is required' ? 'is required' : `is invalid: ${lowerFirst(issue.message)}`}`, field);
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}
