import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import type { SessionChatRecord } from './chat.js';

/** `sessionChats/{sessionId}`: stored as it is (dates stay ISO strings: never queried by range). */
const chatConverter = recordConverter<SessionChatRecord>().storingAsTimestamps();

/** Typed access to `sessionChats/{sessionId}`: one chat per session. */
export class ChatRepo {
  constructor(private readonly db: Firestore) {}

  private ref(sessionId: string) {
    return this.db.collection(COLLECTIONS.sessionChats).withConverter(chatConverter).doc(sessionId);
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(work);
  }

  async find(sessionId: string, tx?: Transaction): Promise<SessionChatRecord | null> {
    const snap = tx ? await tx.get(this.ref(sessionId)) : await this.ref(sessionId).get();
    return snap.data() ?? null;
  }

  save(tx: Transaction, record: SessionChatRecord): void {
    tx.set(this.ref(record.sessionId), record);
  }

  /** Deletes it in the caller's transaction (retention deletes the chat with the transcript its answers quote). */
  deleteIn(tx: Transaction, sessionId: string): void {
    tx.delete(this.ref(sessionId));
  }

  async delete(sessionId: string): Promise<void> {
    await this.ref(sessionId).delete();
  }
}
