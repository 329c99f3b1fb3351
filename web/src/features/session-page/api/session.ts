// The session itself (API contract: Sessions): read it, follow it while it is processed, restart it.
import { isProcessing, type Session, type SessionResponse } from '@charta/contract';
import useSWR from 'swr';
import { getSession, sessionKey } from '@/data/sessions';
import { api } from '@/lib/api';

/** How often the page asks for the session while the pipeline works on it: live, without hammering. */
export const PROGRESS_POLL_MS = 1_500;

/** POST /session/process: starts processing again after a failure (202, a no-op while it runs). */
export async function processSession(sessionId: string): Promise<Session> {
  const { session } = await api.post<SessionResponse>('/session/process', { sessionId });
  return session;
}

/**
 * The session, polled every 1.5 s while it is uploaded, transcribing or generating and the tab is shown,
 * and not at all once it is ready or failed. SWR stops its timer when the interval function returns 0 and
 * restarts it when the function changes; a new function each render (renders follow data changes) is what
 * makes polling resume after Retry puts the session back into processing.
 */
export function useLiveSession(sessionId: string | undefined) {
  return useSWR<Session, unknown>(sessionId ? sessionKey(sessionId) : null, ([, id]: readonly [string, string]) => getSession(id), {
    refreshInterval: (session) => (session && isProcessing(session.status) ? PROGRESS_POLL_MS : 0),
    // A hidden tab asks nothing (a page left open all day would otherwise poll all day); shown again, the
    // next tick (and SWR's revalidation on focus) brings the session up to date at once.
    refreshWhenHidden: false,
  });
}
