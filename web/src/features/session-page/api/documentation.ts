// The documentation routes (docs/api.md "Documentation"). Every write sends the counter the page last saw,
// so a note changed elsewhere answers 409 instead of being overwritten.
import type { Documentation, DocumentationSection, Session, SectionVersion } from '@charta/contract';
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

/**
 * Set once the clinician agreed to replace text they wrote: without it the API answers 409
 * `replaces_edited_text` for a section holding their text (isReplacesEditedText).
 */
interface Confirmable {
  confirmReplaceEdited?: boolean;
}

/** Sends the flag only when it says yes, so an ordinary request stays as the contract shows it. */
function confirmedOnly<T extends Confirmable>({ confirmReplaceEdited, ...rest }: T): Omit<T, 'confirmReplaceEdited'> & Confirmable {
  return confirmReplaceEdited ? { ...rest, confirmReplaceEdited } : rest;
}

/** Writes the section again from the transcript. */
export function regenerateSection(target: SectionTarget & Confirmable): Promise<SectionChange> {
  return api.post<SectionChange>('/session/regenerate_documentation_section', confirmedOnly(target));
}

/** Writes the section again with new instructions (for this note only; the template is not changed). */
export function customizeSection(target: SectionTarget & Confirmable & { instructions: string }): Promise<SectionChange> {
  return api.post<SectionChange>('/session/customize_section', confirmedOnly(target));
}

/** Edits the section's current text as instructed ("Make it shorter"). */
export function magicEditSection(target: SectionTarget & { instruction: string }): Promise<SectionChange> {
  return api.post<SectionChange>('/session/magic_edit_section', target);
}

/** Applies one instruction to the whole note. */
export async function magicEditDocumentation(input: { documentationId: string; instruction: string; counter: number }): Promise<Documentation> {
  const { documentation } = await api.post<{ documentation: Documentation }>('/session/magic_edit_documentation', input);
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
