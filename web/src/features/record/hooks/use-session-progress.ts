import { isProcessing, mayHaveTranscript, type Session } from '@charta/contract';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useLiveSession } from '@/data/live-session';
import type { EntryPhase } from '../lib/recording-uploads';
import { createReadyWatcher, progressStage } from '../lib/recording-progress';

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

/**
 * An upload on its way to a note (a stopped recording, a picked file): its stage (uploading, then the
 * session's steps once the server holds it all) and, with `openWhenReady`, its session opened by itself the
 * first time a fresh answer says it is ready after it was seen on its way (createReadyWatcher).
 */
export function useUploadProgress(phase: EntryPhase, sessionId: string | null, openWhenReady: boolean) {
  const progress = useSessionProgress(phase === 'complete' ? sessionId : null);
  const stage = progressStage(phase, progress.session?.status);
  const settled = phase !== 'complete' || progress.settled;
  const readyWatcher = useRef(createReadyWatcher());
  const navigate = useNavigate();
  useEffect(() => {
    // Only fresh answers count: the cache's older copy would make a session ready long ago look new.
    if (!settled || !readyWatcher.current.observe(stage)) return;
    if (openWhenReady && sessionId) void navigate(paths.session.getHref(sessionId));
  }, [settled, stage, openWhenReady, sessionId, navigate]);
  return { ...progress, stage };
}
