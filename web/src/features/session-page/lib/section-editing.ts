// What editing a note's section allows, and what a stale counter means: decided here, as plain functions,
// so the rules are tested without rendering (hooks/use-section-editing.ts and SectionCard apply them).
import { ApiError } from '@/lib/api-client';

/** The API refused a write because the note moved on (409 on `counter`) since this page read it. */
export function isStaleCounter(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.field === 'counter';
}

/** How long typing pauses before the text saves by itself. */
export const AUTOSAVE_DELAY_MS = 1200;

export const STALE_NOTE_MESSAGE =
  'The note was changed elsewhere (another tab or device) since this page loaded it. The latest version is shown now: please try again.';

/** An accepted proposal met a stale counter: it was made from text the note no longer has. */
export const STALE_PROPOSAL_MESSAGE =
  'Not saved: the note was changed elsewhere (another tab or device) since this change was proposed. The latest version is shown now: discard this proposal and ask again.';

/**
 * After a save met a stale counter and the latest note was read: if this section is still as the
 * clinician found it, only other sections moved on, and saving again with the new counter overwrites
 * nothing (once: a second refusal means a real race). Otherwise both versions are shown to decide.
 */
export function afterStaleSave(options: { latestContent: string; base: string; retried: boolean }): 'save-again' | 'conflict' {
  return options.latestContent === options.base && !options.retried ? 'save-again' : 'conflict';
}

export interface SectionControls {
  /** The text cannot be typed in: an AI rewrite is replacing it. */
  textLocked: boolean;
  /** Magic edit, Regenerate and Customize are off: they would overwrite unsaved or in-flight text. */
  rewriteBlocked: boolean;
  /** Say why the rewrites are off (unsaved text is the one reason the clinician can act on). */
  explainRewriteBlocked: boolean;
}

export function sectionControls(state: { dirty: boolean; rewriting: boolean; saving: boolean }): SectionControls {
  return {
    textLocked: state.rewriting,
    rewriteBlocked: state.dirty || state.rewriting || state.saving,
    explainRewriteBlocked: state.dirty,
  };
}

/**
 * The version Undo puts back after an AI action: the newest kept text of the section, if it was replaced
 * by that very change (the note's counter after it). Anything later (a save, another tab) is not undone.
 */
export function undoTarget<V extends { counter: number }>(versions: readonly V[], changeCounter: number): V | null {
  const newest = versions[0];
  return newest && newest.counter === changeCounter ? newest : null;
}
