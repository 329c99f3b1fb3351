import { describe, expect, it } from 'vitest';
import { cursorAfter, decodeCursor, encodeCursor } from './page-cursor.js';

describe('page cursors', () => {
  it('come back as the position they were made from', () => {
    const cursor = cursorAfter({ id: 'Ab3_x-9' }, '2026-11-21T10:15:30.123Z');
    expect(decodeCursor(encodeCursor(cursor))).toEqual({ timeMs: Date.parse('2026-11-21T10:15:30.123Z'), id: 'Ab3_x-9' });
  });

  it('keep the wire format clients already hold: base64url of [timeMs, id]', () => {
    const issuedBefore = Buffer.from(JSON.stringify([1_700_000_000_000, 'session1'])).toString('base64url');
    expect(decodeCursor(issuedBefore)).toEqual({ timeMs: 1_700_000_000_000, id: 'session1' });
  });

  it.each([
    ['not base64 JSON', 'not a cursor'],
    ['an object', Buffer.from(JSON.stringify({ timeMs: 1, id: 'a' })).toString('base64url')],
    ['a fractional time', Buffer.from(JSON.stringify([1.5, 'a'])).toString('base64url')],
    ['an id with a path separator', Buffer.from(JSON.stringify([1, 'a/b'])).toString('base64url')],
    ['an empty id', Buffer.from(JSON.stringify([1, ''])).toString('base64url')],
    ['three parts', Buffer.from(JSON.stringify([1, 'a', 'b'])).toString('base64url')],
    ['an id Firestore reserves', Buffer.from(JSON.stringify([1, '__foo__'])).toString('base64url')],
    ['a time past year 9999', Buffer.from(JSON.stringify([253_402_300_800_000, 'a'])).toString('base64url')],
    ['a time before year 1', Buffer.from(JSON.stringify([-62_135_596_800_001, 'a'])).toString('base64url')],
    ['a huge time', Buffer.from('[1e300,"a"]').toString('base64url')],
  ])('refuse %s', (_what, text) => {
    expect(decodeCursor(text)).toBeNull();
  });

  it('take the ends of the range a Firestore Timestamp holds', () => {
    for (const timeMs of [-62_135_596_800_000, 0, 253_402_300_799_999]) expect(decodeCursor(encodeCursor({ timeMs, id: 'a' }))).toEqual({ timeMs, id: 'a' });
  });
});
