import { randomUUID } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../firestore/collections.js';
import { STRIPE_CALL_MAX_MS } from '../gateway/stripe-billing-gateway.js';

/**
 * How long one checkout may hold its user's lease: longer than its three Stripe calls (expire the open
 * sessions, list the subscriptions, create the session) can take at worst with the SDK's timeout and retries,
 * usually well under a second each. A lease that ran out while its holder still waited on a slow Stripe would
 * let a second checkout in, and both sessions would stay open. A holder that crashed blocks the user's next
 * checkout no longer than this (the answer says when to try again).
 */
export const CHECKOUT_LEASE_MS = 3 * STRIPE_CALL_MAX_MS + 15_000;

interface CheckoutLeaseRecord {
  ownerUid: string;
  /** The holder's own mark: only it releases the lease, never a later holder's after this one expired. */
  token: string;
  /** A TTL policy deletes leases a crashed holder left; the check below never trusts a past one anyway. */
  expiresAt: Timestamp;
}

/**
 * `checkoutLeases/{uid}`: one checkout at a time per user. "Expire the open sessions → ask Stripe → create a
 * session" is three calls Stripe cannot make atomic, so two at once each expired the sessions before the
 * other's was made and both stayed open. The lease is taken in a transaction (one winner) and released when
 * the checkout is done, so a retry after an answer is never held up.
 */
export class CheckoutLeases {
  constructor(
    private readonly db: Firestore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private ref(uid: string) {
    return this.db.collection(COLLECTIONS.checkoutLeases).doc(uid);
  }

  /** Runs `work` holding the user's lease; `null` without running it when another live checkout holds it. */
  async holding<T>(uid: string, work: () => Promise<T>): Promise<{ value: T } | null> {
    const token = randomUUID();
    const taken = await this.db.runTransaction(async (tx) => {
      const snap = await tx.get(this.ref(uid));
      const held = snap.exists ? (snap.data() as CheckoutLeaseRecord) : null;
      const nowMs = this.now().getTime();
      if (held && held.expiresAt.toMillis() > nowMs) return false;
      const lease: CheckoutLeaseRecord = { ownerUid: uid, token, expiresAt: Timestamp.fromMillis(nowMs + CHECKOUT_LEASE_MS) };
      tx.set(this.ref(uid), lease);
      return true;
    });
    if (!taken) return null;
    try {
      return { value: await work() };
    } finally {
      // A failed release must not turn a checkout Stripe made into an error: the lease then runs out by itself.
      await this.release(uid, token).catch(() => undefined);
    }
  }

  private async release(uid: string, token: string): Promise<void> {
    await this.db.runTransaction(async (tx) => {
      const snap = await tx.get(this.ref(uid));
      if (snap.exists && (snap.data() as CheckoutLeaseRecord).token === token) tx.delete(this.ref(uid));
    });
  }
}
