import { isProcessing } from '@charta/contract';
import { useLiveSession } from '@/data/live-session';

/**
 * The session of a recording the server holds in full (null before that), asked for every 1.5 s until it is
 * ready or failed, through the shared session cache (the session page then opens on what is known).
 * `settled`: the answer shown is a fresh read, not the cache's older copy while a read is on its way.
 */
export function useSessionProgress(sessionId: string | null) {
  // 'draft' too: the upload's last answer can arrive a moment before the session says it has the audio.
  const { data, isValidating } = useLiveSession(sessionId, (session) => !session || session.status === 'draft' || isProcessing(session.status));
  return { session: data, settled: data !== undefined && !isValidating };
}
