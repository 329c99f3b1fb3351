import type { ProfileRepo } from '../profile/profile-repo.js';
import type { SessionLifecycle } from '../sessions/session-lifecycle.js';
import type { SessionRepo } from '../sessions/session-repo.js';
import type { SessionRecord } from '../sessions/session.js';
import type { TemplateDefinition } from '../templates/template-catalog.js';
import type { TranscriptRecord } from '../transcripts/transcript.js';
import type { DocumentationRecord } from './documentation.js';
import type { DocumentationRepo } from './documentation-repo.js';
import type { NoteWriter } from './note-writer.js';
import { replacedVersions } from './section-versions.js';
import { writtenDocumentation } from './written-documentation.js';

export interface NoteWritingDeps {
  docs: DocumentationRepo;
  sessions: SessionRepo;
  lifecycle: SessionLifecycle;
  profiles: ProfileRepo;
  writer: NoteWriter;
  now: () => Date;
}

export interface NoteWritten {
  documentation: DocumentationRecord;
  generateMs: number;
  promptTokens: number;
  outputTokens: number;
}

/**
 * Writing a session's note, the one way: the pipeline (audio, and text pasted into /creation) and
 * regenerate both come here. One model call writes every section of the template from the transcript; then
 * one transaction re-reads the session and the note it replaces, keeps the replaced sections' texts as
 * versions, saves the note and makes the session ready. `mayCommit` decides in that transaction whether
 * the writer may still write (the session is not deleted, this run still holds it, nobody changed the
 * note meanwhile): false writes nothing; it may throw to refuse with an error the caller answers.
 */
export class NoteWritingStep {
  constructor(private readonly d: NoteWritingDeps) {}

  async write(args: {
    session: SessionRecord;
    transcript: TranscriptRecord;
    template: TemplateDefinition;
    mayCommit: (current: SessionRecord | null, previous: DocumentationRecord | null) => current is SessionRecord;
  }): Promise<NoteWritten | null> {
    const { session, transcript, template } = args;
    const profile = await this.d.profiles.find(null, session.ownerUid);
    const started = Date.now();
    const written = await this.d.writer.writeNote({ language: session.language, specialty: profile?.specialty ?? '', segments: transcript.segments }, template.sections);
    const generateMs = Date.now() - started;

    const committed = await this.d.sessions.runTransaction(async (tx) => {
      const current = await this.d.sessions.find(session.id, tx);
      const previous = await this.d.docs.find(session.id, tx);
      if (!args.mayCommit(current, previous)) return null;
      const now = this.d.now().toISOString();
      const record = writtenDocumentation({ session: current, previous, template, written, transcribeMs: transcript.processingMs, generateMs, now });
      // The note it rewrites (new audio, a regenerate) keeps each replaced section's text as a version.
      this.d.docs.keepVersions(tx, replacedVersions(previous, record, 'regenerate_note', now));
      this.d.docs.save(tx, record);
      this.d.lifecycle.documented(tx, current, { templateId: template.id, documentationId: record.id, documentationEngine: record.engine });
      return { record, replacedSectionIds: previous?.sections.map((s) => s.id) ?? [] };
    });
    if (!committed) return null;
    // Keeps each section's versions under the cap; a failure here loses nothing and the next write prunes again.
    await this.d.docs.pruneVersions(committed.record.id, committed.replacedSectionIds).catch(() => undefined);
    return { documentation: committed.record, generateMs, promptTokens: written.usage.promptTokens, outputTokens: written.usage.outputTokens };
  }
}
