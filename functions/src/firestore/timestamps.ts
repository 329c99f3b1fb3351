import { Timestamp } from 'firebase-admin/firestore';

/**
 * The contract speaks ISO-8601; Firestore stores Timestamps (sortable, queryable by range). These are the
 * only conversions between the two: repositories go through recordConverter, queries through these.
 */
export function toTimestamp(iso: string | Date): Timestamp {
  return Timestamp.fromDate(typeof iso === 'string' ? new Date(iso) : iso);
}

export function toIso(value: Timestamp): string {
  return value.toDate().toISOString();
}
