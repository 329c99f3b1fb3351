import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiCancelledError } from '@/lib/api-client';
import { fetchSessionAudio } from '../api/audio';

export type AudioState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed'; error: unknown };

/**
 * The session's audio as an object URL for an <audio> element, loaded only when asked for (an hour of
 * audio is tens of megabytes, which a look at the note should not cost). The URL is revoked when it is
 * replaced or the page leaves, so the blob does not stay in memory.
 */
export function useSessionAudio(sessionId: string) {
  const [state, setState] = useState<AudioState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => (state.status === 'ready' ? () => URL.revokeObjectURL(state.url) : undefined), [state]);

  const load = useCallback(async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'loading' });
    try {
      const blob = await fetchSessionAudio(sessionId, current.signal);
      if (!current.signal.aborted) setState({ status: 'ready', url: URL.createObjectURL(blob) });
    } catch (error) {
      if (!(error instanceof ApiCancelledError) && !current.signal.aborted) setState({ status: 'failed', error });
    }
  }, [sessionId]);

  return { state, load };
}
