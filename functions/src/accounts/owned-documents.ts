import type { CollectionReference, Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import type { AccountDataOwner } from './account-deletion.js';

/**
 * The fields by which a top-level document names the user it belongs to. A feature storing user data
 * either uses one of these or makes the user's id the document's id (counters, profile-like documents);
 * anything beneath such a document goes with it.
 */
export const OWNER_FIELDS = ['ownerUid', 'authorUid', 'uid'] as const;

/** Deletions per round: one query page. */
const PAGE = 300;

/**
 * Collections the sweep never touches, each kept on purpose through account deletion:
 * - `referralLedger`: keyed hashes of the people whose referral was credited, so deleting an account and
 *   signing up again with the same email or card does not earn a referrer the credit again (docs/billing.md,
 *   "Billing and referrals"). Deleting it with the account would undo exactly that. It names no user.
 * - `auditTrail`: who accessed which patient data, kept six years (HIPAA, 45 CFR 164.316(b)(2)) whatever
 *   becomes of the account or the data. Its entries name their user by `actorUid`, no owner field, and hold
 *   ids only (docs/privacy.md "Audit trail"); the deletion test holds every other collection to naming the user nowhere.
 */
export const RETAINED_COLLECTIONS: ReadonlySet<string> = new Set([COLLECTIONS.referralLedger, COLLECTIONS.auditTrail]);

/**
 * Account deletion's backstop, run after every feature's own owner: every document in every top-level
 * collection that names the user by an owner field, and the document whose id is the user's id, each with
 * everything beneath it. The collections are listed from Firestore itself, so a collection added later is
 * covered without registering anything, and data whose link to the user's sessions was lost (a transcript
 * written by a pipeline run that raced a session's deletion before that was fixed, a deletion stopped
 * half-way) is found by its owner. Feature owners still run first: they delete what is not a document
 * (audio in storage) and what sits under documents other users own (add markers).
 */
export function ownedDocumentsSweep(db: Firestore): AccountDataOwner {
  return {
    name: 'remaining documents',
    async deleteAllOwnedBy(uid: string) {
      let deleted = 0;
      for (const collection of await db.listCollections()) {
        if (RETAINED_COLLECTIONS.has(collection.id)) continue;
        const keyed = collection.doc(uid);
        const [snap, beneath] = await Promise.all([keyed.get(), keyed.listCollections()]);
        if (snap.exists || beneath.length > 0) {
          await db.recursiveDelete(keyed);
          deleted++;
        }
        for (const field of OWNER_FIELDS) deleted += await deleteWhere(db, collection, field, uid);
      }
      return deleted;
    },
  };
}

async function deleteWhere(db: Firestore, collection: CollectionReference, field: string, uid: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const page = await collection.where(field, '==', uid).select().limit(PAGE).get();
    if (page.empty) return deleted;
    const writer = db.bulkWriter();
    await Promise.all(page.docs.map((doc) => db.recursiveDelete(doc.ref, writer)));
    await writer.close();
    deleted += page.size;
  }
}
