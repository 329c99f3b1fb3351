// The documentation routes (docs/api.md "Documentation"). Every write sends the counter the page last saw,
// so a note changed elsewhere answers 409 instead of being overwritten. AI rewrites are always asked for as
// proposals and saved only when the clinician accepts them.
import type { Documentation, DocumentationProposal, DocumentationSection, Session, SectionVersion } from '@charta/contract';
import useSWR from 'swr';
import { api } from '@/lib/api';

export const documentationKey = (sessionId: string) => ['/documentation/by_session', sessionId] as const;

export async function getDocumentation(sessionId: string): Promise<Documentation> {
  const { documentation } = await api.post<{ documentation: Documentation }>('/documentation/by_session', { sessionId });
  return documentation;
}

/** Asked for once the session is ready (before that the route answers 409). */
export function useDocumentation(sessionId: string, enabled: boolean) {
  return useSWR<Documentation, unknown>(enabled ? documentationKey(sessionId) : null, ([, id]: readonly [string, string]) => getDocumentation(id));
}

export interface SectionChange {
  section: DocumentationSection;
  counter: number;
}

interface SectionTarget {
  documentationId: string;
  sectionId: string;
  counter: number;
}

/**
 * This tab, as an editor of notes: one id per page load. The API keeps no version between one editor's own
 * autosaves of a sitting, and always keeps the text of another tab or device that a save replaces (the
 * "Overwrite with mine" of a conflict, say), so the other tab's text stays in History.
 */
export const THIS_TAB_EDITOR_ID = `tab-${crypto.randomUUID()}`;

/** The clinician's own text for a section, as this tab's. */
export function updateSectionValue(target: SectionTarget & { content: string }): Promise<SectionChange> {
  return api.post<SectionChange>('/session/documentation/section/update_value', { ...target, editorId: THIS_TAB_EDITOR_ID });
}

/** What an AI rewrite of one section does: write it again, with new instructions, or edit its text as told. */
export type SectionRewrite = { kind: 'regenerate' } | { kind: 'customize'; instructions: string } | { kind: 'magic-edit'; instruction: string };

/**
 * What an AI rewrite of the section would write, as a diff against its text: nothing is saved until the
 * clinician accepts it (acceptProposal).
 */
export async function proposeSectionRewrite(target: SectionTarget, rewrite: SectionRewrite): Promise<DocumentationProposal> {
  const [path, extra]: [string, object] =
    rewrite.kind === 'regenerate'
      ? ['/session/regenerate_documentation_section', {}]
      : rewrite.kind === 'customize'
        ? ['/session/customize_section', { instructions: rewrite.instructions }]
        : ['/session/magic_edit_section', { instruction: rewrite.instruction }];
  const { proposal } = await api.post<{ proposal: DocumentationProposal }>(path, { ...target, ...extra, propose: true });
  return proposal;
}

/** What one instruction would make of the whole note, section by section; nothing is saved. */
export async function proposeNoteEdit(input: { documentationId: string; instruction: string; counter: number }): Promise<DocumentationProposal> {
  const { proposal } = await api.post<{ proposal: DocumentationProposal }>('/session/magic_edit_documentation', { ...input, propose: true });
  return proposal;
}

/**
 * What writing the whole note again would make of it (its own template and sections), section by section;
 * nothing is saved until the clinician accepts it.
 */
export async function proposeRegenerate(input: { sessionId: string; counter: number }): Promise<DocumentationProposal> {
  const { proposal } = await api.post<{ proposal: DocumentationProposal }>('/session/regenerate_documentation', { ...input, propose: true });
  return proposal;
}

/** Saves a proposal as the clinician read it; a note changed since it was made answers 409 (isStaleCounter). */
export async function acceptProposal(proposal: DocumentationProposal): Promise<Documentation> {
  const { documentationId, counter, change, instructions, sections } = proposal;
  const { documentation } = await api.post<{ documentation: Documentation }>('/session/documentation/accept_proposal', {
    documentationId,
    counter,
    change,
    ...(instructions !== undefined ? { instructions } : {}),
    sections: sections.map((s) => ({ sectionId: s.sectionId, content: s.proposed, evidence: s.evidence })),
  });
  return documentation;
}

/** The section's earlier texts, newest first (kept on the server by every write that replaced them). */
export async function sectionVersions(target: Omit<SectionTarget, 'counter'>): Promise<SectionVersion[]> {
  const { versions } = await api.post<{ versions: SectionVersion[] }>('/session/documentation/section/versions', target);
  return versions;
}

/** Puts an earlier text back; the text it replaces is kept in turn. */
export function restoreSectionVersion(target: SectionTarget & { versionId: string }): Promise<SectionChange> {
  return api.post<SectionChange>('/session/documentation/section/restore', target);
}

/**
 * "I confirm this" on a flagged fact: kept with the note until the fact's sentence changes. A retry of a
 * confirmation already made changes nothing (the API answers it as done).
 */
export function confirmFact(target: SectionTarget & { flagId: string }): Promise<SectionChange> {
  return api.post<SectionChange>('/session/documentation/confirm_fact', target);
}

/** Marks the note done (reviewed and signed off), or not. */
export async function markNoteDone(sessionId: string, done: boolean): Promise<Session> {
  const { session } = await api.post<{ session: Session }>('/session/mark_done', { sessionId, done });
  return session;
}

/** The note with one section replaced by the server's answer and the counter it reached. */
export function withSection(doc: Documentation, change: SectionChange): Documentation {
  return { ...doc, counter: change.counter, sections: doc.sections.map((s) => (s.id === change.section.id ? change.section : s)) };
}
