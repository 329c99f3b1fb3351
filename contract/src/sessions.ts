// Sessions (docs/api.md "Sessions", "Search"): the resource, its statuses with what each allows and how a
// clinician reads it and the limits. The request bodies of the session routes are in session-requests.ts.

import type { SessionConsent } from './consent.js';
import type { SessionRetentionDeletions } from './retention.js';

// --- Statuses ---------------------------------------------------------------------------------------------

/** A session's way to a note: `draft → uploaded → transcribing → generating → ready`, or `failed`. */
export const SESSION_STATUSES = ['draft', 'uploaded', 'transcribing', 'generating', 'ready', 'failed'] as const;

export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** The statuses in which the pipeline is working on a step (and holds the session while its claim lasts). */
export const PIPELINE_STEPS = ['transcribing', 'generating'] as const satisfies readonly SessionStatus[];

export type PipelineStep = (typeof PIPELINE_STEPS)[number];

/** The status in a clinician's words, the same on every screen. */
export const SESSION_STATUS_LABELS = {
  draft: 'Waiting for audio',
  uploaded: 'Audio received',
  transcribing: 'Transcribing',
  generating: 'Writing documentation',
  ready: 'Ready',
  failed: 'Failed',
} as const satisfies Record<SessionStatus, string>;

export function sessionStatusLabel(status: SessionStatus): string {
  return SESSION_STATUS_LABELS[status];
}

/** The pipeline owes the session work (it has audio and is neither ready nor failed): clients follow it. */
export function isProcessing(status: SessionStatus): boolean {
  return status === 'uploaded' || isPipelineStep(status);
}

/** The pipeline is running one of its steps: transcribing or generating. */
export function isPipelineStep(status: SessionStatus): status is PipelineStep {
  return (PIPELINE_STEPS as readonly SessionStatus[]).includes(status);
}

/** Audio can be attached while nothing is being done with the session's audio yet, or after a failure. */
export function acceptsNewAudio(status: SessionStatus): boolean {
  return status === 'draft' || status === 'failed';
}

/** A transcript exists once documentation is being written; a failed session keeps one if it got that far. */
export function mayHaveTranscript(status: SessionStatus): boolean {
  return status === 'generating' || status === 'ready' || status === 'failed';
}

/**
 * How long the pipeline may hold a session. A run claims each step for `stepLeaseMs`; no run lives that
 * long (the trigger's timeout is 9 minutes), so a step unchanged for longer has lost its run: the sweeper
 * resumes it, and a clinician's Retry restarts it. Clients use it to tell slow from stuck.
 */
export const PIPELINE_TIMING = {
  stepLeaseMs: 12 * 60_000,
} as const;

// --- Resource ---------------------------------------------------------------------------------------------

/** A recorded (or typed) clinical session. */
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
  /**
   * What made the transcript and the documentation (our extension): their `engine`, copied here so the
   * session list can say which are simulated or demo quality (engineQuality). Absent until made.
   */
  transcriptEngine?: string;
  documentationEngine?: string;
  createdAt: string;
  updatedAt: string;
  /**
   * When the clinician marked the note done (reviewed and signed off; our extension): null or absent if
   * not. Editing a done note stays allowed (the app asks first) and keeps it done.
   */
  doneAt?: string | null;
  /**
   * The patient's consent to the recording (our extension, docs/privacy.md "Consent"): how, when and who confirmed
   * it; null if none was recorded (typed text needs none). The API always sends it.
   */
  consent?: SessionConsent | null;
  /**
   * What the clinician's retention settings deleted of the session, and when (our extension, docs/privacy.md
   * "Retention"): the session and its note stay. The API always sends it.
   */
  deletedByRetention?: SessionRetentionDeletions;
}

// --- Titles -----------------------------------------------------------------------------------------------

// The session's day in UTC, so the title reads the same wherever it is made or shown. Made on first use, not
// when the module loads: a browser's first Intl.DateTimeFormat loads its locale and time zone data, 150-400 ms
// of main thread on a mid-range phone (4x CPU), which every page importing this module paid before its first
// paint, the sign-in page too (docs/first-load.md).
let titleDate: Intl.DateTimeFormat | undefined;
const titleDateFormat = (): Intl.DateTimeFormat =>
  (titleDate ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }));
const TITLE_SEPARATOR = ' · ';

/** The title a new session gets: the patient's name and the session date ("María García · 21 Nov 2026"). */
export function defaultSessionTitle(patientName: string, createdAt: Date): string {
  return `${patientName}${TITLE_SEPARATOR}${titleDateFormat().format(createdAt)}`;
}

/**
 * The title without the date a default title ends with ("María García"), for screens that show the date
 * by itself: otherwise the date reads twice, in two formats. A title the clinician wrote is kept whole.
 */
export function titleWithoutDefaultDate(session: Pick<Session, 'title' | 'createdAt'>): string {
  const createdAt = new Date(session.createdAt);
  if (Number.isNaN(createdAt.getTime())) return session.title;
  const suffix = `${TITLE_SEPARATOR}${titleDateFormat().format(createdAt)}`;
  return session.title.endsWith(suffix) && session.title.length > suffix.length ? session.title.slice(0, -suffix.length) : session.title;
}

export interface SessionResponse {
  session: Session;
}

/** `POST /session/sessions`: newest first. */
export interface SessionsPage {
  sessions: Session[];
  nextCursor: string | null;
}

// --- Limits -----------------------------------------------------------------------------------------------

export const SESSION_LIMITS = {
  patientName: 200,
  title: 300,
  /** Sessions one list or search page may hold. */
  pageSize: 100,
  /** Sessions one delete_many may name. */
  deleteMany: 100,
  searchQuery: 200,
} as const;

/** upload_audio's sizes. */
export const AUDIO_UPLOAD_LIMITS = {
  /** The file part one request may carry: under the Functions emulator's 10 MB body cap. */
  requestBytes: 8 * 1024 * 1024,
  /** A whole recording, all chunks together (about 9 hours of browser Opus, 2 hours of 16 kHz WAV). */
  recordingBytes: 512 * 1024 * 1024,
  /**
   * How long the same file (by its SHA-256) uploaded again asks first: POST /session/upload_by_checksum
   * finds the caller's own upload of it from this long ago at most (docs/api.md "Sessions").
   */
  duplicateWindowHours: 24,
} as const;

/**
 * POST /session/upload_by_checksum: the caller's latest upload of a file with this checksum within
 * `AUDIO_UPLOAD_LIMITS.duplicateWindowHours`, whose session still exists, or null. Only the caller's own
 * uploads are ever looked at.
 */
export interface UploadMatch {
  sessionId: string;
  patientName: string;
  /** When the upload began (ISO 8601). */
  uploadedAt: string;
  /** Whether the server holds the whole file (false: an upload that was begun and not finished). */
  complete: boolean;
}

export interface UploadMatchResponse {
  upload: UploadMatch | null;
}
