import { Firestore, Query, Transaction } from 'firebase-admin/firestore';

/**
 * Counts documents read through the Admin SDK in this process, the way Firestore bills them: every
 * document a query returns, and one read for a query that returns none; one per document fetched.
 * The emulator reports no read counts, so tests and benchmarks measure a route's real cost with this.
 */
export interface ReadCounter {
  /** Documents read since the counter was made or last reset. */
  readonly count: number;
  reset(): void;
  /** Documents read while `work` ran (the counter keeps counting afterwards). */
  during(work: () => Promise<unknown>): Promise<number>;
  /** Restores the SDK's own methods. */
  stop(): void;
}

type AsyncMethod = (this: unknown, ...args: unknown[]) => Promise<unknown>;

/** A query snapshot's size, a getAll's length, else one document. */
function documentsIn(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  if (typeof result === 'object' && result !== null && 'size' in result && typeof result.size === 'number') return result.size;
  return 1;
}

export function countFirestoreReads(): ReadCounter {
  let count = 0;
  const restorers: (() => void)[] = [];

  function intercept(prototype: object, name: string) {
    const original = Reflect.get(prototype, name) as AsyncMethod;
    Reflect.set(prototype, name, async function (this: unknown, ...args: unknown[]) {
      const result = await original.apply(this, args);
      count += Math.max(1, documentsIn(result));
      return result;
    });
    restorers.push(() => Reflect.set(prototype, name, original));
  }

  intercept(Query.prototype, 'get');
  // DocumentReference.get() reads through getAll, so documents fetched by reference are counted here once.
  intercept(Firestore.prototype, 'getAll');
  // A transaction reads through its own path, not the methods above.
  intercept(Transaction.prototype, 'get');
  intercept(Transaction.prototype, 'getAll');

  return {
    get count() {
      return count;
    },
    reset() {
      count = 0;
    },
    async during(work) {
      const before = count;
      await work();
      return count - before;
    },
    stop() {
      restorers.splice(0).forEach((restore) => restore());
    },
  };
}
