import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import type { AudioUpload } from './audio-upload.js';

/** Typed access to `audioUploads/{uploadId}` (dates kept as ISO strings: never queried by range). */
export class UploadRepo {
  constructor(private readonly db: Firestore) {}

  private ref(uploadId: string) {
    return this.db.collection(COLLECTIONS.audioUploads).doc(uploadId);
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(work);
  }

  async find(uploadId: string, tx?: Transaction): Promise<AudioUpload | null> {
    const snap = tx ? await tx.get(this.ref(uploadId)) : await this.ref(uploadId).get();
    return snap.exists ? (snap.data() as AudioUpload) : null;
  }

  save(tx: Transaction, upload: AudioUpload): void {
    tx.set(this.ref(upload.uploadId), upload);
  }

  async delete(uploadId: string): Promise<void> {
    await this.ref(uploadId).delete();
  }

  async findAllOwnedBy(uid: string): Promise<AudioUpload[]> {
    const snap = await this.db.collection(COLLECTIONS.audioUploads).where('ownerUid', '==', uid).get();
    return snap.docs.map((d) => d.data() as AudioUpload);
  }
}
