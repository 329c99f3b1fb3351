import { useCallback, useState } from 'react';
import { describeError } from '@/lib/error-message';
import { chatWithSession } from '../api/chat';
import type { ChatMessage } from '../api/types';

/**
 * A conversation about one session, kept while the page is open (the API stores none). A question that
 * fails stays in the list with the reason, and "Try again" sends it again.
 */
export function useSessionChat(sessionId: string) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = useCallback(
    async (history: ChatMessage[]) => {
      setSending(true);
      setError(null);
      try {
        const answer = await chatWithSession(sessionId, history);
        setMessages([...history, answer]);
      } catch (err) {
        setError(describeError(err));
      } finally {
        setSending(false);
      }
    },
    [sessionId],
  );

  const send = useCallback(
    (question: string) => {
      const content = question.trim();
      if (!content || sending) return Promise.resolve();
      const history = [...messages, { role: 'user' as const, content }];
      setMessages(history);
      return ask(history);
    },
    [ask, messages, sending],
  );

  /** Sends the unanswered last question again. */
  const retry = useCallback(() => (messages[messages.length - 1]?.role === 'user' ? ask(messages) : Promise.resolve()), [ask, messages]);

  return { messages, sending, error, send, retry };
}
