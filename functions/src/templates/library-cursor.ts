import { decodeCursor, type PageCursor } from '../common/page-cursor.js';

/**
 * The library's `cursor`: it lists the most added first, then the newest, so a position is the last entry's
 * add count with its publication time and id (ids break ties). Wire format: base64url of
 * `[addCount, timeMs, id]`; a cursor of the old newest-first order (`[timeMs, id]`) is refused with 400.
 */
export interface LibraryCursor extends PageCursor {
  addCount: number;
}

export function libraryCursorAfter(entry: { id: string; addCount: number; publishedAt: string }): LibraryCursor {
  return { addCount: entry.addCount, timeMs: Date.parse(entry.publishedAt), id: entry.id };
}

export function encodeLibraryCursor(cursor: LibraryCursor): string {
  return Buffer.from(JSON.stringify([cursor.addCount, cursor.timeMs, cursor.id])).toString('base64url');
}

/** The cursor a client sent, or null if it is not one this API issued (the caller answers 400). */
export function decodeLibraryCursor(text: string): LibraryCursor | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 3) return null;
  const addCount: unknown = value[0];
  if (typeof addCount !== 'number' || !Number.isSafeInteger(addCount) || addCount < 0) return null;
  // The time and id follow the rules of every other cursor (a Timestamp's range, an id Firestore accepts).
  const position = decodeCursor(Buffer.from(JSON.stringify(value.slice(1))).toString('base64url'));
  return position ? { addCount, ...position } : null;
}
