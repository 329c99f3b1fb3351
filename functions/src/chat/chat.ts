import { CHAT_LIMITS, latestExchanges, type ChatMessage } from '@charta/contract';

/**
 * `sessionChats/{sessionId}`: a session's chat, owned like the session (`ownerUid`), one document whose
 * messages are kept oldest first, at most CHAT_LIMITS.history of them. It goes with its session (a
 * SessionDataOwner), with its transcript when retention deletes that (its answers quote it), and with the
 * account (the owner field is what the account sweep finds).
 */
export interface SessionChatRecord {
  sessionId: string;
  ownerUid: string;
  messages: ChatMessage[];
  updatedAt: string;
}

/** The messages with a new question and its answer, the oldest exchanges dropped beyond the limit. */
export function withExchange(messages: readonly ChatMessage[], question: ChatMessage, answer: ChatMessage, limit: number = CHAT_LIMITS.history): ChatMessage[] {
  return latestExchanges([...messages, question, answer], limit);
}
