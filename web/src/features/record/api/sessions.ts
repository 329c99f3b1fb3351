// Making a session for a recording (API contract: Sessions). Reading and deleting one is shared: @/data/sessions.
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
