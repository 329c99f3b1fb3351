import { Timestamp, type FirestoreDataConverter, type QueryDocumentSnapshot, type WithFieldValue } from 'firebase-admin/firestore';
import { toIso, toTimestamp } from './timestamps.js';

/** The keys of R whose values are ISO-8601 strings (possibly null or absent): the dates a record carries. */
type IsoDateKey<R> = { [K in keyof R]-?: R[K] extends string | null | undefined ? K : never }[keyof R] & string;

/** How a record is stored: the same fields, with the named dates as Timestamps (null stays null). */
export type StoredRecord<R, K extends keyof R> = Omit<R, K> & { [P in K]: null extends R[P] ? Timestamp | null : Timestamp };

/**
 * The one mapping between a collection's records and its documents, for `withConverter`: the record as the
 * code uses it, field for field, except the dates named here, which Firestore stores as Timestamps so they
 * sort and filter by range. Every repository reads and writes its collection through one of these, so a
 * collection's stored shape is written down once.
 *
 * Reading trusts the stored shape (no validation, which would cost on every listed document): the API is the
 * only writer (firestore.rules refuse client writes) and it writes only through this converter.
 *
 *     const sessions = recordConverter<SessionRecord>().storingAsTimestamps('createdAt', 'updatedAt');
 *     db.collection('sessions').withConverter(sessions)
 */
export function recordConverter<R extends object>() {
  return {
    storingAsTimestamps<K extends IsoDateKey<R>>(...dateFields: K[]): FirestoreDataConverter<R, StoredRecord<R, K>> {
      return {
        toFirestore(record: WithFieldValue<R>): WithFieldValue<StoredRecord<R, K>> {
          const stored: Record<string, unknown> = Object.fromEntries(Object.entries(record));
          for (const field of dateFields) {
            const value = stored[field];
            if (typeof value === 'string') stored[field] = toTimestamp(value);
          }
          return stored as WithFieldValue<StoredRecord<R, K>>;
        },
        fromFirestore(snapshot: QueryDocumentSnapshot): R {
          const data = snapshot.data();
          for (const field of dateFields) {
            const value: unknown = data[field];
            if (value instanceof Timestamp) data[field] = toIso(value);
          }
          return data as R;
        },
      };
    },
  };
}
