import type { Firestore, Timestamp, Transaction } from 'firebase-admin/firestore';
import type { AccountDataOwner } from '../accounts/account-deletion.js';
import { COLLECTIONS } from '../firestore/collections.js';
import { fromDate, requireIso } from '../firestore/timestamps.js';
import type { Profile } from './profile.js';

/** How a profile is stored: the contract's fields, with Firestore Timestamps for the dates. */
type StoredProfile = Omit<Profile, 'createdAt' | 'updatedAt'> & { createdAt: Timestamp; updatedAt: Timestamp };

function toStored(profile: Profile): StoredProfile {
  return { ...profile, createdAt: fromDate(new Date(profile.createdAt)), updatedAt: fromDate(new Date(profile.updatedAt)) };
}

function fromStored(stored: StoredProfile): Profile {
  return { ...stored, createdAt: requireIso(stored.createdAt), updatedAt: requireIso(stored.updatedAt) };
}

/** Typed access to `profiles/{uid}`. Reads and writes happen inside the caller's transaction. */
export class ProfileRepo implements AccountDataOwner {
  readonly name = 'profile';

  constructor(private readonly db: Firestore) {}

  private ref(uid: string) {
    return this.db.collection(COLLECTIONS.profiles).doc(uid);
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(work);
  }

  async find(tx: Transaction | null, uid: string): Promise<Profile | null> {
    const snap = tx ? await tx.get(this.ref(uid)) : await this.ref(uid).get();
    return snap.exists ? fromStored(snap.data() as StoredProfile) : null;
  }

  save(tx: Transaction, profile: Profile): void {
    tx.set(this.ref(profile.uid), toStored(profile));
  }

  async deleteAllOwnedBy(uid: string): Promise<number> {
    const ref = this.ref(uid);
    const existed = (await ref.get()).exists;
    await ref.delete();
    return existed ? 1 : 0;
  }
}
