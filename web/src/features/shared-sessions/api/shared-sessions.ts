// What colleagues shared with the caller (docs/clinics.md "Sharing a session"): the list, and one shared session
// to read. Read-only by construction: the API has no route through which a colleague changes a shared session.
import type { SharedSessionResponse, SharedWithMeResponse } from '@charta/contract';
import useSWR from 'swr';
import { api } from '@/lib/api';

const LIST_KEY = '/shared/sessions';

/** GET /shared/sessions: sessions shared with the caller, newest share first. */
export function useSharedWithMe() {
  return useSWR<SharedWithMeResponse, unknown>(LIST_KEY, () => api.get<SharedWithMeResponse>(LIST_KEY));
}

/** POST /shared/session: one shared session with its transcript and note as they are now. */
export function useSharedSession(sessionId: string) {
  return useSWR<SharedSessionResponse, unknown>(['/shared/session', sessionId], () => api.post<SharedSessionResponse>('/shared/session', { sessionId }));
}
