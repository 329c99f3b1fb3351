import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { parseInput } from './validate.js';

const schema = z.strictObject({ patientName: z.string().min(1).max(5), nested: z.strictObject({ count: z.number() }).optional() });

function failure(input: unknown): ApiError {
  try {
    parseInput(schema, input);
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected a validation failure');
}

describe('parseInput', () => {
  it('Returns parsed data', () => {
    expect(parseInput(schema, { patientName: 'Ana' })).toEqual({ patientName: 'Ana' });
  });

  it('Missing field: "<field> is required"', () => {
    expect(failure({}).toBody()).toEqual({ error: { code: 'invalid_argument', message: 'patientName is required', field: 'patientName' } });
  });

  it('Wrong type names the field', () => {
    const err = failure({ patientName: 7 });
    expect(err.field).toBe('patientName');
    expect(err.message).toMatch(/^patientName is invalid: /);
    expect(err.status).toBe(400);
  });

  it('Too long names the field', () => {
    expect(failure({ patientName: 'abcdefgh' }).field).toBe('patientName');
  });

  it('Unknown field is named', () => {
    expect(failure({ patientName: 'Ana', admin: true }).toBody().error).toEqual({
      code: 'invalid_argument',
      message: 'admin is not a known field',
      field: 'admin',
    });
  });

  it('Nested fields get a dot path', () => {
    expect(failure({ patientName: 'Ana', nested: { count: 'x' } }).field).toBe('nested.count');
  });

  it('A body that is not an object', () => {
    const err = failure(['a']);
    expect(err.code).toBe('invalid_argument');
    expect(err.message).toMatch(/^Request body is invalid/);
  });

  it('A lone surrogate in a string names its field, however deep', () => {
    const err = failure({ patientName: 'Ana', nested: { count: 1, note: ['ok', 'x\udc00'] } });
    expect(err.field).toBe('nested.note.1');
    expect(err.message).toMatch(/not well-formed text/);
  });

  it('A lone surrogate in a field name: refused, named without it', () => {
    expect(failure({ ['na\ud800me']: 'x' }).field).toBe('name');
  });

  it('A proper surrogate pair (an emoji) passes', () => {
    expect(parseInput(schema, { patientName: 'A😀' })).toEqual({ patientName: 'A😀' });
  });

  it('Deep nesting does not overflow the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(failure({ patientName: 'Ana', deep }).field).toBe('deep');
  });

  it('Unknown field names are echoed cut short, without control characters', () => {
    const err = failure({ patientName: 'Ana', [`a\u0000\u001b[2J\u202e${'b'.repeat(500)}`]: 1 });
    expect(err.field).toBe(`a[2J${'b'.repeat(60)}`);
    expect(err.message).toBe(`${err.field} is not a known field`);
  });
});
