/**
 * The opaque `cursor` of every newest-first listing (sessions, a user's templates, the library): the last
 * item's sort time and id, ids breaking ties between items of the same millisecond.
 */
export interface PageCursor {
  /** The last item's sort time (creation, or publication for the library), in epoch milliseconds. */
  timeMs: number;
  id: string;
}

/** The cursor that continues after `item`, sorted by the ISO time `sortedAt`. */
export function cursorAfter(item: { id: string }, sortedAt: string): PageCursor {
  return { timeMs: Date.parse(sortedAt), id: item.id };
}

/** What clients see and send back: base64url of `[timeMs, id]` (the wire format cursors always had). */
export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.timeMs, cursor.id])).toString('base64url');
}

/** The cursor a client sent, or null if it is not one this API issued (callers answer 400). */
export function decodeCursor(cursor: string): PageCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const timeMs: unknown = value[0];
      const id: unknown = value[1];
      if (typeof timeMs === 'number' && Number.isInteger(timeMs) && typeof id === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(id)) return { timeMs, id };
    }
  } catch {
    // fall through: not one of ours
  }
  return null;
}
