// The session itself (docs/api.md "Sessions"): restart it (it is read and followed through data/live-session.ts).
import type { Session, SessionResponse } from '@charta/contract';
import { api } from '@/lib/api';

/** POST /session/process: starts processing again after a failure (202, a no-op while it runs). */
export async function processSession(sessionId: string): Promise<Session> {
  const { session } = await api.post<SessionResponse>('/session/process', { sessionId });
  return session;
}
