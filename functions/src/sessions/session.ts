/** A recorded (or typed) clinical session, as the contract returns it. */
export type SessionStatus = 'draft' | 'uploaded' | 'transcribing' | 'generating' | 'ready' | 'failed';

export const SESSION_STATUSES = ['draft', 'uploaded', 'transcribing', 'generating', 'ready', 'failed'] as const satisfies readonly SessionStatus[];

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

/** What Firestore holds beyond the contract's fields: the owner, the upload behind the audio, search tokens. */
export interface SessionRecord extends Session {
  ownerUid: string;
  audioUploadId: string | null;
  searchPrefixes: string[];
  /** The pipeline run working on the session, and until when its claim holds (a crashed run's claim expires). */
  processingRunId?: string | null;
  processingLeaseUntil?: string | null;
}

/** Audio can be attached while nothing is being done with the session's audio yet, or after a failure. */
export function acceptsNewAudio(status: SessionStatus): boolean {
  return status === 'draft' || status === 'failed';
}

const TITLE_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The contract's default title: the patient's name and the session date ("María García · 21 Nov 2026"). */
export function defaultTitle(patientName: string, createdAt: Date): string {
  return `${patientName} · ${TITLE_DATE.format(createdAt)}`;
}

export function toContract(record: SessionRecord): Session {
  return {
    id: record.id,
    patientName: record.patientName,
    templateId: record.templateId,
    language: record.language,
    title: record.title,
    audio_uri: record.audio_uri,
    audioDurationSec: record.audioDurationSec,
    status: record.status,
    error: record.error,
    documentationId: record.documentationId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
