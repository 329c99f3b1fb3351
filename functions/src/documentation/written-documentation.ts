import type { SessionRecord } from '../sessions/session.js';
import type { TemplateDefinition } from '../templates/template-catalog.js';
import type { SectionSource } from '@charta/contract';
import { keptConfirmations } from '../evidence/confirmations.js';
import { engineLabel, type DocumentationRecord, type SectionSpec, type StoredSection } from './documentation.js';
import type { WriteResult, WrittenSection } from './note-writer.js';

/**
 * The sections of a freshly written note. A fact the clinician confirmed in the note it replaces stays
 * confirmed where the new text has the very same sentence (it is the same fact in the same words).
 */
export function toSections(specs: readonly SectionSpec[], written: readonly WrittenSection[], now: string, source: SectionSource = 'generated', previous: readonly StoredSection[] = []): StoredSection[] {
  return specs.map((spec, i) => {
    const content = written[i]?.content ?? '';
    const confirmedFacts = keptConfirmations(previous.find((s) => s.id === spec.id)?.confirmedFacts, content);
    return { id: spec.id, title: spec.title, content, evidence: written[i]?.evidence ?? [], updatedAt: now, source, ...(confirmedFacts.length > 0 ? { confirmedFacts } : {}) };
  });
}

/**
 * The documentation record for a freshly written note: the session's one documentation (its id is the
 * session's), one version up from the previous one if any, counted in the monthly counter only the first
 * time. Used by the pipeline and by regeneration alike.
 */
export function writtenDocumentation(args: {
  session: Pick<SessionRecord, 'id' | 'ownerUid' | 'audioUploadId'>;
  previous: DocumentationRecord | null;
  template: TemplateDefinition;
  written: WriteResult<WrittenSection[]>;
  transcribeMs: number | null;
  generateMs: number;
  now: string;
  /** Who wrote it: `generated` the first time, `regenerate_note` when it is written again. */
  source?: SectionSource;
}): DocumentationRecord {
  const { session, previous, template, written, now } = args;
  return {
    id: session.id,
    sessionId: session.id,
    ownerUid: session.ownerUid,
    templateId: template.id,
    templateSections: template.sections,
    counter: (previous?.counter ?? 0) + 1,
    model: written.model,
    promptVersion: written.promptVersion,
    engine: engineLabel(written.model, written.promptVersion),
    sourceUploadId: session.audioUploadId,
    metrics: { transcribeMs: args.transcribeMs, generateMs: args.generateMs, modelCalls: 1, promptTokens: written.usage.promptTokens, outputTokens: written.usage.outputTokens },
    createdAt: previous?.createdAt ?? now,
    updatedAt: now,
    // Counted once per session, however often it is regenerated.
    generatedAt: previous?.generatedAt ?? now,
    sections: toSections(template.sections, written.value, now, args.source ?? (args.previous ? 'regenerate_note' : 'generated'), previous?.sections),
  };
}
