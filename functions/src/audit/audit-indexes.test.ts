import { readFileSync } from 'node:fs';
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../firestore/collections.js';
import { AuditRepo } from './audit-repo.js';

/**
 * The emulator runs any query without an index; production refuses one without its composite index (a 500).
 * So every filter combination of the Activity page's query is recorded through a stand-in Firestore here and
 * must have its index in firestore.indexes.json, and the trail's expiry its TTL policy.
 */

interface QueryShape {
  collection: string;
  equals: string[];
  ranges: string[];
  orders: { field: string; direction: 'ASCENDING' | 'DESCENDING' }[];
}

class RecordingQuery {
  constructor(
    private readonly shape: QueryShape,
    private readonly seen: QueryShape[],
  ) {}
  withConverter(): this {
    return this;
  }
  where(field: string, op: string): RecordingQuery {
    if (op === '==') return new RecordingQuery({ ...this.shape, equals: [...this.shape.equals, field] }, this.seen);
    if (['<', '<=', '>', '>='].includes(op)) return new RecordingQuery({ ...this.shape, ranges: [...this.shape.ranges, field] }, this.seen);
    throw new Error(`the index check knows == and ranges, not ${op}`);
  }
  orderBy(field: { toString(): string }, direction: 'asc' | 'desc' = 'asc'): RecordingQuery {
    return new RecordingQuery({ ...this.shape, orders: [...this.shape.orders, { field: String(field), direction: direction === 'desc' ? 'DESCENDING' : 'ASCENDING' }] }, this.seen);
  }
  startAfter(): this {
    return this;
  }
  limit(): this {
    return this;
  }
  get(): Promise<{ docs: never[] }> {
    this.seen.push(this.shape);
    return Promise.resolve({ docs: [] });
  }
}

interface DeclaredIndex {
  collectionGroup: string;
  queryScope: string;
  fields: { fieldPath: string; order?: string }[];
}

const file = JSON.parse(readFileSync(new URL('../../../firestore.indexes.json', import.meta.url), 'utf8')) as {
  indexes: DeclaredIndex[];
  fieldOverrides: { collectionGroup: string; fieldPath: string; ttl?: boolean }[];
};

/** Equality fields (any order) first, then the sort orders exactly; a range may only be on the first sort field. */
function hasIndex(shape: QueryShape): boolean {
  if (shape.ranges.some((field) => field !== shape.orders[0]?.field)) return false;
  return file.indexes.some((index) => {
    if (index.collectionGroup !== shape.collection || index.queryScope !== 'COLLECTION') return false;
    const filters = index.fields.slice(0, index.fields.length - shape.orders.length).map((f) => f.fieldPath).sort();
    const orders = index.fields.slice(filters.length);
    const sameOrders = orders.length === shape.orders.length && orders.every((f, i) => f.fieldPath === shape.orders[i]?.field && f.order === shape.orders[i]?.direction);
    return sameOrders && filters.join() === [...shape.equals].sort().join();
  });
}

describe("the Activity page's query", () => {
  const filters = [{}, { sessionId: 's1' }, { action: 'note.viewed' }, { sessionId: 's1', action: 'note.viewed' }];
  const ranges = [{}, { from: new Date(0) }, { to: new Date() }, { from: new Date(0), to: new Date() }];
  it.each(filters.flatMap((filter) => ranges.map((range) => [JSON.stringify({ ...filter, ...range }), { ...filter, ...range }] as const)))('%s has its composite index', async (_name, filter) => {
    const seen: QueryShape[] = [];
    const db = { collection: (name: string) => new RecordingQuery({ collection: name, equals: [], ranges: [], orders: [] }, seen) };
    await new AuditRepo(db as unknown as Firestore).page('uid-1', filter, { timeMs: 0, id: 'x' }, 50);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.collection).toBe(COLLECTIONS.auditTrail);
    expect(hasIndex(seen[0] as QueryShape)).toBe(true);
  });

  it('Entries expire by a TTL policy on expiresAt', () => {
    expect(file.fieldOverrides).toContainEqual(expect.objectContaining({ collectionGroup: COLLECTIONS.auditTrail, fieldPath: 'expiresAt', ttl: true }));
  });
});
