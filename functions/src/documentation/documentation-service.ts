import { NOTE_PROPOSAL_CHANGES, retentionDeletionLabel, type DocumentationProposal, type ProposalChange } from '@charta/contract';
import { conflict, deletedByRetention, invalidArgument, notFound, replacesEditedText } from '../http/errors.js';
import { planLimitReached, UNLIMITED_DOCUMENTATION, type DocumentationQuota } from './documentation-quota.js';
import type { ProfileRepo } from '../profile/profile-repo.js';
import type { SessionRepo } from '../sessions/session-repo.js';
import { isBeingProcessed, toContract as sessionToContract, type Session, type SessionRecord } from '../sessions/session.js';
import type { TemplateCatalog } from '../templates/template-catalog.js';
import type { TranscriptRecord } from '../transcripts/transcript.js';
import type { TranscriptRepo } from '../transcripts/transcript-repo.js';
import { checkSection } from '../evidence/check.js';
import { keptConfirmations, sentenceKey } from '../evidence/confirmations.js';
import { sectionToContract, toContract, type Documentation, type DocumentationRecord, type DocumentationSection, type Evidence, type StoredSection } from './documentation.js';
import type { DocumentationRepo } from './documentation-repo.js';
import { keepKnownEvidence, type NoteWriter } from './note-writer.js';
import { sectionProposal, type AuthoredText } from './proposals.js';
import type { NoteWritingStep } from './note-writing-step.js';
import { isClinicianText, replacedVersions, versionToContract, type SectionChange, type SectionVersion } from './section-versions.js';

/**
 * Reading and editing documentation. Every change bumps `counter`; a caller that sends the counter it
 * last saw gets 409 if someone changed the note since, and changes made while a model call was running
 * are never overwritten (the write checks the counter the edit started from).
 */
export class DocumentationService {
  constructor(
    private readonly docs: DocumentationRepo,
    private readonly sessions: SessionRepo,
    private readonly noteWriting: NoteWritingStep,
    private readonly transcripts: TranscriptRepo,
    private readonly profiles: ProfileRepo,
    private readonly templates: TemplateCatalog,
    private readonly writer: NoteWriter,
    private readonly now: () => Date,
    private readonly quota: DocumentationQuota = UNLIMITED_DOCUMENTATION,
  ) {}

  async bySession(uid: string, sessionId: string): Promise<Documentation> {
    const session = await this.ownedSession(uid, sessionId);
    const doc = session.documentationId ? await this.docs.find(session.documentationId) : null;
    if (!doc || doc.ownerUid !== uid) throw conflict(`The documentation is not written yet (the session is ${session.status})`);
    return toContract(doc, await this.segmentsOf(doc));
  }

  async byId(uid: string, documentationId: string): Promise<Documentation> {
    const doc = await this.ownedDoc(uid, documentationId);
    return toContract(doc, await this.segmentsOf(doc));
  }

  async transcriptOf(uid: string, sessionId: string): Promise<TranscriptRecord> {
    const session = await this.ownedSession(uid, sessionId);
    // Everything that needs the transcript (reading it, regenerating, chat, AI edits) says why it cannot.
    const deleted = session.deletedByRetention?.transcript;
    if (deleted) throw deletedByRetention(`${retentionDeletionLabel('transcript', deleted, { now: this.now(), timeZone: 'UTC' })}: this needs it.`);
    const transcript = await this.transcripts.find(session.id);
    if (!transcript || transcript.ownerUid !== uid) throw conflict(`The session is not transcribed yet (it is ${session.status})`);
    return transcript;
  }

  async countGenerated(uid: string, from: Date, to: Date): Promise<number> {
    return this.docs.countGenerated(uid, from, to);
  }

  async regenerate(uid: string, sessionId: string, options: { templateId?: string | undefined; confirmReplaceEdited?: boolean | undefined; counter?: number | undefined } = {}): Promise<Documentation> {
    const { templateId, confirmReplaceEdited = false, counter } = options;
    const session = await this.ownedSession(uid, sessionId);
    // A run of the pipeline is writing this session's note from its audio: a regenerate now would write one
    // from the transcript it had and mark the session ready under the run.
    if (isBeingProcessed(session, this.now())) throw conflict(`The session is ${session.status}: wait until its note is written, then regenerate`, 'sessionId');
    const transcript = await this.transcriptOf(uid, sessionId);
    const template = await this.templates.find(uid, templateId ?? session.templateId);
    if (!template) throw invalidArgument('templateId is not a template you can use', 'templateId');
    const existing = await this.docs.find(session.id);
    // Writing a note that exists again replaces it: the writer says which version it saw, like every write.
    if (existing && existing.ownerUid === uid) {
      if (counter === undefined) throw invalidArgument('counter is required: the session has documentation (send the counter you loaded)', 'counter');
      requireCurrent(existing, counter);
    }
    if (existing && !confirmReplaceEdited) requireNoClinicianText(existing.sections);
    // A session's first documentation counts against the plan; rewriting one it has does not (counted once).
    if (!existing) {
      const refusal = await this.quota.refusalFor(uid);
      if (refusal) throw planLimitReached(refusal);
    }
    const written = await this.noteWriting.write({
      session,
      transcript,
      template,
      mayCommit: (current, previous): current is SessionRecord => {
        if (!current || current.ownerUid !== uid) throw notFound('No such session');
        if (isBeingProcessed(current, this.now())) throw conflict(`The session is ${current.status}: wait until its note is written, then regenerate`, 'sessionId');
        // What the clinician changed while the model wrote is not overwritten unasked (it would be kept as a version).
        if (previous && existing && previous.counter !== existing.counter) requireCurrent(previous, existing.counter);
        return true;
      },
    });
    if (!written) throw notFound('No such session');
    return toContract(written.documentation, transcript.segments);
  }

  async section(uid: string, documentationId: string, sectionId: string): Promise<DocumentationSection> {
    const doc = await this.ownedDoc(uid, documentationId);
    return sectionToContract(sectionOf(doc, sectionId), await this.segmentsOf(doc));
  }

  /** Writes one section again from the transcript, as its instructions say. */
  async regenerateSection(uid: string, documentationId: string, sectionId: string, counter: number, confirmReplaceEdited = false) {
    return this.rewriteOne(uid, documentationId, sectionId, counter, regenerateRewrite(), confirmReplaceEdited);
  }

  /** New instructions for one section of this note (the template itself is not changed). */
  async customizeSection(uid: string, documentationId: string, sectionId: string, instructions: string, counter: number, confirmReplaceEdited = false) {
    return this.rewriteOne(uid, documentationId, sectionId, counter, customizeRewrite(instructions), confirmReplaceEdited);
  }

  /**
   * Edits one section's current text as instructed ("shorter", "add that ..."). It works from the text the
   * clinician has, at their request, so it does not ask first; the text before it is kept as a version.
   */
  async magicEditSection(uid: string, documentationId: string, sectionId: string, instruction: string, counter: number) {
    return this.rewriteOne(uid, documentationId, sectionId, counter, magicEditRewrite(instruction), true);
  }

  async magicEditDocumentation(uid: string, documentationId: string, instruction: string, counter: number): Promise<Documentation> {
    const doc = await this.ownedDoc(uid, documentationId);
    requireCurrent(doc, counter);
    const { edited, transcript } = await this.editedNote(uid, doc, instruction);
    const saved = await this.commit(doc, (current, now) => ({
      ...current,
      sections: current.sections.map((s) => {
        const proposed = edited.get(s.id);
        return proposed && proposed.content !== s.content ? { ...withoutEditor(s), content: proposed.content, evidence: proposed.evidence, updatedAt: now, source: 'magic_edit_note' as const } : s;
      }),
    }), 'magic_edit_note');
    return toContract(saved, transcript.segments);
  }

  /**
   * What an AI rewrite of one section would write, saved nowhere (docs/api.md "Documentation"): the diff
   * against the section's text, with the clinician's typing it removes. It does not ask before replacing
   * the clinician's text: the diff shows it, and nothing changes until they accept.
   */
  async proposeSectionRewrite(uid: string, documentationId: string, sectionId: string, counter: number, rewrite: SectionRewrite): Promise<DocumentationProposal> {
    const doc = await this.ownedDoc(uid, documentationId);
    const current = sectionOf(doc, sectionId);
    requireCurrent(doc, counter);
    const { written } = await this.writeSection(uid, doc, current, rewrite);
    return {
      documentationId: doc.id,
      counter: doc.counter,
      change: rewrite.source,
      ...(rewrite.instructions !== undefined ? { instructions: rewrite.instructions } : {}),
      sections: written.content === current.content ? [] : [sectionProposal(current, await this.historyOf(doc, current), written)],
    };
  }

  /** What a magic edit of the whole note would write, saved nowhere: the sections it changes, each as a diff. */
  async proposeNoteEdit(uid: string, documentationId: string, instruction: string, counter: number): Promise<DocumentationProposal> {
    const doc = await this.ownedDoc(uid, documentationId);
    requireCurrent(doc, counter);
    const { edited } = await this.editedNote(uid, doc, instruction);
    const changed = doc.sections.flatMap((s) => {
      const proposed = edited.get(s.id);
      return proposed && proposed.content !== s.content ? [{ section: s, proposed }] : [];
    });
    const sections = await Promise.all(changed.map(async ({ section, proposed }) => sectionProposal(section, await this.historyOf(doc, section), proposed)));
    return { documentationId: doc.id, counter: doc.counter, change: 'magic_edit_note', sections };
  }

  /**
   * The whole note written again from the transcript, saved nowhere: each section it would change, as a diff
   * (with the clinician's typing it removes called out). The note's own sections with their instructions for
   * this note (customizations stay); a regenerate with another template changes the sections, which a diff
   * per section cannot show, so it is refused here and goes through regenerate (which asks first).
   */
  async proposeRegenerate(uid: string, sessionId: string, options: { templateId?: string | undefined; counter?: number | undefined }): Promise<DocumentationProposal> {
    const session = await this.ownedSession(uid, sessionId);
    if (isBeingProcessed(session, this.now())) throw conflict(`The session is ${session.status}: wait until its note is written, then regenerate`, 'sessionId');
    const doc = session.documentationId ? await this.docs.find(session.documentationId) : null;
    if (!doc || doc.ownerUid !== uid) throw conflict(`The documentation is not written yet (the session is ${session.status}): there is nothing to propose against`, 'sessionId');
    if (options.counter === undefined) throw invalidArgument('counter is required: the session has documentation (send the counter you loaded)', 'counter');
    requireCurrent(doc, options.counter);
    if (options.templateId !== undefined && options.templateId !== doc.templateId) {
      throw invalidArgument('propose regenerates the note with its own template: another template changes its sections; regenerate without propose', 'templateId');
    }
    const transcript = await this.transcriptOf(uid, sessionId);
    const written = await this.writer.writeNote(await this.context(uid, session, transcript), doc.templateSections);
    const byId = new Map(written.value.map((w) => [w.id, w]));
    const changed = doc.sections.flatMap((s) => {
      const proposed = byId.get(s.id);
      return proposed && proposed.content !== s.content ? [{ section: s, proposed }] : [];
    });
    const sections = await Promise.all(changed.map(async ({ section, proposed }) => sectionProposal(section, await this.historyOf(doc, section), proposed)));
    return { documentationId: doc.id, counter: doc.counter, change: 'regenerate_note', sections };
  }

  /**
   * Saves a proposal the clinician accepted, as proposed, if the note is still at the counter it was made
   * from (else 409, nothing saved). The text each section had is kept as a version, as for every write.
   */
  async acceptProposal(
    uid: string,
    input: { documentationId: string; counter: number; change: ProposalChange; instructions?: string | undefined; sections: readonly { sectionId: string; content: string; evidence: Evidence[] }[] },
  ): Promise<Documentation> {
    const { documentationId, counter, change, instructions, sections } = input;
    const doc = await this.ownedDoc(uid, documentationId);
    const ids = new Set<string>();
    for (const s of sections) {
      sectionOf(doc, s.sectionId);
      if (ids.has(s.sectionId)) throw invalidArgument(`sections names section ${s.sectionId} twice`, 'sections');
      ids.add(s.sectionId);
    }
    if (!NOTE_PROPOSAL_CHANGES.includes(change) && sections.length !== 1) throw invalidArgument(`${change} changes one section: send exactly one`, 'sections');
    if (instructions !== undefined && change !== 'customize_section') throw invalidArgument('instructions go only with customize_section', 'instructions');
    if (change === 'customize_section' && instructions === undefined) throw invalidArgument('instructions is required with customize_section (the ones the proposal was written with)', 'instructions');
    requireCurrent(doc, counter);
    // The evidence sent back is the proposal's: only segments the transcript has are kept.
    const segments = await this.segmentsOf(doc);
    const accepted = new Map(sections.map((s) => [s.sectionId, { content: s.content, evidence: keepKnownEvidence(s.evidence, segments ?? []) }]));
    const saved = await this.commit(
      doc,
      (latest, now) => ({
        ...latest,
        templateSections:
          change === 'customize_section'
            ? latest.templateSections.map((t) => (accepted.has(t.id) ? { ...t, instructions: instructions! } : t))
            : latest.templateSections,
        sections: latest.sections.map((s) => {
          const next = accepted.get(s.id);
          if (!next || next.content === s.content) return s;
          // A note-wide edit that cites nothing for a section keeps the section's support (as magicEditDocumentation).
          const evidence = change === 'magic_edit_note' && next.evidence.length === 0 ? s.evidence : next.evidence;
          return { ...withoutEditor(s), content: next.content, evidence, updatedAt: now, source: change };
        }),
      }),
      change,
      counter,
    );
    return toContract(saved, segments);
  }

  /** The clinician's own text for a section, from one editor (tab): see continuesOwnTyping. */
  async updateSectionValue(uid: string, documentationId: string, sectionId: string, content: string, counter: number, editorId?: string): Promise<{ section: DocumentationSection; counter: number }> {
    const doc = await this.ownedDoc(uid, documentationId);
    sectionOf(doc, sectionId);
    requireCurrent(doc, counter);
    const saved = await this.commit(
      doc,
      (current, now) => ({
        ...current,
        sections: current.sections.map((s) => (s.id === sectionId ? { ...withoutEditor(s), content, updatedAt: now, source: 'clinician' as const, ...(editorId ? { editorId } : {}) } : s)),
      }),
      'clinician',
      counter,
      editorId,
    );
    return { section: sectionToContract(sectionOf(saved, sectionId), await this.segmentsOf(saved)), counter: saved.counter };
  }

  /**
   * "I confirm this" on a flagged fact: kept with the section until the flag's sentence changes. Confirming
   * a flag already confirmed changes nothing (a retry after a lost answer is not a conflict); otherwise the
   * counter must be current and the flag one the section has now.
   */
  async confirmFact(uid: string, documentationId: string, sectionId: string, flagId: string, counter: number): Promise<{ section: DocumentationSection; counter: number }> {
    const doc = await this.ownedDoc(uid, documentationId);
    const section = sectionOf(doc, sectionId);
    const segments = await this.segmentsOf(doc);
    if ((section.confirmedFacts ?? []).some((c) => c.flagId === flagId)) return { section: sectionToContract(section, segments), counter: doc.counter };
    requireCurrent(doc, counter);
    const { sentences, flags } = checkSection({ content: section.content, citedSegmentIds: section.evidence.map((e) => e.segmentId) }, segments ?? []);
    // Without a transcript (deleted by retention) nothing is flagged, so there is nothing to confirm.
    const flag = segments ? flags.find((f) => f.id === flagId) : undefined;
    if (!flag) throw notFound('No such flag in this section (its sentence may have changed: reload the note)');
    const confirmed = { flagId, sentenceKey: sentenceKey(sentences[flag.sentenceIndex]!.text), confirmedAt: this.now().toISOString() };
    // The text does not change, so no version is kept; the counter goes up so other tabs see the confirmation.
    const saved = await this.commit(doc, (current) => ({
      ...current,
      sections: current.sections.map((s) => (s.id === sectionId ? { ...s, confirmedFacts: [...(s.confirmedFacts ?? []).filter((c) => c.flagId !== flagId), confirmed] } : s)),
    }), 'clinician', counter);
    return { section: sectionToContract(sectionOf(saved, sectionId), segments), counter: saved.counter };
  }

  /** A section's kept earlier texts, newest first. */
  async sectionVersions(uid: string, documentationId: string, sectionId: string): Promise<SectionVersion[]> {
    const doc = await this.ownedDoc(uid, documentationId);
    sectionOf(doc, sectionId);
    return (await this.docs.versions(doc.id, sectionId)).map(versionToContract);
  }

  /** Puts a kept version back as the section's text; the text it replaces is kept in turn (so a restore can be undone). */
  async restoreSectionVersion(uid: string, documentationId: string, sectionId: string, versionId: string, counter: number): Promise<{ section: DocumentationSection; counter: number }> {
    const doc = await this.ownedDoc(uid, documentationId);
    sectionOf(doc, sectionId);
    const version = await this.docs.version(doc.id, versionId);
    if (!version || version.ownerUid !== uid || version.sectionId !== sectionId) throw notFound('No such version of this section');
    requireCurrent(doc, counter);
    const saved = await this.commit(doc, (current, now) => ({
      ...current,
      sections: current.sections.map((s) => (s.id === sectionId ? { ...withoutEditor(s), content: version.content, evidence: version.evidence, source: version.source, updatedAt: now } : s)),
    }), 'restore', counter);
    return { section: sectionToContract(sectionOf(saved, sectionId), await this.segmentsOf(saved)), counter: saved.counter };
  }

  /** Marks the session's note done (reviewed and signed off) or not; marking it again keeps the first time. */
  async markDone(uid: string, sessionId: string, done: boolean): Promise<Session> {
    const saved = await this.sessions.runTransaction(async (tx) => {
      const session = await this.sessions.findOwned(uid, sessionId, tx);
      if (!session) throw notFound('No such session');
      if (done && !session.documentationId) throw conflict(`The documentation is not written yet (the session is ${session.status})`);
      const doneAt = done ? (session.doneAt ?? this.now().toISOString()) : null;
      const next = { ...session, doneAt };
      this.sessions.save(tx, next);
      return next;
    });
    return sessionToContract(saved);
  }

  private async rewriteOne(
    uid: string,
    documentationId: string,
    sectionId: string,
    counter: number,
    rewrite: SectionRewrite,
    confirmReplaceEdited: boolean,
  ): Promise<{ section: DocumentationSection; counter: number }> {
    const doc = await this.ownedDoc(uid, documentationId);
    const current = sectionOf(doc, sectionId);
    requireCurrent(doc, counter);
    if (!confirmReplaceEdited) requireNoClinicianText([current]);
    const { used, written, segments } = await this.writeSection(uid, doc, current, rewrite);
    const saved = await this.commit(doc, (latest, now) => ({
      ...latest,
      templateSections: latest.templateSections.map((s) => (s.id === sectionId ? used : s)),
      sections: latest.sections.map((s) => (s.id === sectionId ? { ...withoutEditor(s), content: written.content, evidence: written.evidence, updatedAt: now, source: rewrite.source } : s)),
    }), rewrite.source);
    return { section: sectionToContract(sectionOf(saved, sectionId), segments), counter: saved.counter };
  }

  /** One section as a rewrite would write it (a model call; nothing saved), and the section spec it used. */
  private async writeSection(uid: string, doc: DocumentationRecord, current: StoredSection, rewrite: SectionRewrite) {
    const spec = doc.templateSections.find((s) => s.id === current.id) ?? { id: current.id, title: current.title, instructions: '', format: 'paragraph' as const };
    const used = rewrite.instructions !== undefined ? { ...spec, instructions: rewrite.instructions } : spec;
    const edit = rewrite.instruction !== undefined ? { currentContent: current.content, instruction: rewrite.instruction } : undefined;
    const session = await this.ownedSession(uid, doc.sessionId);
    const transcript = await this.transcriptOf(uid, doc.sessionId);
    const written = await this.writer.rewriteSection(await this.context(uid, session, transcript), used, edit);
    return { used, written: { content: written.value.content, evidence: written.value.evidence }, segments: transcript.segments };
  }

  /** Every section as a magic edit of the whole note would write it (a model call; nothing saved). */
  private async editedNote(uid: string, doc: DocumentationRecord, instruction: string) {
    const session = await this.ownedSession(uid, doc.sessionId);
    const transcript = await this.transcriptOf(uid, doc.sessionId);
    const written = await this.writer.editNote(await this.context(uid, session, transcript), doc.sections.map(({ id, title, content }) => ({ id, title, content })), instruction);
    const edited = new Map(
      doc.sections.flatMap((s) => {
        const w = written.value.find((x) => x.id === s.id);
        // A section the edit cites nothing for keeps its support.
        return w ? [[s.id, { content: w.content, evidence: w.evidence.length > 0 ? w.evidence : s.evidence }] as const] : [];
      }),
    );
    return { edited, transcript };
  }

  /** A section's texts, oldest first, ending with the current one: who wrote what (proposals.ts). */
  private async historyOf(doc: DocumentationRecord, section: StoredSection): Promise<AuthoredText[]> {
    const versions = await this.docs.versions(doc.id, section.id);
    return [...versions.reverse().map((v) => ({ content: v.content, source: v.source })), { content: section.content, source: section.source ?? 'generated' }];
  }

  /**
   * Saves a change if the note is still at the version the change was made from (the caller's counter,
   * or the one read before a model call); bumps the counter.
   */
  private async commit(
    from: DocumentationRecord,
    change: (current: DocumentationRecord, now: string) => DocumentationRecord,
    replacedBy: SectionChange,
    expected = from.counter,
    editorId?: string,
  ): Promise<DocumentationRecord> {
    const { saved, kept } = await this.docs.runTransaction(async (tx) => {
      const current = await this.docs.find(from.id, tx);
      if (!current || current.ownerUid !== from.ownerUid) throw notFound('No such documentation');
      requireCurrent(current, expected);
      const now = this.now().toISOString();
      const changed = change(current, now);
      // A confirmed fact stays confirmed only while its sentence is unchanged.
      const sections = changed.sections.map((s) => withConfirmationsFor(s));
      const next = { ...changed, sections, counter: current.counter + 1, updatedAt: now };
      // The text each change replaces is kept, in the same transaction: never written without its predecessor kept.
      const versions = replacedVersions(current, next, replacedBy, now, editorId);
      this.docs.keepVersions(tx, versions);
      this.docs.save(tx, next);
      return { saved: next, kept: versions.map((v) => v.sectionId) };
    });
    await this.pruneVersions(saved.id, kept);
    return saved;
  }

  /** Keeps each section's versions under the cap; a failure here loses nothing and the next write prunes again. */
  private async pruneVersions(documentationId: string, sectionIds: readonly string[]): Promise<void> {
    await this.docs.pruneVersions(documentationId, sectionIds).catch(() => undefined);
  }

  /**
   * The transcript segments a documentation's facts are checked against (none if it has no transcript); null
   * once retention deleted it: with nothing to check against, no fact is flagged (rather than every one).
   */
  private async segmentsOf(doc: DocumentationRecord): Promise<TranscriptRecord['segments'] | null> {
    const transcript = await this.transcripts.find(doc.sessionId);
    if (transcript && transcript.ownerUid === doc.ownerUid) return transcript.segments;
    const session = await this.sessions.find(doc.sessionId);
    return session?.deletedByRetention?.transcript ? null : [];
  }

  private async context(uid: string, session: SessionRecord, transcript: TranscriptRecord) {
    const profile = await this.profiles.find(null, uid);
    return { language: session.language, specialty: profile?.specialty ?? '', segments: transcript.segments };
  }

  private async ownedSession(uid: string, sessionId: string): Promise<SessionRecord> {
    const session = await this.sessions.findOwned(uid, sessionId);
    if (!session) throw notFound('No such session');
    return session;
  }

  private async ownedDoc(uid: string, documentationId: string): Promise<DocumentationRecord> {
    const doc = await this.docs.find(documentationId);
    if (!doc || doc.ownerUid !== uid) throw notFound('No such documentation');
    return doc;
  }
}

/** Text no longer the clinician's typing from one editor: an AI action or a restore wrote it. */
function withoutEditor(section: StoredSection): StoredSection {
  const { editorId: _editor, ...rest } = section;
  return rest;
}

function requireCurrent(doc: DocumentationRecord, counter: number): void {
  if (counter !== doc.counter) {
    throw conflict(`The documentation changed since you loaded it (it is now at version ${doc.counter}, you sent ${counter}). Reload it, then apply your change again.`, 'counter');
  }
}

/** The section with only the confirmations its text still has the sentences of. */
function withConfirmationsFor(section: StoredSection): StoredSection {
  if (!section.confirmedFacts) return section;
  const { confirmedFacts, ...rest } = section;
  const kept = keptConfirmations(confirmedFacts, section.content);
  return kept.length > 0 ? { ...rest, confirmedFacts: kept } : rest;
}

/** AI actions that throw text away ask before replacing what the clinician wrote. */
function requireNoClinicianText(sections: readonly StoredSection[]): void {
  const edited = sections.filter(isClinicianText);
  if (edited.length === 0) return;
  const names = edited.map((s) => `"${s.title}"`).join(', ');
  throw replacesEditedText(`This would replace text you wrote in ${names}. Send it again with confirmReplaceEdited to go ahead; your text is kept in the section's history.`);
}

function sectionOf(doc: Pick<DocumentationRecord, 'sections'>, sectionId: string): StoredSection {
  const section = doc.sections.find((s) => s.id === sectionId);
  if (!section) throw notFound('No such section in this documentation');
  return section;
}

/** How an AI action rewrites one section: which source its text gets, and what it is told. */
export interface SectionRewrite {
  source: Exclude<ProposalChange, 'magic_edit_note' | 'regenerate_note'>;
  /** New instructions for the section (customize). */
  instructions?: string;
  /** An edit of the current text (magic edit). */
  instruction?: string;
}

export const regenerateRewrite = (): SectionRewrite => ({ source: 'regenerate_section' });
export const customizeRewrite = (instructions: string): SectionRewrite => ({ source: 'customize_section', instructions });
export const magicEditRewrite = (instruction: string): SectionRewrite => ({ source: 'magic_edit_section', instruction });
