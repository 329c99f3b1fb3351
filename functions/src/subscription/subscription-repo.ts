import type { Firestore, Timestamp, Transaction } from 'firebase-admin/firestore';
import type { AccountDataOwner } from '../accounts/account-deletion.js';
import { COLLECTIONS } from '../firestore/collections.js';
import { fromDate, toIso } from '../firestore/timestamps.js';
import { freeSubscription, type Subscription } from './subscription.js';

type StoredSubscription = Omit<Subscription, 'currentPeriodEnd'> & { currentPeriodEnd: Timestamp | null };

/** Typed access to `subscriptions/{uid}`. A user without a document is on the free plan. */
export class SubscriptionRepo implements AccountDataOwner {
  readonly name = 'subscription';

  constructor(private readonly db: Firestore) {}

  private ref(uid: string) {
    return this.db.collection(COLLECTIONS.subscriptions).doc(uid);
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(work);
  }

  async find(tx: Transaction | null, uid: string): Promise<Subscription> {
    const snap = tx ? await tx.get(this.ref(uid)) : await this.ref(uid).get();
    if (!snap.exists) return freeSubscription(uid);
    const stored = snap.data() as StoredSubscription;
    return { ...stored, currentPeriodEnd: toIso(stored.currentPeriodEnd) };
  }

  save(tx: Transaction, subscription: Subscription): void {
    const stored: StoredSubscription = {
      ...subscription,
      currentPeriodEnd: subscription.currentPeriodEnd ? fromDate(new Date(subscription.currentPeriodEnd)) : null,
    };
    tx.set(this.ref(subscription.uid), stored);
  }

  async deleteAllOwnedBy(uid: string): Promise<number> {
    const ref = this.ref(uid);
    const existed = (await ref.get()).exists;
    await ref.delete();
    return existed ? 1 : 0;
  }
}
