import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { TypedCollection } from '../firestore/typed-collection.js';
import type { TranscriptRecord } from './transcript.js';

/** `transcripts/{sessionId}`: stored as it is (dates stay ISO strings: never queried by range). */
const transcriptConverter = recordConverter<TranscriptRecord>().storingAsTimestamps();

/**
 * Typed access to `transcripts/{sessionId}`: one transcript per session. `deleteIn` deletes it in the
 * caller's transaction (retention deletes a transcript with its record on the session).
 */
export class TranscriptRepo extends TypedCollection<TranscriptRecord> {
  constructor(db: Firestore) {
    super(db, COLLECTIONS.transcripts, transcriptConverter, (transcript) => transcript.sessionId);
  }

  override deleteIn(tx: Transaction, sessionId: string): void {
    super.deleteIn(tx, sessionId);
  }

  override delete(sessionId: string): Promise<void> {
    return super.delete(sessionId);
  }
}
