import { Timestamp } from 'firebase-admin/firestore';

/** The contract speaks ISO-8601; Firestore stores Timestamps (sortable, queryable). */
export function toIso(value: Timestamp | null | undefined): string | null {
  return value ? value.toDate().toISOString() : null;
}

export function requireIso(value: Timestamp): string {
  return value.toDate().toISOString();
}

export function fromDate(date: Date): Timestamp {
  return Timestamp.fromDate(date);
}
