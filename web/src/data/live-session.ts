// A session followed while the pipeline works on it (the Record tab while recording and after Stop, the
// session page), through the shared session cache: one reader of the polling rules for all of them. Apart
// from sessions.ts, which the uploads (on every page, the sign-in page's too) import, so that SWR stays with
// the signed-in shell.
import type { LiveTranscript, Session } from '@charta/contract';
import useSWR, { unstable_serialize, useSWRConfig } from 'swr';
import { api } from '@/lib/api';
import { getSession, sessionKey } from './sessions';

/** How often a page asks for a session the pipeline is working on: live, without hammering. */
export const SESSION_POLL_MS = 1_500;
/**
 * How often the transcript so far is asked for. Windows close at the first pause after about 7.5 s and
 * land 10 to 15 s behind the voice (docs/pipeline.md, "Transcribed while the clinician records"), so every 2.5 s
 * shows each one within moments of its arrival, at a third of the session's request rate and well within
 * the route's limit (RATE_LIMIT_LIVE_TRANSCRIPT, 60 a minute per user).
 */
export const LIVE_TRANSCRIPT_POLL_MS = 2_500;

export const liveTranscriptKey = (sessionId: string) => ['/session/live_transcript', sessionId] as const;

/**
 * POST /session/live_transcript: what the recording's windows have made of its transcript so far; with
 * `fromSec` (the last answer's transcribedUntilSec), only the windows from there on, so that a poll of an
 * hour's recording reads its newest window rather than all of them again.
 */
export async function getLiveTranscript(sessionId: string, fromSec?: number): Promise<LiveTranscript> {
  return api.post<LiveTranscript>('/session/live_transcript', fromSec ? { sessionId, fromSec } : { sessionId });
}

/** What was known, with what an answer from its transcribedUntilSec on adds (segment ids are their start: stable across polls). */
export function withNewWindows(known: LiveTranscript | undefined, added: LiveTranscript): LiveTranscript {
  if (!known) return added;
  const seen = new Set(known.segments.map((segment) => segment.id));
  return {
    segments: [...known.segments, ...added.segments.filter((segment) => !seen.has(segment.id))],
    transcribedUntilSec: Math.max(known.transcribedUntilSec, added.transcribedUntilSec),
    audioSec: added.audioSec ?? known.audioSec,
    engine: added.engine ?? known.engine,
  };
}

/**
 * The transcript so far of a session's recording (null: none asked for), asked for again every 2.5 s while
 * `poll` and the tab is shown, each time only from where the last answer ended (withNewWindows). Kept when
 * polling stops (a paused recording keeps its text on screen). Its failures are the caller's to show in
 * place: a poll that fails every few seconds while offline must not fill the app-wide snackbar.
 */
export function useLiveTranscript(sessionId: string | null | undefined, poll: boolean) {
  const { cache } = useSWRConfig();
  const key = sessionId ? liveTranscriptKey(sessionId) : null;
  return useSWR<LiveTranscript, unknown>(
    key,
    async ([, id]: readonly [string, string]) => {
      // The cache, not this component's copy: the Record tab's view and its progress after Stop share the key.
      const known = cache.get(unstable_serialize(liveTranscriptKey(id)))?.data as LiveTranscript | undefined;
      return withNewWindows(known, await getLiveTranscript(id, known?.transcribedUntilSec));
    },
    {
      refreshInterval: poll ? LIVE_TRANSCRIPT_POLL_MS : 0,
      refreshWhenHidden: false,
      revalidateOnFocus: poll,
      onError: () => undefined,
    },
  );
}

export interface LiveSessionOptions {
  /**
   * While this says so of the latest session, its transcript so far is read and polled as well (the
   * progress then says how much is left to transcribe). Never: the transcript so far is not read.
   */
  liveTranscriptWhile?: (session: Session | undefined) => boolean;
}

/**
 * The session, asked for again every 1.5 s while `pollWhile` says so of the latest answer (undefined before
 * the first) and the tab is shown, and not at all otherwise. SWR stops its timer when the interval function
 * returns 0 and restarts it when the function changes: a new `pollWhile` each render (renders follow data
 * changes) is what makes polling resume after Retry puts the session back into processing. A hidden tab asks
 * nothing (a page left open all day would otherwise poll all day); shown again, the next tick (and SWR's
 * revalidation on focus) brings it up to date at once. With `liveTranscriptWhile`, the transcript so far
 * follows the same rules beside it (`liveTranscript`).
 */
export function useLiveSession(sessionId: string | null | undefined, pollWhile: (session: Session | undefined) => boolean, options: LiveSessionOptions = {}) {
  const session = useSWR<Session, unknown>(sessionId ? sessionKey(sessionId) : null, ([, id]: readonly [string, string]) => getSession(id), {
    refreshInterval: (current) => (pollWhile(current) ? SESSION_POLL_MS : 0),
    refreshWhenHidden: false,
  });
  const wantsTranscript = options.liveTranscriptWhile?.(session.data) ?? false;
  const live = useLiveTranscript(wantsTranscript ? sessionId : null, wantsTranscript);
  // Getters, not copies: SWR re-renders a component only for the fields it reads (a page that never reads
  // isValidating is not re-rendered twice per poll).
  return {
    get data() {
      return session.data;
    },
    get error() {
      return session.error;
    },
    get isValidating() {
      return session.isValidating;
    },
    mutate: session.mutate,
    /** The transcript so far while `liveTranscriptWhile` holds (undefined otherwise, or before it is read). */
    get liveTranscript() {
      return wantsTranscript ? live.data : undefined;
    },
  };
}
