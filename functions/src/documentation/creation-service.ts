import { PLAN_LIMIT_SESSION_ERROR_CODE } from '@charta/contract';
import { randomUUID } from 'node:crypto';
import { invalidArgument, notFound, unavailable } from '../http/errors.js';
import type { SessionLifecycle } from '../sessions/session-lifecycle.js';
import type { SessionRepo } from '../sessions/session-repo.js';
import type { SessionService } from '../sessions/session-service.js';
import { toContract as sessionToContract, type Session } from '../sessions/session.js';
import type { TemplateCatalog } from '../templates/template-catalog.js';
import { segmentsFromText, transcriptRecord } from '../transcripts/transcript.js';
import type { TranscriptRepo } from '../transcripts/transcript-repo.js';
import { toContract, type Documentation } from './documentation.js';
import { planLimitReached, UNLIMITED_DOCUMENTATION, type DocumentationQuota } from './documentation-quota.js';
import type { DocumentationRepo } from './documentation-repo.js';

/** What writes a session's note once it has a transcript: the pipeline (which imports documentation, not the reverse). */
export interface SessionProcessor {
  process(sessionId: string, runId: string): Promise<void>;
}

/**
 * POST /creation: documentation from typed or pasted text. The text becomes the session's transcript and
 * the same pipeline writes the note (in the request, so the answer carries it). If writing fails the
 * session stays, marked failed, and POST /session/process retries it.
 */
export class CreationService {
  constructor(
    private readonly sessionService: SessionService,
    private readonly sessions: SessionRepo,
    private readonly lifecycle: SessionLifecycle,
    private readonly transcripts: TranscriptRepo,
    private readonly docs: DocumentationRepo,
    private readonly templates: TemplateCatalog,
    private readonly pipeline: SessionProcessor,
    private readonly now: () => Date,
    private readonly quota: DocumentationQuota = UNLIMITED_DOCUMENTATION,
  ) {}

  async create(uid: string, input: { patientName: string; templateId: string; text: string; language?: string | undefined }): Promise<{ session: Session; documentation: Documentation }> {
    const segments = segmentsFromText(input.text);
    if (segments.length === 0) throw invalidArgument('text is required', 'text');
    if (!(await this.templates.find(uid, input.templateId))) throw invalidArgument('templateId is not a template you can use', 'templateId');
    // Refused before anything is stored: the typed text is still in the clinician's form.
    const refusal = await this.quota.refusalFor(uid);
    if (refusal) throw planLimitReached(refusal);
    const created = await this.sessionService.create(uid, { patientName: input.patientName, templateId: input.templateId, language: input.language });
    await this.sessions.runTransaction(async (tx) => {
      const session = await this.sessions.findOwned(uid, created.id, tx);
      if (!session) return;
      const now = this.now().toISOString();
      this.transcripts.save(tx, transcriptRecord({ session, sourceUploadId: null, language: session.language, durationSec: 0, engine: 'typed-text', segments, processingMs: 0, now }));
      // "uploaded": it has its content and waits for the pipeline, like a session whose audio is complete.
      this.lifecycle.textReceived(tx, session, { transcriptEngine: 'typed-text' });
    });
    await this.pipeline.process(created.id, `creation-${randomUUID()}`);
    const session = await this.sessions.findOwned(uid, created.id);
    // Deleted while its note was being written: the pipeline wrote nothing for it.
    if (!session) throw notFound('The session was deleted');
    const doc = session.documentationId ? await this.docs.find(session.documentationId) : null;
    // Another documentation took the month's last one meanwhile: the session is kept, held for later.
    if (!doc && session.error?.code === PLAN_LIMIT_SESSION_ERROR_CODE) throw planLimitReached(session.error.message);
    if (!doc) throw unavailable(session.error?.message ?? 'The documentation could not be written right now. The session is saved: retry it from the session page.');
    // Pasted text is the transcript its sentences are checked against.
    const transcript = await this.transcripts.find(session.id);
    return { session: sessionToContract(session), documentation: toContract(doc, transcript?.ownerUid === uid ? transcript.segments : []) };
  }
}
