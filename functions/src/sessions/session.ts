/** The contract's Session (defined once, in @charta/contract, for the API and the web app). */
import { isPipelineStep, NO_RETENTION_DELETIONS, type Session, type SessionConsent, type SessionRetentionDeletions, type SessionStatus } from '@charta/contract';

export type { Session, SessionStatus };
// What each status allows is the contract's, so the web app decides the same way.
export { acceptsNewAudio, SESSION_STATUSES } from '@charta/contract';

/** What Firestore holds beyond the contract's fields: the owner, the upload behind the audio, search tokens. */
export interface SessionRecord extends Session {
  ownerUid: string;
  audioUploadId: string | null;
  searchPrefixes: string[];
  /** The pipeline run working on the session, and until when its claim holds (a crashed run's claim expires). */
  processingRunId?: string | null;
  processingLeaseUntil?: string | null;
  /** How many times the pipeline sweeper handed the session back to the pipeline after its run stopped. */
  processingResumes?: number;
  /** The patient's consent to the recording (docs/privacy.md "Consent"); absent or null if none was recorded. */
  consent?: SessionConsent | null;
  /** What retention deleted (docs/privacy.md "Retention"); absent until something was. */
  deletedByRetention?: SessionRetentionDeletions;
  /** When the note was first ready: audio and transcript retention count from here. */
  readyAt?: string | null;
  /**
   * Since when the session holds audio (or a transcript) that retention must one day delete: its `readyAt`,
   * set when the note is first ready and removed once retention deleted the part. Retention's queries
   * look for these alone, so a part already deleted is never read again.
   */
  audioHeldSince?: string | null;
  transcriptHeldSince?: string | null;
}

/** The fields only a transition writes (session-lifecycle.ts): the state, its failure, and the run's claim. */
export const LIFECYCLE_FIELDS = ['status', 'error', 'processingRunId', 'processingLeaseUntil', 'processingResumes'] as const satisfies readonly (keyof SessionRecord)[];
export type LifecycleField = (typeof LIFECYCLE_FIELDS)[number];

/**
 * What a session being deleted owned, by id (its document is already gone): enough for each owner of
 * session data to find and delete its part, and no patient data.
 */
export interface SessionTombstone {
  id: string;
  ownerUid: string;
  audioUploadId: string | null;
  documentationId: string | null;
  deletedAt: string;
}

/**
 * A pipeline run holds the session: it is transcribing or generating, a run claimed it and that claim has not
 * expired. (A step handed over to the next run has no run, only a lease the sweeper watches.)
 */
export function isBeingProcessed(session: Pick<SessionRecord, 'status' | 'processingLeaseUntil' | 'processingRunId'>, now: Date): boolean {
  return (
    isPipelineStep(session.status) &&
    !!session.processingRunId &&
    !!session.processingLeaseUntil &&
    Date.parse(session.processingLeaseUntil) > now.getTime()
  );
}

// The contract's default title ("María García · 21 Nov 2026"): the web app takes its date off again to show
// the date once, so both sides use the one definition.
export { defaultSessionTitle as defaultTitle } from '@charta/contract';

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
    // Only once made: a session without them has exactly the contract's fields.
    ...(record.transcriptEngine ? { transcriptEngine: record.transcriptEngine } : {}),
    ...(record.documentationEngine ? { documentationEngine: record.documentationEngine } : {}),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    doneAt: record.doneAt ?? null,
    consent: record.consent ?? null,
    deletedByRetention: record.deletedByRetention ?? NO_RETENTION_DELETIONS,
  };
}
