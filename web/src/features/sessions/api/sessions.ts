// The session list routes (docs/api.md "Sessions", "Search"): list pages, search, one session, rename, delete.
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { api } from '@/lib/api';
import { isProcessing, SESSION_LIMITS, type Session, type SessionResponse, type SessionsPage } from '@charta/contract';

export const SESSIONS_PAGE_SIZE = 20;
export const SEARCH_LIMIT = 50;
/** While a session is on its way to "ready", its row is refreshed this often. */
const IN_PROGRESS_REFRESH_MS = 10_000;

const LIST_PATH = '/session/sessions';
const SEARCH_PATH = '/search/sessions_by_patient_name';

export function listSessions(cursor: string | null, limit = SESSIONS_PAGE_SIZE): Promise<SessionsPage> {
  return api.post<SessionsPage>(LIST_PATH, cursor ? { limit, cursor } : { limit });
}

export async function searchSessions(query: string, limit = SEARCH_LIMIT): Promise<Session[]> {
  const { sessions } = await api.post<{ sessions: Session[] }>(SEARCH_PATH, { query, limit });
  return sessions;
}

export async function renameSession(sessionId: string, title: string): Promise<Session> {
  const { session } = await api.post<SessionResponse>('/session/update_title', { sessionId, title });
  return session;
}

/** POST /session/update with the patient's name alone: corrects it (and what name search finds). */
export async function correctPatientName(sessionId: string, patientName: string): Promise<Session> {
  const { session } = await api.post<SessionResponse>('/session/update', { sessionId, patientName });
  return session;
}

/** Deletes any number of sessions, as many per request as the API allows; returns how many went. */
export async function deleteSessions(sessionIds: readonly string[]): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < sessionIds.length; i += SESSION_LIMITS.deleteMany) {
    const batch = sessionIds.slice(i, i + SESSION_LIMITS.deleteMany);
    deleted += (await api.post<{ deleted: number }>('/session/delete_many', { sessionIds: batch })).deleted;
  }
  return deleted;
}

type PageKey = readonly [typeof LIST_PATH, string | null];

/** Newest first, one page at a time (cursor pagination); `setSize(size + 1)` asks for the next page. */
export function useSessionPages() {
  return useSWRInfinite<SessionsPage, unknown>(
    (index: number, previous: SessionsPage | null): PageKey | null => {
      if (previous && !previous.nextCursor) return null;
      return [LIST_PATH, index === 0 ? null : (previous?.nextCursor ?? null)];
    },
    ([, cursor]: PageKey) => listSessions(cursor),
    {
      refreshInterval: (pages) => (pages?.some((p) => p.sessions.some((s) => isProcessing(s.status))) ? IN_PROGRESS_REFRESH_MS : 0),
    },
  );
}

export function useSessionSearch(query: string) {
  const trimmed = query.trim();
  return useSWR<Session[], unknown>(trimmed ? [SEARCH_PATH, trimmed] : null, ([, q]: [string, string]) => searchSessions(q), {
    keepPreviousData: true,
  });
}
