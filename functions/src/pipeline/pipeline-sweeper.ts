import { isPipelineStep } from '@charta/contract';
import type { Transaction } from 'firebase-admin/firestore';
import type { AudioUpload } from '../audio/audio-upload.js';
import type { UploadRepo } from '../audio/upload-repo.js';
import { logCode, logId, type Logger } from '../logging/logger.js';
import { logAbandonedUploadDeleted, logPipelineSwept, logSweepCompleted, logSweepItemFailed } from '../logging/log-events.js';
import type { SessionLifecycle } from '../sessions/session-lifecycle.js';
import type { SessionRepo } from '../sessions/session-repo.js';
import type { SessionRecord } from '../sessions/session.js';
import type { SessionFailure } from './pipeline-errors.js';
import type { StalledWorkQueries } from './stalled-work.js';

/**
 * What the sweeper does and when. It runs every 5 minutes (functions/src/index.ts), so a session whose run
 * was killed is resumed at most 5 minutes after its lease ends.
 */
export const SWEEP_POLICY = {
  /**
   * A session is handed back to the pipeline at most this many times; the next time its run stops, it is
   * failed. One stop is bad luck (an instance recycled, a deploy); three in a row is this session (audio
   * that cannot be processed within the trigger's time, say), and the clinician should hear so.
   */
  maxResumes: 2,
  /** `uploaded` waits only for the trigger, which takes seconds: this long means its event was lost. */
  uploadedStaleAfterMs: 10 * 60_000,
  /**
   * An upload untouched this long is abandoned: a recording whose browser never came back, or audio
   * uploaded and never made a session. Recordings send a chunk every few seconds and the web app keeps
   * unsent ones to retry, so a day of silence is not a pause; holding patient audio longer is the risk.
   */
  abandonedUploadAfterMs: 24 * 60 * 60_000,
  /** Items of each kind one sweep handles (oldest first); the rest wait for the next sweep. */
  batchSize: 100,
} as const;

/** What the clinician reads on a session failed for stopping too often. */
export const STALLED_FAILURE: SessionFailure = {
  code: 'processing_stalled',
  message: 'Processing stopped unexpectedly several times before it could finish. Press Retry to try again.',
};

export interface SweepReport {
  resumed: string[];
  failed: string[];
  uploadsDeleted: string[];
}

export interface PipelineSweeperDeps {
  sessions: SessionRepo;
  lifecycle: SessionLifecycle;
  uploads: UploadRepo;
  queries: StalledWorkQueries;
  /** The outbox the pipeline's trigger consumes: a resume event makes it run the session again. */
  outbox: { emitResumeRequest(tx: Transaction, event: { sessionId: string; ownerUid: string; attempt: number; createdAt: string }): void };
  /** Deletes an upload's stored bytes (chunks, joined audio) and its record: the audio feature's own deletion. */
  uploadDeletion: { deleteUpload(upload: AudioUpload): Promise<void> };
  logger: Logger;
  now: () => Date;
}

/**
 * Keeps the pipeline from sticking and uploads from lingering; the scheduled function runs `sweep()`.
 *
 * A session whose run was killed (timeout, crash, instance gone) keeps `transcribing` or `generating` with
 * a lease that ends; one whose audio-ready event was never consumed stays `uploaded`. Either is handed back
 * to the pipeline the way Retry does it (`uploaded`, a new event through the outbox) in one transaction
 * that re-reads the session, so a sweep racing another sweep, a live run or a deletion changes nothing it
 * should not. After SWEEP_POLICY.maxResumes hand-backs it is failed with a reason instead.
 */
export class PipelineSweeper {
  constructor(private readonly d: PipelineSweeperDeps) {}

  async sweep(): Promise<SweepReport> {
    const started = Date.now();
    const now = this.d.now();
    const report: SweepReport = { resumed: [], failed: [], uploadsDeleted: [] };
    const { batchSize } = SWEEP_POLICY;

    const [leaseEnded, neverPicked] = await Promise.all([
      this.d.queries.sessionsWithLeaseEndedBefore(now, batchSize),
      this.d.queries.sessionsUploadedBefore(new Date(now.getTime() - SWEEP_POLICY.uploadedStaleAfterMs), batchSize),
    ]);
    for (const sessionId of new Set([...leaseEnded, ...neverPicked])) {
      try {
        const outcome = await this.rescue(sessionId, now);
        if (outcome === 'resumed') report.resumed.push(sessionId);
        if (outcome === 'failed') report.failed.push(sessionId);
      } catch (err) {
        // One session's trouble does not stop the sweep; the next sweep tries it again.
        logSweepItemFailed(this.d.logger, { kind: 'session', id: logId(sessionId), errorName: logCode(err instanceof Error ? err.name : 'unknown') });
      }
    }

    const uploadCutoff = new Date(now.getTime() - SWEEP_POLICY.abandonedUploadAfterMs);
    for (const uploadId of await this.d.queries.uploadsAbandonedBefore(uploadCutoff, batchSize)) {
      try {
        if (await this.discard(uploadId, uploadCutoff, now)) report.uploadsDeleted.push(uploadId);
      } catch (err) {
        logSweepItemFailed(this.d.logger, { kind: 'upload', id: logId(uploadId), errorName: logCode(err instanceof Error ? err.name : 'unknown') });
      }
    }

    logSweepCompleted(this.d.logger, { resumed: report.resumed.length, failed: report.failed.length, uploadsDeleted: report.uploadsDeleted.length, durationMs: Date.now() - started });
    return report;
  }

  /** Hands a stalled session back to the pipeline, or fails it; nothing if it is not stalled (any more). */
  private async rescue(sessionId: string, now: Date): Promise<'resumed' | 'failed' | 'skipped'> {
    const result = await this.d.sessions.runTransaction(async (tx) => {
      const session = await this.d.sessions.find(sessionId, tx);
      if (!session || !isStalled(session, now)) return null;
      const resumes = session.processingResumes ?? 0;
      if (resumes >= SWEEP_POLICY.maxResumes) {
        // Back to zero: the clinician's Retry starts the session afresh, with the sweeper's help again.
        this.d.lifecycle.stalled(tx, session, STALLED_FAILURE);
        return { session, outcome: 'failed' as const, resumes };
      }
      // Like Retry: `uploaded` and a new event. A run that is somehow still going no longer holds the session
      // (its id is cleared), so whatever it writes is dropped by the pipeline's own checks.
      const resumed = this.d.lifecycle.resumed(tx, session);
      this.d.outbox.emitResumeRequest(tx, { sessionId, ownerUid: session.ownerUid, attempt: resumes + 1, createdAt: resumed.updatedAt });
      return { session, outcome: 'resumed' as const, resumes: resumes + 1 };
    });
    if (!result) return 'skipped';
    logPipelineSwept(this.d.logger, {
      sessionId: logId(sessionId),
      uid: logId(result.session.ownerUid),
      outcome: result.outcome,
      from: logCode(result.session.status),
      resumes: result.resumes,
    });
    return result.outcome;
  }

  /**
   * Deletes an abandoned upload: its record in a transaction that re-checks it is still abandoned (a chunk
   * or an attach that got there first wins, and the upload stays), then its stored bytes.
   */
  private async discard(uploadId: string, cutoff: Date, now: Date): Promise<boolean> {
    const upload = await this.d.uploads.runTransaction(async (tx) => {
      const current = await this.d.uploads.find(uploadId, tx);
      if (!current || !isAbandoned(current, cutoff)) return null;
      this.d.queries.deleteUploadRecord(tx, uploadId);
      return current;
    });
    if (!upload) return false;
    await this.d.uploadDeletion.deleteUpload(upload);
    logAbandonedUploadDeleted(this.d.logger, {
      uid: logId(upload.ownerUid),
      uploadId: logId(uploadId),
      status: logCode(upload.status),
      idleHours: Math.round((now.getTime() - Date.parse(upload.updatedAt)) / 3_600_000),
    });
    return true;
  }
}

/** The pipeline owes the session work and nothing is doing it: its run's lease ended, or its event was never picked up. */
export function isStalled(session: Pick<SessionRecord, 'status' | 'processingLeaseUntil' | 'updatedAt'>, now: Date): boolean {
  if (isPipelineStep(session.status)) return !!session.processingLeaseUntil && Date.parse(session.processingLeaseUntil) <= now.getTime();
  if (session.status === 'uploaded') return Date.parse(session.updatedAt) <= now.getTime() - SWEEP_POLICY.uploadedStaleAfterMs;
  return false;
}

/** Nothing will finish or use the upload: untouched since `cutoff`, and still receiving or complete without a session. */
export function isAbandoned(upload: Pick<AudioUpload, 'status' | 'sessionId' | 'updatedAt'>, cutoff: Date): boolean {
  return Date.parse(upload.updatedAt) < cutoff.getTime() && (upload.status === 'receiving' || upload.sessionId === null);
}
