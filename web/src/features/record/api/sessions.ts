// Making a session for a recording (docs/api.md "Sessions"). Reading and deleting one is shared: @/data/sessions.
import { api } from '@/lib/api';
import type { ConsentMethod, Session, SessionResponse, UploadMatch, UploadMatchResponse } from '@charta/contract';

export interface NewSession {
  patientName: string;
  templateId: string;
  language: string;
  /**
   * How the patient agreed to the recording, confirmed on the Record tab (docs/privacy.md "Consent"); absent when the
   * clinician's setting does not ask. The API keeps it on the session with who confirmed it and when.
   */
  consent?: ConsentMethod | null;
}

/** POST /session/create_session, multipart as the contract names it. */
export async function createSession(input: NewSession, signal?: AbortSignal): Promise<Session> {
  const form = new FormData();
  form.set('patientName', input.patientName);
  form.set('templateId', input.templateId);
  form.set('language', input.language);
  if (input.consent) form.set('consent', input.consent);
  const { session } = await api.post<SessionResponse>('/session/create_session', form, { signal });
  return session;
}

/** POST /session/upload_by_checksum: the caller's own upload of this file within the last day, if any. */
export async function findUploadByChecksum(sha256: string, signal?: AbortSignal): Promise<UploadMatch | null> {
  const { upload } = await api.post<UploadMatchResponse>('/session/upload_by_checksum', { sha256 }, { signal });
  return upload;
}
