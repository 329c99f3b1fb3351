import { readFileSync } from 'node:fs';
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../firestore/collections.js';
import { LibraryRepo } from './library-repo.js';

/**
 * The Firestore emulator runs any query without an index; production refuses one without its composite
 * index (FAILED_PRECONDITION, a 500). So the library's listing queries are recorded here through a stand-in
 * Firestore and each must have its index in firestore.indexes.json. (Single-field equality queries, as for
 * an author's entries or an entry's reports, are served by Firestore's automatic indexes.)
 */

interface QueryShape {
  collection: string;
  equals: string[];
  contains: string[];
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
    const key = op === 'array-contains' ? 'contains' : 'equals';
    if (op !== '==' && op !== 'array-contains') throw new Error(`the index check knows == and array-contains, not ${op}`);
    return new RecordingQuery({ ...this.shape, [key]: [...this.shape[key], field] }, this.seen);
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
  fields: { fieldPath: string; order?: string; arrayConfig?: string }[];
}

const declared = (JSON.parse(readFileSync(new URL('../../../firestore.indexes.json', import.meta.url), 'utf8')) as { indexes: DeclaredIndex[] }).indexes;

/** Firestore's rule: the equality and array-contains fields (in any order) first, then the sort orders exactly. */
function hasIndex(shape: QueryShape): boolean {
  return declared.some((index) => {
    if (index.collectionGroup !== shape.collection || index.queryScope !== 'COLLECTION') return false;
    const filters = index.fields.slice(0, index.fields.length - shape.orders.length);
    const orders = index.fields.slice(filters.length);
    const sameOrders = orders.length === shape.orders.length && orders.every((f, i) => f.fieldPath === shape.orders[i]?.field && f.order === shape.orders[i]?.direction);
    const equals = filters.filter((f) => f.order === 'ASCENDING').map((f) => f.fieldPath).sort();
    const contains = filters.filter((f) => f.arrayConfig === 'CONTAINS').map((f) => f.fieldPath).sort();
    return sameOrders && equals.join() === [...shape.equals].sort().join() && contains.join() === [...shape.contains].sort().join();
  });
}

describe('the library listing queries', () => {
  it.each([
    ['the whole library', {}],
    ['a category', { category: 'letters' }],
    ['a search', { prefix: 'knee' }],
    ['a search in a category', { category: 'letters', prefix: 'knee' }],
  ])('%s has its composite index declared', async (_what, filter) => {
    const seen: QueryShape[] = [];
    const db = { collection: (name: string) => new RecordingQuery({ collection: name, equals: [], contains: [], orders: [] }, seen) };
    await new LibraryRepo(db as unknown as Firestore).listPublishedPage({ limit: 20, cursor: { addCount: 1, timeMs: 0, id: 'a' }, ...filter });
    expect(seen).toHaveLength(1);
    const shape = seen[0]!;
    expect(shape.collection).toBe(COLLECTIONS.publishedTemplates);
    expect(shape.orders.map((o) => o.field)).toEqual(['addCount', 'publishedAt', '__name__']);
    expect(hasIndex(shape), JSON.stringify(shape)).toBe(true);
  });
});
