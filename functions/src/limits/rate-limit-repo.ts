import { createHash } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { AccountDataOwner } from '../accounts/account-deletion.js';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { isAlreadyExists } from '../firestore/errors.js';
import type { RateLimitRule } from './limits-config.js';
import type { CounterWindow, LimitSubject, WindowCounter } from './rate-limiter.js';

/** `rateLimits/{id}`: one counter per rule, subject and window, and one document per place taken in it. */
export interface RateLimitCounter {
  rule: RateLimitRule;
  windowSec: number;
  windowStart: string;
  /** When the window is over: Firestore's TTL policy on this field deletes the counter some time after. */
  expiresAt: string;
  count: number;
  /** The user a per-user counter counts (account deletion finds it by this); null for client addresses. */
  ownerUid: string | null;
}

/** The field the TTL policy names (firestore.indexes.json). */
export const RATE_LIMIT_EXPIRY_FIELD = 'expiresAt' satisfies keyof RateLimitCounter;

const counterConverter = recordConverter<RateLimitCounter>().storingAsTimestamps('windowStart', 'expiresAt');

/**
 * The subject appears in the id only as a hash: ids stay valid whatever a uid or an address looks like, and
 * a client address is never stored as it is.
 */
function counterId(window: CounterWindow): string {
  const { subject: of } = window;
  const subject = of.kind === 'user' ? `user:${of.uid}` : of.kind === 'address' ? `address:${of.address}` : `email:${of.emailKey}`;
  const hash = createHash('sha256').update(subject).digest('hex').slice(0, 32);
  return `${window.rule}-${window.windowSec}s-${hash}-${window.index}`;
}

const ownerOf = (subject: LimitSubject): string | null => (subject.kind === 'user' ? subject.uid : null);

/**
 * The Firestore store of rate-limit counters. Written by hand because no well-kept limiter library has a
 * Firestore store with what this one needs: rate-limiter-flexible has none, and firebase-functions-rate-limiter
 * (last released for Node 18) keeps no owner to delete with an account, no expiry for a TTL policy and no
 * time until a retry.
 */
export class RateLimitRepo implements WindowCounter, AccountDataOwner {
  readonly name = 'rate limits';

  constructor(private readonly db: Firestore) {}

  private get collection() {
    return this.db.collection(COLLECTIONS.rateLimits).withConverter(counterConverter);
  }

  /**
   * A window's places are documents `{counter}-{n}` for n below the limit, each made with `create()`, which
   * fails if it exists: of requests racing for place n exactly one gets it. The counter document counts the
   * places taken; it is only where to start looking (it may lag, never lead), so a request usually takes a
   * place with one write. Why not an increment and a read: a burst's requests all read the burst's total and
   * were all refused. Why not a transaction: concurrent transactions over one hot document abort on
   * contention (PUT /profile's 500s).
   *
   * Requests that lose a place move on by a random stride that grows with each loss (placesToTry): had they
   * all tried n + 1, a burst of k requests would make about k²/2 attempts (200 chunks of one recording sent at
   * once: 20,000 writes, a minute of them). Places a stride jumped over are tried, in order, before refusing,
   * so a request is refused only when every place from where it started is taken.
   */
  async take(window: CounterWindow, limit: number): Promise<boolean> {
    const counterRef = this.collection.doc(counterId(window));
    const fields = {
      rule: window.rule,
      windowSec: window.windowSec,
      windowStart: new Date(window.startMs).toISOString(),
      expiresAt: new Date(window.endMs).toISOString(),
      ownerUid: ownerOf(window.subject),
    };
    const takenBefore = (await counterRef.get()).data()?.count ?? 0;
    for (const place of placesToTry(takenBefore, limit)) {
      try {
        await this.collection.doc(`${counterRef.id}-${place}`).create({ ...fields, count: place + 1 });
      } catch (err) {
        if (isAlreadyExists(err)) continue;
        throw err;
      }
      await counterRef.set({ ...fields, count: FieldValue.increment(1) }, { merge: true });
      return true;
    }
    return false;
  }

  /** Account deletion: every counter of the user, 500 (a batch's most) at a time. */
  async deleteAllOwnedBy(uid: string): Promise<number> {
    let deleted = 0;
    for (;;) {
      const snap = await this.collection.where('ownerUid', '==', uid).limit(500).get();
      if (snap.empty) return deleted;
      const batch = this.db.batch();
      for (const doc of snap.docs) batch.delete(doc.ref);
      await batch.commit();
      deleted += snap.size;
    }
  }
}

/** The widest random stride after lost places: a burst of about this many requests spreads out at once. */
const MAX_STRIDE = 64;

/**
 * The places a request tries, from `start` below `limit`: after the n-th lost place, a stride of 1 to 2^n
 * (at most MAX_STRIDE); then every place the strides skipped, in order. Each place is tried once, and every
 * place from `start` is tried before the request is refused. Only the caller knows a place was lost: each
 * value asked for after the first means the one before it was taken.
 */
export function* placesToTry(start: number, limit: number, random: () => number = Math.random): Generator<number> {
  const skipped: number[] = [];
  let place = start;
  for (let lost = 0; place < limit; lost++) {
    yield place;
    const stride = 1 + Math.floor(random() * Math.min(2 ** (lost + 1), MAX_STRIDE));
    for (let s = place + 1; s < Math.min(place + stride, limit); s++) skipped.push(s);
    place += stride;
  }
  yield* skipped;
}
