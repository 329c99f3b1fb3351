import { ONE_TIME_CODE } from '@charta/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { isAlreadyExists } from '../firestore/errors.js';
import type { OneTimeCodeRecord } from './one-time-code.js';

const codeConverter = recordConverter<OneTimeCodeRecord>().storingAsTimestamps('createdAt', 'expiresAt');

/** A guess's place, or the mark of a code's one use: ids only, and when the TTL policy may delete it. */
interface GuessMark {
  expiresAt: string;
}

const markConverter = recordConverter<GuessMark>().storingAsTimestamps('expiresAt');

/** The field the TTL policies name (firestore.indexes.json): records go some time after their code died. */
export const ONE_TIME_CODE_EXPIRY_FIELD = 'expiresAt' satisfies keyof OneTimeCodeRecord & keyof GuessMark;

/**
 * `oneTimeCodes/{emailKey}`: the latest code sent to each address, as a keyed hash only; and
 * `oneTimeCodeGuesses/{emailKey}-{issueId}-{n}`: the places of the guesses at it, `...-used` its use.
 *
 * Counting guesses is the race that matters: parallel guesses must not get more than five compared. Each
 * guess first takes one of the code's five places with a create-only write, which of racing writes exactly
 * one wins (the loser tries the next place); with none left the code is dead. The right code is used by a
 * second create-only write, so of parallel right guesses exactly one signs in. Why not a transaction on
 * the code's record: concurrent transactions on one document contend, and on the emulator 21 parallel
 * guesses took 8 s in one run and over 30 s in the next, aborting and retrying, where this takes well
 * under a second (the same reason the rate limiter takes places: limits/rate-limit-repo.ts).
 */
export class OneTimeCodeRepo {
  constructor(private readonly db: Firestore) {}

  private record(emailKey: string) {
    return this.db.collection(COLLECTIONS.oneTimeCodes).withConverter(codeConverter).doc(emailKey);
  }

  private mark(emailKey: string, issueId: string, suffix: string) {
    return this.db.collection(COLLECTIONS.oneTimeCodeGuesses).withConverter(markConverter).doc(`${emailKey}-${issueId}-${suffix}`);
  }

  /** Stores a new code for the address, replacing (and so killing) the one before, whatever its state. */
  async replace(emailKey: string, record: OneTimeCodeRecord): Promise<void> {
    await this.record(emailKey).set(record);
  }

  async find(emailKey: string): Promise<OneTimeCodeRecord | undefined> {
    return (await this.record(emailKey).get()).data();
  }

  async isUsed(emailKey: string, record: OneTimeCodeRecord): Promise<boolean> {
    return (await this.mark(emailKey, record.issueId, 'used').get()).exists;
  }

  /** Takes one of the code's guess places; false once all are taken (the code is dead). */
  async takeGuessPlace(emailKey: string, record: OneTimeCodeRecord): Promise<boolean> {
    for (let place = 0; place < ONE_TIME_CODE.maxWrongAttempts; place++) {
      if (await this.createOnce(emailKey, record, String(place))) return true;
    }
    return false;
  }

  /** Marks the code used: true for the one caller that did it. */
  markUsed(emailKey: string, record: OneTimeCodeRecord): Promise<boolean> {
    return this.createOnce(emailKey, record, 'used');
  }

  private async createOnce(emailKey: string, record: OneTimeCodeRecord, suffix: string): Promise<boolean> {
    try {
      await this.mark(emailKey, record.issueId, suffix).create({ expiresAt: record.expiresAt });
      return true;
    } catch (err) {
      if (isAlreadyExists(err)) return false;
      throw err;
    }
  }
}
