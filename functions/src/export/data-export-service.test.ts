import { describe, expect, it } from 'vitest';
import type { Transaction } from 'firebase-admin/firestore';
import { ApiError } from '../http/errors.js';
import type { Logger } from '../logging/logger.js';
import type { AudioStore } from '../storage/audio-store.js';
import { queuedExport, type DataExportRecord } from './data-export.js';
import type { DataExportRepo } from './data-export-repo.js';
import { DataExportService } from './data-export-service.js';
import type { ExportSource } from './export-source.js';

const now = new Date('2026-12-04T12:00:00Z');
/** What Firestore's Admin SDK throws once it stops retrying a contended transaction. */
const aborted = (): Error => Object.assign(new Error('10 ABORTED: Transaction lock timeout'), { code: 10 });

const queued = (id: string): DataExportRecord => queuedExport('u1', id, now);

/**
 * A repository whose transactions fail as `failWith` says: the exports it holds are what a plain read finds,
 * and a transaction that goes through creates into them.
 */
function fakeRepo(failWith: (attempt: number, exports: DataExportRecord[]) => Error | undefined) {
  const exports: DataExportRecord[] = [];
  let transactions = 0;
  const repo = {
    transactions: () => transactions,
    exports,
    runTransaction: async <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => {
      transactions += 1;
      const failure = failWith(transactions, exports);
      if (failure) throw failure;
      return work({} as Transaction);
    },
    readStartMarker: async () => {},
    writeStartMarker: () => {},
    ownedBy: () => Promise.resolve([...exports]),
    newId: () => `e${exports.length + 1}`,
    create: (_tx: Transaction, record: DataExportRecord) => void exports.push(record),
  };
  return repo;
}

const serviceOn = (repo: ReturnType<typeof fakeRepo>) =>
  new DataExportService(repo as unknown as DataExportRepo, {} as AudioStore, {} as ExportSource, {} as Logger, () => now);

describe('Starting an export when Firestore gives up on a contended transaction', () => {
  it('answers the export the winning start created, without creating another', async () => {
    // The other start commits while this one's transaction keeps colliding with it.
    const repo = fakeRepo((attempt, exports) => (attempt === 1 ? (exports.push(queued('winner')), aborted()) : undefined));
    const started = await serviceOn(repo).start('u1');
    expect(started).toMatchObject({ created: false, export: { id: 'winner', status: 'queued' } });
    expect(repo.exports.map((e) => e.id)).toEqual(['winner']);
    expect(repo.transactions()).toBe(1);
  });

  it('answers the winner whichever code the SDK gave up with: a deadline, a server error, an expired or ended transaction', async () => {
    const givenUp = [
      Object.assign(new Error('4 DEADLINE_EXCEEDED: Deadline exceeded'), { code: 4 }),
      Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14 }),
      Object.assign(new Error('3 INVALID_ARGUMENT: The referenced transaction has expired or is no longer valid.'), { code: 3 }),
      // The Firestore emulator's words for a transaction it ended (a query inside it answered this in a fresh-clone run).
      Object.assign(new Error('3 INVALID_ARGUMENT: Transaction is invalid or expired.'), { code: 3 }),
      Object.assign(new Error('3 INVALID_ARGUMENT: Transaction is invalid or closed.'), { code: 3 }),
      Object.assign(new Error('3 INVALID_ARGUMENT: Invalid transaction.'), { code: 3 }),
    ];
    for (const error of givenUp) {
      const repo = fakeRepo((attempt, exports) => (attempt === 1 ? (exports.push(queued('winner')), error) : undefined));
      await expect(serviceOn(repo).start('u1')).resolves.toMatchObject({ created: false, export: { id: 'winner' } });
    }
    // Any other INVALID_ARGUMENT is a mistake of ours, not a busy server.
    const invalid = fakeRepo(() => Object.assign(new Error('3 INVALID_ARGUMENT: Value for argument "data" is not a valid Firestore document'), { code: 3 }));
    await expect(serviceOn(invalid).start('u1')).rejects.toMatchObject({ code: 3 });
    expect(invalid.transactions()).toBe(1);
  });

  it('runs again when no start has committed yet, and creates the one export', async () => {
    const repo = fakeRepo((attempt) => (attempt === 1 ? aborted() : undefined));
    const started = await serviceOn(repo).start('u1');
    expect(started).toMatchObject({ created: true, export: { id: 'e1' } });
    expect(repo.exports).toHaveLength(1);
  });

  it('answers 503 "try again" after three tries, never a 500, and lets other errors through', async () => {
    const busy = fakeRepo(() => aborted());
    const err = await serviceOn(busy).start('u1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'unavailable', status: 503 });
    expect(busy.transactions()).toBe(3);
    const broken = fakeRepo(() => Object.assign(new Error('permission'), { code: 7 }));
    await expect(serviceOn(broken).start('u1')).rejects.toMatchObject({ code: 7 });
    expect(broken.transactions()).toBe(1);
  });
});
