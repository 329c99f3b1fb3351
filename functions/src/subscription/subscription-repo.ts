import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { AccountDataOwner } from '../accounts/account-deletion.js';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { freeSubscription, type Subscription } from './subscription.js';

/** `subscriptions/{uid}`: the contract's fields, the period end as a Timestamp (or null). */
const subscriptionConverter = recordConverter<Subscription>().storingAsTimestamps('currentPeriodEnd');

/** Typed access to `subscriptions/{uid}`. A user without a document is on the free plan. */
export class SubscriptionRepo implements AccountDataOwner {
  readonly name = 'subscription';

  constructor(private readonly db: Firestore) {}

  private ref(uid: string) {
    return this.db.collection(COLLECTIONS.subscriptions).withConverter(subscriptionConverter).doc(uid);
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(work);
  }

  async find(tx: Transaction | null, uid: string): Promise<Subscription> {
    const snap = tx ? await tx.get(this.ref(uid)) : await this.ref(uid).get();
    return snap.data() ?? freeSubscription(uid);
  }

  save(tx: Transaction, subscription: Subscription): void {
    tx.set(this.ref(subscription.uid), subscription);
  }

  async deleteAllOwnedBy(uid: string): Promise<number> {
    const ref = this.ref(uid);
    const existed = (await ref.get()).exists;
    await ref.delete();
    return existed ? 1 : 0;
  }
}
