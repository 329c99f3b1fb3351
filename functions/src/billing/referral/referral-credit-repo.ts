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

/**
 * `referralLedger/{personKey}`: a person (one key per normalized email and per card they paid with,
 * referral-person.ts) whose referral has been credited. It names no user and holds nothing personal: the
 * key is a keyed hash, and the fields say only which kind of key it is and when. So it outlives the
 * account, which is the point: deleting the account and signing up again is the same person.
 */
export interface ReferralLedgerEntry {
  kind: 'email' | 'card';
  creditedAt: string;
}

/** What a claim found: the credit to finish (new or recorded before), or a person already credited. */
export type ReferralClaim = { outcome: 'claimed' | 'recorded'; credit: ReferralCreditRecord } | { outcome: 'person_already_credited' };

export class ReferralCreditRepo {
  constructor(private readonly db: Firestore) {}

  private ref(referredUid: string) {
    return this.db.collection(COLLECTIONS.referralCredits).doc(referredUid);
  }

  private ledgerRef(personKey: string) {
    return this.db.collection(COLLECTIONS.referralLedger).doc(personKey);
  }

  async find(referredUid: string): Promise<ReferralCreditRecord | null> {
    const snap = await this.ref(referredUid).get();
    return snap.exists ? (snap.data() as ReferralCreditRecord) : null;
  }

  /**
   * In one transaction: the credit recorded for this referred user if there is one; else, if any of the
   * person's keys is in the ledger, nothing (credited before, under another account or this one); else the
   * pending credit and every key recorded together. Two accounts of one person paying at once contend on
   * their shared key, and Firestore lets one transaction win: one credit.
   */
  async claim(pending: ReferralCreditRecord, personKeys: { kind: ReferralLedgerEntry['kind']; key: string }[]): Promise<ReferralClaim> {
    return this.db.runTransaction(async (tx) => {
      const snap = await tx.get(this.ref(pending.ownerUid));
      if (snap.exists) return { outcome: 'recorded', credit: snap.data() as ReferralCreditRecord };
      const ledger = personKeys.length > 0 ? await tx.getAll(...personKeys.map(({ key }) => this.ledgerRef(key))) : [];
      if (ledger.some((entry) => entry.exists)) return { outcome: 'person_already_credited' };
      tx.create(this.ref(pending.ownerUid), pending);
      for (const { kind, key } of personKeys) tx.create(this.ledgerRef(key), { kind, creditedAt: pending.createdAt } satisfies ReferralLedgerEntry);
      return { outcome: 'claimed', credit: pending };
    });
  }

  async markGranted(referredUid: string, balanceTransactionId: string): Promise<void> {
    await this.ref(referredUid).update({ status: 'granted', balanceTransactionId });
  }

  /** Credits a deleted referrer earned: they name the referrer, so they go with the account (the ledger stays). */
  async deleteEarnedBy(referrerUid: string): Promise<number> {
    const snap = await this.db.collection(COLLECTIONS.referralCredits).where('referrerUid', '==', referrerUid).get();
    await Promise.all(snap.docs.map((doc) => doc.ref.delete()));
    return snap.size;
  }
}
