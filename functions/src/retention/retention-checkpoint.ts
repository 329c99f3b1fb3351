import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import type { RetentionCounts } from './owner-retention.js';

/** A daily pass over every user with sessions, in uid order: how far it got and what it deleted so far. */
export interface RetentionPass extends RetentionCounts {
  startedAt: string;
  /** The last user finished (null: none yet). The next run goes on with the user after this one. */
  afterUid: string | null;
  owners: number;
}

/**
 * `retentionSweeps/{id}`: ids, times and counts only. One document, so the pass and the run holding it are
 * read and written together in a transaction: of two runs at once, one holds the pass and the other leaves.
 */
export interface RetentionSweepState {
  id: string;
  pass: RetentionPass | null;
  lastPassStartedAt: string | null;
  lastPassFinishedAt: string | null;
  /** The run working on the pass, and until when its hold lasts (renewed at every checkpoint). */
  runId: string | null;
  leaseUntil: string | null;
}

const stateConverter = recordConverter<RetentionSweepState>().storingAsTimestamps();

export function emptySweepState(id: string): RetentionSweepState {
  return { id, pass: null, lastPassStartedAt: null, lastPassFinishedAt: null, runId: null, leaseUntil: null };
}

export class RetentionCheckpoints {
  constructor(private readonly db: Firestore) {}

  private ref(id: string) {
    return this.db.collection(COLLECTIONS.retentionSweeps).withConverter(stateConverter).doc(id);
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(work);
  }

  async find(id: string, tx?: Transaction): Promise<RetentionSweepState> {
    const snap = tx ? await tx.get(this.ref(id)) : await this.ref(id).get();
    return snap.data() ?? emptySweepState(id);
  }

  save(tx: Transaction, state: RetentionSweepState): void {
    tx.set(this.ref(state.id), state);
  }
}
