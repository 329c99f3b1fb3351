// Sharing this session with a colleague in the same clinic (docs/clinics.md "Sharing a session"): whom it is
// shared with, share, stop sharing. The server checks both are members of one clinic on every request.
import type { SessionShare, SessionSharesResponse } from '@charta/contract';
import useSWR from 'swr';
import { api } from '@/lib/api';

const sharesKey = (sessionId: string) => ['/session/shares', sessionId] as const;

/** POST /session/shares: whom the caller's session is shared with (read only while the dialog is open). */
export function useSessionShares(sessionId: string, enabled: boolean) {
  return useSWR<SessionSharesResponse, unknown>(enabled ? sharesKey(sessionId) : null, () => api.post<SessionSharesResponse>('/session/shares', { sessionId }));
}

export async function shareSession(sessionId: string, colleagueUid: string): Promise<SessionShare> {
  const { share } = await api.post<{ share: SessionShare }>('/session/share', { sessionId, colleagueUid });
  return share;
}

export async function unshareSession(sessionId: string, colleagueUid: string): Promise<void> {
  await api.post('/session/unshare', { sessionId, colleagueUid });
}
