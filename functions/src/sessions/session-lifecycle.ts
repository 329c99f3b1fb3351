import { acceptsNewAudio, isPipelineStep, isProcessing, PIPELINE_TIMING, type PipelineStep, type SessionStatus } from '@charta/contract';
import type { Transaction } from 'firebase-admin/firestore';
import type { SessionRepo } from './session-repo.js';
import type { LifecycleField, SessionRecord } from './session.js';

/**
 * A session's life, in one place: its states (`draft → uploaded → transcribing → generating → ready`, or
 * `failed`) and every transition between them, named. Each transition is written in the caller's Firestore
 * transaction (which read the session it passes in), so a transition and what goes with it (an outbox
 * event, a transcript, a note) commit together or not at all.
 *
 * Nothing else writes a session's status or its run's claim: SessionRepo.save() leaves those fields as they
 * are stored, only SessionRepo.saveTransition() writes them, and `npm run check`
 * (scripts/check-session-lifecycle.mjs) fails when any file but this one calls it.
 */

/** A failure the clinician sees on the session: a stable code and a sentence that says what to do. */
export interface SessionFailure {
  code: string;
  message: string;
}

/** A run holds its claim on a session this long; a crashed run's claim then expires and the sweeper or a retry resumes. */
const LEASE_MS = PIPELINE_TIMING.stepLeaseMs;

/**
 * A run that hands its work on to the next run (a long recording's transcription, done over several runs)
 * leaves this long for the next one to start: if its event is lost, the sweeper finds the lease ended.
 */
export const HANDOVER_GRACE_MS = 3 * 60_000;

/** A transition asked of a session in a state it does not leave that way: a programming error, never a user's. */
export class IllegalTransition extends Error {
  override readonly name = 'IllegalTransition';
  constructor(transition: string, from: SessionStatus) {
    super(`${transition} cannot happen to a session that is ${from}`);
  }
}

function requireFrom(transition: string, session: SessionRecord, allowed: (status: SessionStatus) => boolean): void {
  if (!allowed(session.status)) throw new IllegalTransition(transition, session.status);
}

/** Being processed (waiting for a run, or in a step), or failed: where a run or a retry may take it. */
const processingOrFailed = (status: SessionStatus) => isProcessing(status) || status === 'failed';

/** Details written with a transition (never the lifecycle's own fields, which the transition sets). */
type Details = Partial<Omit<SessionRecord, LifecycleField | 'id' | 'ownerUid'>>;

export class SessionLifecycle {
  constructor(
    private readonly sessions: SessionRepo,
    private readonly now: () => Date,
  ) {}

  private write(tx: Transaction, session: SessionRecord, status: SessionStatus, fields: Partial<SessionRecord>): SessionRecord {
    const next: SessionRecord = { ...session, ...fields, status, updatedAt: this.now().toISOString() };
    this.sessions.saveTransition(tx, next);
    return next;
  }

  /** A new session, waiting for its audio or text. */
  created(tx: Transaction, record: Omit<SessionRecord, LifecycleField>): SessionRecord {
    const next: SessionRecord = { ...record, status: 'draft', error: null };
    this.sessions.saveTransition(tx, next);
    return next;
  }

  /** Complete audio arrived (created with it, attached later, or an upload for it completed): processing is due. */
  audioAttached(tx: Transaction, session: SessionRecord, audio: Pick<SessionRecord, 'audio_uri' | 'audioDurationSec' | 'audioUploadId'>): SessionRecord {
    requireFrom('audioAttached', session, acceptsNewAudio);
    return this.write(tx, session, 'uploaded', { ...audio, error: null });
  }

  /** Typed or pasted text became the session's transcript (POST /creation): the note is due. */
  textReceived(tx: Transaction, session: SessionRecord, details: Details): SessionRecord {
    requireFrom('textReceived', session, (status) => status === 'draft');
    return this.write(tx, session, 'uploaded', { ...details, error: null });
  }

  /** The clinician asked to process again (POST /session/process) after a failure. */
  retryRequested(tx: Transaction, session: SessionRecord): SessionRecord {
    requireFrom('retryRequested', session, processingOrFailed);
    return this.write(tx, session, 'uploaded', { error: null });
  }

  /** A pipeline run takes the session for one step, holding it until its lease ends. */
  stepClaimed(tx: Transaction, session: SessionRecord, step: PipelineStep, runId: string): SessionRecord {
    requireFrom('stepClaimed', session, processingOrFailed);
    const now = this.now();
    return this.write(tx, session, step, { error: null, processingRunId: runId, processingLeaseUntil: new Date(now.getTime() + LEASE_MS).toISOString() });
  }

  /**
   * The run stops, its step unfinished, for the next run to go on (a long recording's windows, over several
   * runs of the trigger's time): nobody holds the session, and the sweeper resumes it if no run starts.
   */
  handedOver(tx: Transaction, session: SessionRecord): SessionRecord {
    requireFrom('handedOver', session, isPipelineStep);
    const now = this.now();
    return this.write(tx, session, session.status, { processingRunId: null, processingLeaseUntil: new Date(now.getTime() + HANDOVER_GRACE_MS).toISOString() });
  }

  /** The note is written (by the pipeline, or a regenerate): the session is ready. */
  documented(tx: Transaction, session: SessionRecord, details: Details): SessionRecord {
    requireFrom('documented', session, (status) => status !== 'draft');
    return this.write(tx, session, 'ready', { ...details, ...this.retentionClock(session), error: null, processingRunId: null, processingLeaseUntil: null });
  }

  /**
   * The first time the note is ready, retention's clock starts for the audio and the transcript (docs/privacy.md
   * "Retention"): until then the audio may still be needed to make the note. A later regenerate keeps it.
   */
  private retentionClock(session: SessionRecord): Pick<SessionRecord, 'readyAt' | 'audioHeldSince' | 'transcriptHeldSince'> {
    if (session.readyAt) return {};
    const readyAt = this.now().toISOString();
    const deleted = session.deletedByRetention;
    return {
      readyAt,
      ...(session.audioUploadId && !deleted?.audio ? { audioHeldSince: readyAt } : {}),
      ...(!deleted?.transcript ? { transcriptHeldSince: readyAt } : {}),
    };
  }

  /** The pipeline could not go on: the session says why, and Retry starts again. */
  failed(tx: Transaction, session: SessionRecord, failure: SessionFailure): SessionRecord {
    requireFrom('failed', session, isProcessing);
    return this.write(tx, session, 'failed', { error: failure, processingRunId: null, processingLeaseUntil: null });
  }

  /** The sweeper hands a stopped run's session back to the pipeline (as Retry does). */
  resumed(tx: Transaction, session: SessionRecord): SessionRecord {
    requireFrom('resumed', session, isProcessing);
    return this.write(tx, session, 'uploaded', { error: null, processingRunId: null, processingLeaseUntil: null, processingResumes: (session.processingResumes ?? 0) + 1 });
  }

  /** The sweeper gives up on a session whose runs kept stopping; the count starts again for the clinician's Retry. */
  stalled(tx: Transaction, session: SessionRecord, failure: SessionFailure): SessionRecord {
    requireFrom('stalled', session, isProcessing);
    return this.write(tx, session, 'failed', { error: failure, processingRunId: null, processingLeaseUntil: null, processingResumes: 0 });
  }
}
