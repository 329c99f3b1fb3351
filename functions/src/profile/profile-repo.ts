import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { AccountDataOwner } from '../accounts/account-deletion.js';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import type { Profile } from './profile.js';

/** `profiles/{uid}`: the contract's fields, with Firestore Timestamps for the dates. */
const profileConverter = recordConverter<Profile>().storingAsTimestamps('createdAt', 'updatedAt');

/** Typed access to `profiles/{uid}`. Reads and writes happen inside the caller's transaction. */
export class ProfileRepo implements AccountDataOwner {
  readonly name = 'profile';

  constructor(private readonly db: Firestore) {}

  private ref(uid: string) {
    return this.db.collection(COLLECTIONS.profiles).withConverter(profileConverter).doc(uid);
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(work);
  }

  async find(tx: Transaction | null, uid: string): Promise<Profile | null> {
    const snap = tx ? await tx.get(this.ref(uid)) : await this.ref(uid).get();
    return snap.data() ?? null;
  }

  save(tx: Transaction, profile: Profile): void {
    tx.set(this.ref(profile.uid), profile);
  }

  async deleteAllOwnedBy(uid: string): Promise<number> {
    const ref = this.ref(uid);
    const existed = (await ref.get()).exists;
    await ref.delete();
    return existed ? 1 : 0;
  }
}
