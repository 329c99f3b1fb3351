// POST /session/chat_with_session (API contract: Sessions): questions answered from the transcript.
import { api } from '@/lib/api';
import type { ChatMessage } from './types';

/** The API keeps no chat history: the whole conversation goes with every question (at most 40 messages). */
export const CHAT_HISTORY_LIMIT = 40;

export async function chatWithSession(sessionId: string, messages: readonly ChatMessage[]): Promise<ChatMessage> {
  const sent = messages.slice(-CHAT_HISTORY_LIMIT).map(({ role, content }) => ({ role, content }));
  const { message } = await api.post<{ message: Required<ChatMessage> }>('/session/chat_with_session', { sessionId, messages: sent });
  return message;
}
