import { describe, expect, it } from 'vitest';
import { decodeLibraryCursor, encodeLibraryCursor, libraryCursorAfter } from './library-cursor.js';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('library cursors', () => {
  it('come back as the position they were made from', () => {
    const cursor = libraryCursorAfter({ id: 'Ab3_x-9', addCount: 12, publishedAt: '2026-11-21T10:15:30.123Z' });
    expect(decodeLibraryCursor(encodeLibraryCursor(cursor))).toEqual({ addCount: 12, timeMs: Date.parse('2026-11-21T10:15:30.123Z'), id: 'Ab3_x-9' });
  });

  it.each([
    ['the old newest-first cursor', encode([1_700_000_000_000, 'entry1'])],
    ['a negative add count', encode([-1, 1, 'a'])],
    ['a fractional add count', encode([1.5, 1, 'a'])],
    ['an add count as text', encode(['3', 1, 'a'])],
    ['an id Firestore reserves', encode([1, 1, '__x__'])],
    ['a time past year 9999', encode([1, 253_402_300_800_000, 'a'])],
    ['not JSON', 'not a cursor'],
  ])('refuse %s', (_what, text) => {
    expect(decodeLibraryCursor(text)).toBeNull();
  });
});
