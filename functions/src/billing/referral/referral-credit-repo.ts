import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../firestore/collections.js';

/**
 * `referralCredits/{referredUid}`: the one credit a referred user's first paid invoice earns their referrer.
 * `pending` is written before Stripe is asked (with an idempotency key derived from the referred uid) and
 * `granted` after, so a duplicated or retried `invoice.paid` finds it and never credits twice.
 */
export interface ReferralCreditRecord {
  /** The referred user (their account deletion removes it). */
  ownerUid: string;
  referrerUid: string;
  status: 'pending' | 'granted';
  amount: number;
  currency: string;
  balanceTransactionId: string | null;
  createdAt: string;
}

export class ReferralCreditRepo {
  constructor(private readonly db: Firestore) {}

  private ref(referredUid: string) {
    return this.db.collection(COLLECTIONS.referralCredits).doc(referredUid);
  }

  async find(referredUid: string): Promise<ReferralCreditRecord | null> {
    const snap = await this.ref(referredUid).get();
    return snap.exists ? (snap.data() as ReferralCreditRecord) : null;
  }

  /** The credit for this referred user as recorded, or the pending one now recorded if there was none. */
  async claim(pending: ReferralCreditRecord): Promise<ReferralCreditRecord> {
    return this.db.runTransaction(async (tx) => {
      const snap = await tx.get(this.ref(pending.ownerUid));
      if (snap.exists) return snap.data() as ReferralCreditRecord;
      tx.create(this.ref(pending.ownerUid), pending);
      return pending;
    });
  }

  async markGranted(referredUid: string, balanceTransactionId: string): Promise<void> {
    await this.ref(referredUid).update({ status: 'granted', balanceTransactionId });
  }

  /** Credits a deleted referrer earned: they name the referrer, so they go with the account. */
  async deleteEarnedBy(referrerUid: string): Promise<number> {
    const snap = await this.db.collection(COLLECTIONS.referralCredits).where('referrerUid', '==', referrerUid).get();
    await Promise.all(snap.docs.map((doc) => doc.ref.delete()));
    return snap.size;
  }
}
