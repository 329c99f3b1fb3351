// The contract's Session (API contract: Resources), shared by the Record tab (which creates sessions) and
// the Sessions list (which shows them).

export type SessionStatus = 'draft' | 'uploaded' | 'transcribing' | 'generating' | 'ready' | 'failed';

export interface Session {
  id: string;
  patientName: string;
  templateId: string;
  language: string;
  title: string;
  audio_uri: string | null;
  audioDurationSec: number | null;
  status: SessionStatus;
  error: { code: string; message: string } | null;
  documentationId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SessionResponse {
  session: Session;
}
