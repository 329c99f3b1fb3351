import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import type { TranscriptRecord } from './transcript.js';

/** `transcripts/{sessionId}`: stored as it is (dates stay ISO strings: never queried by range). */
const transcriptConverter = recordConverter<TranscriptRecord>().storingAsTimestamps();

/** Typed access to `transcripts/{sessionId}`: one transcript per session. */
export class TranscriptRepo {
  constructor(private readonly db: Firestore) {}

  private ref(sessionId: string) {
    return this.db.collection(COLLECTIONS.transcripts).withConverter(transcriptConverter).doc(sessionId);
  }

  async find(sessionId: string, tx?: Transaction): Promise<TranscriptRecord | null> {
    const snap = tx ? await tx.get(this.ref(sessionId)) : await this.ref(sessionId).get();
    return snap.data() ?? null;
  }

  save(tx: Transaction, record: TranscriptRecord): void {
    tx.set(this.ref(record.sessionId), record);
  }

  /** Deletes it in the caller's transaction (retention deletes a transcript with its record on the session). */
  deleteIn(tx: Transaction, sessionId: string): void {
    tx.delete(this.ref(sessionId));
  }

  async delete(sessionId: string): Promise<void> {
    await this.ref(sessionId).delete();
  }
}
