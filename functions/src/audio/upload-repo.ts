import { AggregateField, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import type { AudioUpload } from './audio-upload.js';

/** `audioUploads/{uploadId}`: stored as it is (dates stay ISO strings: never queried by range). */
const uploadConverter = recordConverter<AudioUpload>().storingAsTimestamps();

/** Typed access to `audioUploads/{uploadId}`. */
export class UploadRepo {
  constructor(private readonly db: Firestore) {}

  private get collection() {
    return this.db.collection(COLLECTIONS.audioUploads).withConverter(uploadConverter);
  }

  private ref(uploadId: string) {
    return this.collection.doc(uploadId);
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(work);
  }

  async find(uploadId: string, tx?: Transaction): Promise<AudioUpload | null> {
    const snap = tx ? await tx.get(this.ref(uploadId)) : await this.ref(uploadId).get();
    return snap.data() ?? null;
  }

  save(tx: Transaction, upload: AudioUpload): void {
    tx.set(this.ref(upload.uploadId), upload);
  }

  async delete(uploadId: string): Promise<void> {
    await this.ref(uploadId).delete();
  }

  /** The audio bytes a user keeps (uploads in progress and complete), summed by Firestore without reading them. */
  async bytesStoredBy(uid: string): Promise<number> {
    const snap = await this.collection.where('ownerUid', '==', uid).aggregate({ bytes: AggregateField.sum('bytesReceived') }).get();
    return snap.data().bytes;
  }

  /** Uploads that name a session (complete or still receiving): they go when the session goes. */
  async findNamingSession(uid: string, sessionId: string): Promise<AudioUpload[]> {
    const snap = await this.collection.where('sessionId', '==', sessionId).get();
    return snap.docs.map((d) => d.data()).filter((upload) => upload.ownerUid === uid);
  }

  deleteIn(tx: Transaction, uploadId: string): void {
    tx.delete(this.ref(uploadId));
  }

  async findAllOwnedBy(uid: string): Promise<AudioUpload[]> {
    const snap = await this.collection.where('ownerUid', '==', uid).get();
    return snap.docs.map((d) => d.data());
  }
}
