// The session reads and writes more than one feature needs (docs/api.md "Sessions"). One cache key, so the
// session page, the list and the Record tab share one cached copy of a session.
import type { Session, SessionResponse } from '@charta/contract';
import { api } from '@/lib/api';

export const sessionKey = (sessionId: string) => ['/session/session', sessionId] as const;

export async function getSession(sessionId: string): Promise<Session> {
  const { session } = await api.post<SessionResponse>('/session/session', { sessionId });
  return session;
}

export async function deleteSession(sessionId: string): Promise<void> {
  await api.post<{ deleted: number }>('/session/delete', { sessionId });
}
