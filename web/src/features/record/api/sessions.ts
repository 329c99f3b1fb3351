// The session routes the Record tab needs (API contract: Sessions).
import { api } from '@/lib/api';
import type { Session, SessionResponse } from '@charta/contract';

export interface NewSession {
  patientName: string;
  templateId: string;
  language: string;
}

/** POST /session/create_session, multipart as the contract names it. */
export async function createSession(input: NewSession, signal?: AbortSignal): Promise<Session> {
  const form = new FormData();
  form.set('patientName', input.patientName);
  form.set('templateId', input.templateId);
  form.set('language', input.language);
  const { session } = await api.post<SessionResponse>('/session/create_session', form, { signal });
  return session;
}

export async function getSession(sessionId: string): Promise<Session> {
  const { session } = await api.post<SessionResponse>('/session/session', { sessionId });
  return session;
}

/** Removes a session that never got its audio (a discarded recording, a file the server refused). */
export async function deleteSession(sessionId: string): Promise<void> {
  await api.post<{ deleted: number }>('/session/delete', { sessionId });
}
