import { FieldPath, Timestamp, type DocumentData, type Query } from 'firebase-admin/firestore';
import type { PageCursor } from '../common/page-cursor.js';

/**
 * Newest first by `timeField` (a stored Timestamp), then by id: the order every paged listing uses, so a
 * cursor (time, id) names one position even when items share a millisecond. Each use needs a composite index.
 */
export function newestFirst<App, Db extends DocumentData>(query: Query<App, Db>, timeField: string): Query<App, Db> {
  return query.orderBy(timeField, 'desc').orderBy(FieldPath.documentId(), 'desc');
}

/** The query continued after `cursor` (unchanged without one). The query must be ordered by newestFirst. */
export function startAfterCursor<App, Db extends DocumentData>(query: Query<App, Db>, cursor: PageCursor | null): Query<App, Db> {
  return cursor ? query.startAfter(Timestamp.fromMillis(cursor.timeMs), cursor.id) : query;
}
