import { isProcessing, mayHaveTranscript, type Session } from '@charta/contract';
import { useLiveSession } from '@/data/live-session';

/** Still on its way to a transcript: 'draft' too, since the upload's last answer can arrive a moment before the session says it has the audio. */
const beforeTranscript = (session: Session | undefined) => !session || !mayHaveTranscript(session.status);

/**
 * The session of a recording the server holds in full (null before that), asked for every 1.5 s until it is
 * ready or failed, through the shared session cache (the session page then opens on what is known), with its
 * transcript so far until that is stored (`liveTranscript`: how much is left to transcribe).
 * `settled`: the answer shown is a fresh read, not the cache's older copy while a read is on its way.
 */
export function useSessionProgress(sessionId: string | null) {
  const { data, isValidating, liveTranscript } = useLiveSession(sessionId, (session) => !session || session.status === 'draft' || isProcessing(session.status), {
    liveTranscriptWhile: beforeTranscript,
  });
  return { session: data, settled: data !== undefined && !isValidating, liveTranscript };
}
