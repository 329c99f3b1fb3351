import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { AccountDataOwner } from '../accounts/account-deletion.js';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { toTimestamp } from '../firestore/timestamps.js';
import { deleteCounted, readRecord } from '../firestore/typed-collection.js';
import type { ConsentSettings, RetentionSettings } from '@charta/contract';
import { withPrivacyDefaults, type StoredProfile } from './privacy-settings.js';
import type { Profile, ProfileChanges } from './profile.js';

// gRPC's status for a create() whose document exists.
const ALREADY_EXISTS = 6;

/** `profiles/{uid}`: the contract's fields, with Firestore Timestamps for the dates (settings may be missing: privacy-settings.ts). */
const profileConverter = recordConverter<StoredProfile>().storingAsTimestamps('createdAt', 'updatedAt');

/** Typed access to `profiles/{uid}`. */
export class ProfileRepo implements AccountDataOwner {
  readonly name = 'profile';

  constructor(private readonly db: Firestore) {}

  private ref(uid: string) {
    return this.db.collection(COLLECTIONS.profiles).withConverter(profileConverter).doc(uid);
  }

  async find(tx: Transaction | null, uid: string): Promise<Profile | null> {
    const stored = await readRecord(this.ref(uid), tx);
    return stored ? withPrivacyDefaults(stored) : null;
  }

  /**
   * Writes a first profile unless one exists; false if one did. A create-only write, not a transaction:
   * first requests at once never abort each other (Firestore refuses all but one create).
   */
  async createIfAbsent(profile: Profile): Promise<boolean> {
    try {
      await this.ref(profile.uid).create(profile);
      return true;
    } catch (err) {
      if ((err as { code?: unknown }).code === ALREADY_EXISTS) return false;
      throw err;
    }
  }

  /**
   * Sets the changed fields of an existing profile in one write. No read, so no transaction to contend:
   * edits at once are applied one after the other, each whole, and the last one stays (a form's save).
   */
  async applyChanges(uid: string, changes: ProfileChanges, updatedAt: string): Promise<void> {
    const fields = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    await this.db.collection(COLLECTIONS.profiles).doc(uid).update({ ...fields, updatedAt: toTimestamp(updatedAt) });
  }

  /**
   * Changes consent settings field by field (`consent.required`, `consent.statement`): one write, no read, so
   * a toggle and a statement saved at once from two tabs both stay.
   */
  async applyConsent(uid: string, changes: Partial<ConsentSettings>, updatedAt: string): Promise<void> {
    const fields = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined).map(([key, value]) => [`consent.${key}`, value]));
    await this.db.collection(COLLECTIONS.profiles).doc(uid).update({ ...fields, updatedAt: toTimestamp(updatedAt) });
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(work);
  }

  /** Writes the whole retention setting in the caller's transaction (which read the one it replaces). */
  setRetention(tx: Transaction, uid: string, retention: RetentionSettings, updatedAt: string): void {
    tx.update(this.db.collection(COLLECTIONS.profiles).doc(uid), { retention, updatedAt: toTimestamp(updatedAt) });
  }

  /** The profile whose referral code this is (codes are made unique enough: 31^8; the first one wins if not). */
  async findByReferralCode(code: string): Promise<Profile | null> {
    const snap = await this.db.collection(COLLECTIONS.profiles).withConverter(profileConverter).where('referralCode', '==', code).limit(1).get();
    const stored = snap.docs[0]?.data();
    return stored ? withPrivacyDefaults(stored) : null;
  }

  /**
   * Records the referral code a user signed up with, once: in a transaction, so of two different codes sent
   * at once one is stored and the other finds it. Answers the code stored (this one, or the one before).
   */
  async setReferredByCodeOnce(uid: string, code: string, updatedAt: string): Promise<string> {
    return this.db.runTransaction(async (tx) => {
      const profile = await this.find(tx, uid);
      if (!profile) throw new Error('setReferredByCodeOnce needs an existing profile');
      if (profile.referredByCode) return profile.referredByCode;
      tx.update(this.db.collection(COLLECTIONS.profiles).doc(uid), { referredByCode: code, updatedAt: toTimestamp(updatedAt) });
      return code;
    });
  }

  deleteAllOwnedBy(uid: string): Promise<number> {
    return deleteCounted(this.ref(uid));
  }
}
