// POST /session/chat_with_session and /session/chat_history (docs/api.md "Chat"): questions answered from the
// transcript and the note as it is now; the server keeps the conversation, so only the new question is sent.
import type { ChatExchange, ChatHistory } from '@charta/contract';
import useSWR from 'swr';
import { api } from '@/lib/api';

export const chatHistoryKey = (sessionId: string) => ['/session/chat_history', sessionId] as const;

export function getChatHistory(sessionId: string): Promise<ChatHistory> {
  return api.post<ChatHistory>('/session/chat_history', { sessionId });
}

/** The session's kept chat, loaded when the page opens. */
export function useChatHistory(sessionId: string) {
  return useSWR<ChatHistory, unknown>(chatHistoryKey(sessionId), ([, id]: readonly [string, string]) => getChatHistory(id), {
    // Only this page adds to it, and it does so through the cache.
    revalidateOnFocus: false,
    // The panel says in place when it cannot load (with Try again): no app-wide snackbar for it.
    onError: () => undefined,
  });
}

export function askAboutSession(sessionId: string, question: string): Promise<ChatExchange> {
  return api.post<ChatExchange>('/session/chat_with_session', { sessionId, question });
}
