// POST /session/chat_with_session (docs/api.md "Chat"): questions answered from the transcript.
import { DOCUMENTATION_LIMITS } from '@charta/contract';
import { api } from '@/lib/api';
import type { ChatMessage } from './types';

// The API keeps no chat history: the whole conversation goes with every question, as much as it takes.

export async function chatWithSession(sessionId: string, messages: readonly ChatMessage[]): Promise<ChatMessage> {
  const sent = messages.slice(-DOCUMENTATION_LIMITS.chatMessages).map(({ role, content }) => ({ role, content }));
  const { message } = await api.post<{ message: Required<ChatMessage> }>('/session/chat_with_session', { sessionId, messages: sent });
  return message;
}
