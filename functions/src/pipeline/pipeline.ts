import { randomUUID } from 'node:crypto';
import { PIPELINE_TIMING } from '@charta/contract';
import type { Transcriber } from '../ai/transcriber.js';
import type { UploadRepo } from '../audio/upload-repo.js';
import { PLAN_LIMIT_SESSION_ERROR_CODE } from '@charta/contract';
import { UNLIMITED_DOCUMENTATION, type DocumentationQuota } from '../documentation/documentation-quota.js';
import { writtenDocumentation } from '../documentation/written-documentation.js';
import { replacedVersions } from '../documentation/section-versions.js';
import type { DocumentationRepo } from '../documentation/documentation-repo.js';
import type { NoteWriter } from '../documentation/note-writer.js';
import { logCode, logId, type Logger } from '../logging/logger.js';
import { logPipelineFailed, logPipelineSkipped, logPipelineStep } from '../logging/log-events.js';
import type { ProfileRepo } from '../profile/profile-repo.js';
import type { SessionRepo } from '../sessions/session-repo.js';
import { isBeingProcessed, type SessionRecord } from '../sessions/session.js';
import type { AudioStore } from '../storage/audio-store.js';
import type { TemplateCatalog } from '../templates/template-catalog.js';
import { fullText, type TranscriptRecord } from '../transcripts/transcript.js';
import type { TranscriptRepo } from '../transcripts/transcript-repo.js';
import { describeFailure, PipelineFailure } from './pipeline-errors.js';

/** A run holds its claim on a session this long; a crashed run's claim then expires and the sweeper or a retry resumes. */
const LEASE_MS = PIPELINE_TIMING.stepLeaseMs;

type Step = 'transcribing' | 'generating';

export interface PipelineDeps {
  sessions: SessionRepo;
  uploads: UploadRepo;
  transcripts: TranscriptRepo;
  documentation: DocumentationRepo;
  profiles: ProfileRepo;
  templates: TemplateCatalog;
  store: AudioStore;
  transcriber: Transcriber;
  writer: NoteWriter;
  /** The plan's monthly limit: past it a session stops at its transcript (`plan_limit_reached`), kept for later. */
  quota?: DocumentationQuota;
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
    try {
      if (step.next === 'transcribing') {
        await this.transcribe(session, runId);
        const advanced = await this.advance(sessionId, runId, 'generating');
        if (!advanced) return;
        session = advanced;
      }
      step = { next: 'generating', session };
      await this.generate(session, runId);
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
    }
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
      const claimed: SessionRecord = {
        ...session,
        status: next,
        error: null,
        processingRunId: runId,
        processingLeaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
        updatedAt: now.toISOString(),
      };
      this.d.sessions.save(tx, claimed);
      return { next, session: claimed };
    });
    if ('skip' in result) {
      logPipelineSkipped(this.d.logger, { sessionId: logId(sessionId), reason: logCode(result.skip) });
      return null;
    }
    return result;
  }

  /** Moves a session this run still holds to its next state; null if the run lost it (deleted, taken over). */
  private async advance(sessionId: string, runId: string, status: Step | 'ready', changes: Partial<SessionRecord> = {}): Promise<SessionRecord | null> {
    return this.d.sessions.runTransaction(async (tx) => {
      const session = await this.d.sessions.find(sessionId, tx);
      if (!session || session.processingRunId !== runId) return null;
      const now = this.d.now();
      const next: SessionRecord = {
        ...session,
        ...changes,
        status,
        error: null,
        processingRunId: status === 'ready' ? null : runId,
        processingLeaseUntil: status === 'ready' ? null : new Date(now.getTime() + LEASE_MS).toISOString(),
        updatedAt: now.toISOString(),
      };
      this.d.sessions.save(tx, next);
      return next;
    });
  }

  private async fail(sessionId: string, runId: string, failure: { code: string; message: string }): Promise<void> {
    await this.d.sessions.runTransaction(async (tx) => {
      const session = await this.d.sessions.find(sessionId, tx);
      if (!session || session.processingRunId !== runId) return;
      this.d.sessions.save(tx, { ...session, status: 'failed', error: failure, processingRunId: null, processingLeaseUntil: null, updatedAt: this.d.now().toISOString() });
    });
  }

  private async transcribe(session: SessionRecord, runId: string): Promise<void> {
    const upload = session.audioUploadId ? await this.d.uploads.find(session.audioUploadId) : null;
    if (!upload || upload.status !== 'complete' || !upload.audioPath || !upload.format) {
      throw new PipelineFailure({ code: 'audio_missing', message: 'The session has no complete audio. Upload or record it again.' });
    }
    const started = Date.now();
    const uri = this.d.store.uriFor(upload.audioPath);
    // Cloud Storage audio is read by the recognizer itself; local audio is sent inline.
    const readable = uri.startsWith('gs://');
    const content = readable ? null : await this.d.store.readRange(upload.audioPath, 0, upload.sizeBytes ?? Number.MAX_SAFE_INTEGER);
    const recognized = await this.d.transcriber.transcribe({
      uri: readable ? uri : null,
      content,
      container: upload.format.container,
      language: session.language,
      durationSec: upload.durationSec,
    });
    if (recognized.segments.length === 0) {
      throw new PipelineFailure({ code: 'no_speech', message: 'No speech was recognised in the audio. Check the recording and upload it again.' });
    }
    const segments = recognized.segments.map((s, i) => ({ id: `seg-${i + 1}`, ...s }));
    const record: TranscriptRecord = {
      sessionId: session.id,
      ownerUid: session.ownerUid,
      sourceUploadId: upload.uploadId,
      language: recognized.language,
      durationSec: recognized.durationSec,
      engine: recognized.engine,
      text: fullText(segments),
      segments,
      processingMs: Date.now() - started,
      createdAt: this.d.now().toISOString(),
    };
    await this.d.sessions.runTransaction(async (tx) => {
      const current = await this.d.sessions.find(session.id, tx);
      if (!current || current.processingRunId !== runId) return;
      this.d.transcripts.save(tx, record);
      this.d.sessions.save(tx, { ...current, transcriptEngine: record.engine });
    });
    logPipelineStep(this.d.logger, { sessionId: logId(session.id), uid: logId(session.ownerUid), step: 'transcribe', durationMs: Date.now() - started, segments: segments.length });
  }

  private async generate(session: SessionRecord, runId: string): Promise<void> {
    const existing = await this.d.documentation.find(session.id);
    if (existing && existing.sourceUploadId === session.audioUploadId) {
      // Written by an earlier run that stopped before marking the session ready: finish, do not rewrite.
      await this.advance(session.id, runId, 'ready', { documentationId: existing.id });
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
    const profile = await this.d.profiles.find(null, session.ownerUid);
    const started = Date.now();
    const written = await this.d.writer.writeNote({ language: session.language, specialty: profile?.specialty ?? '', segments: transcript.segments }, template.sections);
    const generateMs = Date.now() - started;

    await this.d.sessions.runTransaction(async (tx) => {
      const current = await this.d.sessions.find(session.id, tx);
      if (!current || current.processingRunId !== runId) return;
      const previous = await this.d.documentation.find(session.id, tx);
      const now = this.d.now().toISOString();
      const record = writtenDocumentation({ session, previous, template, written, transcribeMs: transcript.processingMs, generateMs, now });
      this.d.documentation.save(tx, record);
      // New audio rewrites the note: the text it replaces is kept as each section's version.
      this.d.documentation.keepVersions(tx, replacedVersions(previous, record, 'regenerate_note', now));
      this.d.sessions.save(tx, { ...current, status: 'ready', error: null, documentationId: record.id, documentationEngine: record.engine, processingRunId: null, processingLeaseUntil: null, updatedAt: now });
    });
    logPipelineStep(this.d.logger, { sessionId: logId(session.id), uid: logId(session.ownerUid), step: 'generate', durationMs: generateMs, promptTokens: written.usage.promptTokens, outputTokens: written.usage.outputTokens });
  }
}
