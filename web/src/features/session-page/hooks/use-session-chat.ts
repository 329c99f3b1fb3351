import { CHAT_LIMITS, latestExchanges, type ChatHistory } from '@charta/contract';
import { useCallback, useState } from 'react';
import { describeError } from '@/lib/error-message';
import { askAboutSession, useChatHistory } from '../api/chat';

/**
 * A conversation about one session, kept by the server (loaded when the page opens, so it is there after a
 * reload). The question being asked shows at once; one that fails stays in view with the reason, and
 * "Try again" sends it again (the server keeps a question only with its answer).
 */
export function useSessionChat(sessionId: string) {
  const history = useChatHistory(sessionId);
  const { mutate } = history;
  const [pending, setPending] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = useCallback(
    async (question: string) => {
      setPending(question);
      setSending(true);
      setError(null);
      try {
        const exchange = await askAboutSession(sessionId, question);
        // The server's own trimming, applied to the copy shown, so the page and a reload agree.
        await mutate(
          (current: ChatHistory | undefined) => {
            const limit = current?.limit ?? CHAT_LIMITS.history;
            return { limit, messages: latestExchanges([...(current?.messages ?? []), exchange.question, exchange.message], limit) };
          },
          { revalidate: false },
        );
        setPending(null);
      } catch (err) {
        setError(describeError(err));
      } finally {
        setSending(false);
      }
    },
    [mutate, sessionId],
  );

  const send = useCallback(
    (question: string) => {
      const content = question.trim();
      if (!content || sending) return Promise.resolve();
      return ask(content);
    },
    [ask, sending],
  );

  /** Sends the unanswered question again. */
  const retry = useCallback(() => (pending !== null ? ask(pending) : Promise.resolve()), [ask, pending]);

  return {
    messages: history.data?.messages ?? [],
    limit: history.data?.limit ?? CHAT_LIMITS.history,
    /** The question on its way, or the one that failed (with `error`). */
    pending,
    sending,
    error,
    loading: history.data === undefined && history.error === undefined,
    loadError: history.error === undefined ? null : describeError(history.error),
    reload: () => void mutate(),
    send,
    retry,
  };
}
