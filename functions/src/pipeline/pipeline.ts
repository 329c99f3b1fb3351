import { randomUUID } from 'node:crypto';
import type { UploadRepo } from '../audio/upload-repo.js';
import { PLAN_LIMIT_SESSION_ERROR_CODE } from '@charta/contract';
import { UNLIMITED_DOCUMENTATION, type DocumentationQuota } from '../documentation/documentation-quota.js';
import type { DocumentationRepo } from '../documentation/documentation-repo.js';
import type { NoteWritingStep } from '../documentation/note-writing-step.js';
import { logCode, logId, type Logger } from '../logging/logger.js';
import { logPipelineFailed, logPipelineSkipped, logPipelineStep } from '../logging/log-events.js';
import type { SessionLifecycle } from '../sessions/session-lifecycle.js';
import type { SessionRepo } from '../sessions/session-repo.js';
import { isBeingProcessed, type SessionRecord } from '../sessions/session.js';
import type { TemplateCatalog } from '../templates/template-catalog.js';
import { transcriptRecord } from '../transcripts/transcript.js';
import type { TranscriptRepo } from '../transcripts/transcript-repo.js';
import type { Transaction } from 'firebase-admin/firestore';
import type { WindowTranscription } from '../transcription/window-transcription.js';
import { describeFailure, PipelineFailure, windowFailure, type SessionFailure } from './pipeline-errors.js';

/**
 * A window of the recording in progress being finished holds its upload for seconds: a run looks again this
 * often, for this long at most. Often, because this wait is between Stop and the note (a look is one
 * transaction).
 */
const BUSY_WAIT_MS = 250;
const BUSY_WAITS = 40;

type Step = 'transcribing' | 'generating';

export interface PipelineDeps {
  sessions: SessionRepo;
  lifecycle: SessionLifecycle;
  uploads: UploadRepo;
  transcripts: TranscriptRepo;
  documentation: DocumentationRepo;
  templates: TemplateCatalog;
  /** Transcription window by window (what was transcribed while recording is kept). */
  windows: Pick<WindowTranscription, 'transcribeAll' | 'forget'>;
  /** A run's time for windows (PIPELINE_RUN_BUDGET_MS): past it the run hands its step to the next one. */
  runBudgetMs: number;
  /** Where a run hands its unfinished step on: an event the trigger consumes like "audio ready". */
  outbox: { emitContinueRequest(tx: Transaction, event: { sessionId: string; ownerUid: string; createdAt: string }): void };
  noteWriting: NoteWritingStep;
  /** The plan's monthly limit: past it a session stops at its transcript (`plan_limit_reached`), kept for later. */
  quota?: DocumentationQuota;
  /**
   * Told when a run has made the note (retention: audio and transcript kept only "until the note is ready"
   * go now). Its failure never fails the session: the daily retention sweep deletes what it left.
   */
  noteReady?: (sessionId: string) => Promise<void>;
  logger: Logger;
  now: () => Date;
}

/**
 * From complete audio to documentation: `uploaded → transcribing → generating → ready`, or `failed` with a
 * readable reason. Each transition happens in a Firestore transaction that also takes (or checks) the
 * run's lease, so a duplicated or retried event finds the work claimed or done and returns. Finished steps
 * are never repeated: a stored transcript is reused, an existing documentation is kept.
 */
export class Pipeline {
  constructor(private readonly d: PipelineDeps) {}

  async process(sessionId: string, runId: string = randomUUID()): Promise<void> {
    let step = await this.claim(sessionId, runId);
    if (!step) return;
    let session = step.session;
    /** The upload whose transcript this run stored: what it was made from is tidied after the note. */
    let transcribed: string | null = null;
    try {
      if (step.next === 'transcribing') {
        const outcome = await this.transcribe(session, runId);
        if (outcome === 'handed_over') {
          await this.handOver(sessionId, runId);
          return;
        }
        // Deleted, or taken over by another run, meanwhile: what it left is not this run's.
        if (outcome === 'lost') return;
        transcribed = outcome.uploadId;
        const advanced = await this.advance(sessionId, runId, 'generating');
        if (!advanced) return;
        session = advanced;
      }
      step = { next: 'generating', session };
      await this.generate(session, runId);
      await this.d.noteReady?.(sessionId).catch(() => undefined);
    } catch (err) {
      const failure = describeFailure(step.next, err);
      logPipelineFailed(this.d.logger, {
        sessionId: logId(sessionId),
        uid: logId(session.ownerUid),
        step: logCode(step.next),
        code: logCode(failure.code),
        errorName: logCode(err instanceof Error ? err.name : 'unknown'),
      });
      await this.fail(sessionId, runId, failure);
    } finally {
      if (transcribed) await this.tidyAfterTranscript(transcribed);
    }
  }

  /**
   * The windows held the transcript's text until it was stored, and the chunk records served the live windows:
   * neither is kept. Done after the note (or the run's failure), not before it: an hour's recording leaves
   * 1,800 chunk records and 300 windows, whose deletion took seconds between Stop and the note on a 2-core
   * machine. Never fails the run: what is left goes with the upload (its record is deleted with what is under it).
   */
  private async tidyAfterTranscript(uploadId: string): Promise<void> {
    await Promise.all([this.d.windows.forget(uploadId), this.d.uploads.deleteChunkRecords(uploadId)]).catch(() => undefined);
  }

  /** Takes the session for this run if there is work and nobody else holds it. */
  private async claim(sessionId: string, runId: string): Promise<{ next: Step; session: SessionRecord } | null> {
    const result = await this.d.sessions.runTransaction(async (tx): Promise<{ skip: string } | { next: Step; session: SessionRecord }> => {
      const session = await this.d.sessions.find(sessionId, tx);
      if (!session) return { skip: 'session deleted' };
      const now = this.d.now();
      if (session.status === 'draft') return { skip: 'no audio yet' };
      if (session.status === 'ready') return { skip: 'already ready' };
      if (isBeingProcessed(session, now)) {
        return { skip: 'another run holds it' };
      }
      const transcript = await this.d.transcripts.find(sessionId, tx);
      const next: Step = transcript && transcript.sourceUploadId === session.audioUploadId ? 'generating' : 'transcribing';
      return { next, session: this.d.lifecycle.stepClaimed(tx, session, next, runId) };
    });
    if ('skip' in result) {
      logPipelineSkipped(this.d.logger, { sessionId: logId(sessionId), reason: logCode(result.skip) });
      return null;
    }
    return result;
  }

  /** Moves a session this run still holds to its next step, or to ready; null if the run lost it (deleted, taken over). */
  private async advance(sessionId: string, runId: string, to: 'generating' | { documentationId: string }): Promise<SessionRecord | null> {
    return this.d.sessions.runTransaction(async (tx) => {
      const session = await this.d.sessions.find(sessionId, tx);
      if (!session || session.processingRunId !== runId) return null;
      return to === 'generating' ? this.d.lifecycle.stepClaimed(tx, session, 'generating', runId) : this.d.lifecycle.documented(tx, session, to);
    });
  }

  private async fail(sessionId: string, runId: string, failure: SessionFailure): Promise<void> {
    await this.d.sessions.runTransaction(async (tx) => {
      const session = await this.d.sessions.find(sessionId, tx);
      if (!session || session.processingRunId !== runId) return;
      this.d.lifecycle.failed(tx, session, failure);
    });
  }

  /**
   * The transcript, window by window (transcription/window-transcription.ts): what was transcribed while
   * the clinician recorded is kept, the rest is transcribed now, within this run's time. 'handed_over' when
   * time ran out first: the next run goes on from the first window missing.
   */
  private async transcribe(session: SessionRecord, runId: string): Promise<{ uploadId: string } | 'handed_over' | 'lost'> {
    const upload = session.audioUploadId ? await this.d.uploads.find(session.audioUploadId) : null;
    if (!upload || upload.status !== 'complete' || !upload.audioPath || !upload.format) {
      throw new PipelineFailure({ code: 'audio_missing', message: 'The session has no complete audio. Upload or record it again.' });
    }
    const started = Date.now();
    const deadline = started + this.d.runBudgetMs;
    let outcome = await this.d.windows.transcribeAll(upload, session.language, { holder: runId, deadline });
    // A window of the recording in progress is still being finished (seconds): wait for it a little.
    let waits = 0;
    for (; outcome.kind === 'busy' && waits < BUSY_WAITS; waits++) {
      await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS));
      outcome = await this.d.windows.transcribeAll(upload, session.language, { holder: runId, deadline });
    }
    if (outcome.kind === 'busy' || outcome.kind === 'unfinished') return 'handed_over';
    if (outcome.kind === 'failed') throw new PipelineFailure(windowFailure(outcome.window, outcome.error));
    if (outcome.segments.length === 0) {
      throw new PipelineFailure({ code: 'no_speech', message: 'No speech was recognised in the audio. Check the recording and upload it again.' });
    }
    const record = transcriptRecord({
      session,
      sourceUploadId: upload.uploadId,
      language: session.language,
      durationSec: upload.durationSec ?? (outcome.segments.at(-1)?.endMs ?? 0) / 1000,
      engine: outcome.engine,
      segments: outcome.segments,
      processingMs: outcome.processingMs,
      now: this.d.now().toISOString(),
    });
    const saved = await this.d.sessions.runTransaction(async (tx) => {
      const current = await this.d.sessions.find(session.id, tx);
      if (!current || current.processingRunId !== runId) return false;
      this.d.transcripts.save(tx, record);
      this.d.sessions.save(tx, { ...current, transcriptEngine: record.engine });
      return true;
    });
    logPipelineStep(this.d.logger, {
      sessionId: logId(session.id),
      uid: logId(session.ownerUid),
      step: 'transcribe',
      durationMs: Date.now() - started,
      busyWaitMs: waits * BUSY_WAIT_MS,
      segments: record.segments.length,
    });
    return saved ? { uploadId: upload.uploadId } : 'lost';
  }

  /** This run's time is up before its step is done: the next run (through the outbox) goes on from there. */
  private async handOver(sessionId: string, runId: string): Promise<void> {
    await this.d.sessions.runTransaction(async (tx) => {
      const session = await this.d.sessions.find(sessionId, tx);
      if (!session || session.processingRunId !== runId) return;
      const handed = this.d.lifecycle.handedOver(tx, session);
      this.d.outbox.emitContinueRequest(tx, { sessionId, ownerUid: session.ownerUid, createdAt: handed.updatedAt });
    });
    logPipelineSkipped(this.d.logger, { sessionId: logId(sessionId), reason: logCode('handed over to the next run') });
  }

  private async generate(session: SessionRecord, runId: string): Promise<void> {
    const existing = await this.d.documentation.find(session.id);
    if (existing && existing.sourceUploadId === session.audioUploadId) {
      // Written by an earlier run that stopped before marking the session ready: finish, do not rewrite.
      await this.advance(session.id, runId, { documentationId: existing.id });
      return;
    }
    const transcript = await this.d.transcripts.find(session.id);
    if (!transcript) throw new PipelineFailure({ code: 'transcript_missing', message: 'The transcript is missing. Press Retry to transcribe again.' });
    const template = await this.d.templates.find(session.ownerUid, session.templateId);
    if (!template) {
      throw new PipelineFailure({ code: 'template_missing', message: 'The session\'s template no longer exists. Choose another template, then press Retry.' });
    }
    // A session's first documentation counts against the plan (new audio rewrites the one it has: counted once).
    if (!existing) {
      const refusal = await (this.d.quota ?? UNLIMITED_DOCUMENTATION).refusalFor(session.ownerUid);
      if (refusal) throw new PipelineFailure({ code: PLAN_LIMIT_SESSION_ERROR_CODE, message: refusal });
    }
    // Written only while this run still holds the session (not deleted, not taken over by another run).
    const written = await this.d.noteWriting.write({ session, transcript, template, mayCommit: (current): current is SessionRecord => current?.processingRunId === runId });
    if (!written) return;
    logPipelineStep(this.d.logger, { sessionId: logId(session.id), uid: logId(session.ownerUid), step: 'generate', durationMs: written.generateMs, promptTokens: written.promptTokens, outputTokens: written.outputTokens });
  }
}
