import { isProcessing, type Session } from '@charta/contract';
import useSWR from 'swr';
import { getSession, sessionKey } from '@/data/sessions';

/** How often the Record tab asks how a stopped recording's session is getting on: live, without hammering. */
const SESSION_PROGRESS_POLL_MS = 1_500;

/**
 * The session of a recording the server holds in full (null before that), asked for every 1.5 s until it is
 * ready or failed, through the shared session cache (the session page then opens on what is known).
 * `settled`: the answer shown is a fresh read, not the cache's older copy while a read is on its way.
 */
export function useSessionProgress(sessionId: string | null) {
  const { data, isValidating } = useSWR<Session, unknown>(sessionId ? sessionKey(sessionId) : null, ([, id]: readonly [string, string]) => getSession(id), {
    // 'draft' too: the upload's last answer can arrive a moment before the session says it has the audio.
    refreshInterval: (session) => (!session || session.status === 'draft' || isProcessing(session.status) ? SESSION_PROGRESS_POLL_MS : 0),
    refreshWhenHidden: false,
  });
  return { session: data, settled: data !== undefined && !isValidating };
}
