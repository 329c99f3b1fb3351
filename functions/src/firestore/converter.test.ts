import { Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { recordConverter } from './converter.js';

interface Example {
  id: string;
  createdAt: string;
  endsAt: string | null;
  note: string;
}

const converter = recordConverter<Example>().storingAsTimestamps('createdAt', 'endsAt');

/** A stored document as a read hands it to the converter. */
function snapshotOf(data: Record<string, unknown>): QueryDocumentSnapshot {
  return { data: () => ({ ...data }) } as unknown as QueryDocumentSnapshot;
}

describe('recordConverter', () => {
  it('stores the named ISO dates as Timestamps and every other field as it is', () => {
    const stored = converter.toFirestore({ id: 'a', createdAt: '2026-01-02T03:04:05.678Z', endsAt: null, note: '2026-01-02T03:04:05.678Z' });
    expect(stored).toEqual({ id: 'a', createdAt: Timestamp.fromDate(new Date('2026-01-02T03:04:05.678Z')), endsAt: null, note: '2026-01-02T03:04:05.678Z' });
  });

  it('reads back the record that was stored', () => {
    const record: Example = { id: 'a', createdAt: '2026-01-02T03:04:05.678Z', endsAt: '2026-02-01T00:00:00.000Z', note: 'n' };
    const stored = converter.toFirestore(record);
    expect(converter.fromFirestore(snapshotOf(stored as Record<string, unknown>))).toEqual(record);
  });

  it('without named dates stores and reads records unchanged', () => {
    const plain = recordConverter<Example>().storingAsTimestamps();
    const record: Example = { id: 'a', createdAt: '2026-01-02T03:04:05.678Z', endsAt: null, note: 'n' };
    expect(plain.toFirestore(record)).toEqual(record);
    expect(plain.fromFirestore(snapshotOf({ ...record }))).toEqual(record);
  });
});
