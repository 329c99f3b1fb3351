import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { TypedCollection } from '../firestore/typed-collection.js';
import type { SessionChatRecord } from './chat.js';

/** `sessionChats/{sessionId}`: stored as it is (dates stay ISO strings: never queried by range). */
const chatConverter = recordConverter<SessionChatRecord>().storingAsTimestamps();

/**
 * Typed access to `sessionChats/{sessionId}`: one chat per session. `deleteIn` deletes it in the caller's
 * transaction (retention deletes the chat with the transcript its answers quote).
 */
export class ChatRepo extends TypedCollection<SessionChatRecord> {
  constructor(db: Firestore) {
    super(db, COLLECTIONS.sessionChats, chatConverter, (chat) => chat.sessionId);
  }

  override deleteIn(tx: Transaction, sessionId: string): void {
    super.deleteIn(tx, sessionId);
  }

  override delete(sessionId: string): Promise<void> {
    return super.delete(sessionId);
  }
}
