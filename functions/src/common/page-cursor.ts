import { isResourceId, STORABLE_TIME_RANGE_MS } from '@charta/contract';

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

/** A crafted time outside what a Firestore Timestamp holds would make the query throw (a 500), not a 400. */
function isStorableTime(ms: number): boolean {
  return Number.isInteger(ms) && ms >= STORABLE_TIME_RANGE_MS.min && ms <= STORABLE_TIME_RANGE_MS.max;
}

/** The cursor a client sent, or null if it is not one this API issued (callers answer 400). */
export function decodeCursor(cursor: string): PageCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const timeMs: unknown = value[0];
      const id: unknown = value[1];
      if (typeof timeMs === 'number' && isStorableTime(timeMs) && typeof id === 'string' && isResourceId(id)) return { timeMs, id };
    }
  } catch {
    // fall through: not one of ours
  }
  return null;
}
