// A session followed while the pipeline works on it (the Record tab after Stop, the session page), through
// the shared session cache: one reader of the polling rules for both. Apart from sessions.ts, which the
// uploads (on every page, the sign-in page's too) import, so that SWR stays with the signed-in shell.
import type { Session } from '@charta/contract';
import useSWR from 'swr';
import { getSession, sessionKey } from './sessions';

/** How often a page asks for a session the pipeline is working on: live, without hammering. */
export const SESSION_POLL_MS = 1_500;

/**
 * The session, asked for again every 1.5 s while `pollWhile` says so of the latest answer (undefined before
 * the first) and the tab is shown, and not at all otherwise. SWR stops its timer when the interval function
 * returns 0 and restarts it when the function changes: a new `pollWhile` each render (renders follow data
 * changes) is what makes polling resume after Retry puts the session back into processing. A hidden tab asks
 * nothing (a page left open all day would otherwise poll all day); shown again, the next tick (and SWR's
 * revalidation on focus) brings it up to date at once.
 */
export function useLiveSession(sessionId: string | null | undefined, pollWhile: (session: Session | undefined) => boolean) {
  return useSWR<Session, unknown>(sessionId ? sessionKey(sessionId) : null, ([, id]: readonly [string, string]) => getSession(id), {
    refreshInterval: (session) => (pollWhile(session) ? SESSION_POLL_MS : 0),
    refreshWhenHidden: false,
  });
}
