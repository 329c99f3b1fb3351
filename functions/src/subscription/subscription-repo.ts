import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { AccountDataOwner } from '../accounts/account-deletion.js';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { deleteCounted, readRecord } from '../firestore/typed-collection.js';
import { freeSubscription, type SubscriptionRecord } from './subscription.js';

/** `subscriptions/{uid}`: the contract's fields and the Stripe subscription id, the period end as a Timestamp (or null). */
const subscriptionConverter = recordConverter<SubscriptionRecord>().storingAsTimestamps('currentPeriodEnd');

/** Typed access to `subscriptions/{uid}`. A user without a document is on the free plan. */
export class SubscriptionRepo implements AccountDataOwner {
  readonly name = 'subscription';

  constructor(private readonly db: Firestore) {}

  private get collection() {
    return this.db.collection(COLLECTIONS.subscriptions).withConverter(subscriptionConverter);
  }

  private ref(uid: string) {
    return this.collection.doc(uid);
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(work);
  }

  async find(tx: Transaction | null, uid: string): Promise<SubscriptionRecord> {
    const record = (await readRecord(this.ref(uid), tx)) ?? freeSubscription(uid);
    return { ...record, stripeSubscriptionId: record.stripeSubscriptionId ?? null };
  }

  /** The user whose record names this Stripe customer (one customer per user, so at most one). */
  async uidOfCustomer(customerId: string): Promise<string | null> {
    const snap = await this.collection.where('stripeCustomerId', '==', customerId).limit(1).get();
    return snap.docs[0]?.id ?? null;
  }

  save(tx: Transaction, subscription: SubscriptionRecord): void {
    tx.set(this.ref(subscription.uid), subscription);
  }

  deleteAllOwnedBy(uid: string): Promise<number> {
    return deleteCounted(this.ref(uid));
  }
}
