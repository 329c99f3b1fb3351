// Saving a section and rewriting it with AI, with the note's counter. What a stale counter (409) means
// depends on what changed: if this section is as the clinician found it, only other sections moved on and
// saving again with the new counter overwrites nothing; if this section changed, both versions are shown
// and the clinician decides. Their text is never dropped: it saves by itself when typing pauses, stays in
// the box if a save fails, AI rewrites are proposals shown as a diff and saved only when accepted, and the
// last accepted rewrite can be undone.
import type { Documentation, DocumentationProposal, DocumentationSection, FactFlag, SectionVersion } from '@charta/contract';
import { useCallback, useEffect, useState } from 'react';
import type { KeyedMutator } from 'swr';
import { useNotify } from '@/components/feedback/notifications';
import { describeError } from '@/lib/error-message';
import { useSubmit } from '@/lib/use-submit';
import { acceptProposal, confirmFact, getDocumentation, restoreSectionVersion, sectionVersions, updateSectionValue, withSection, type SectionChange } from '../api/documentation';
import { ApiError } from '@/lib/api-client';
import { useNoteEditGuard } from './use-note-done';
import { afterStaleSave, AUTOSAVE_DELAY_MS, isStaleCounter, STALE_NOTE_MESSAGE, STALE_PROPOSAL_MESSAGE, undoTarget } from '../lib/section-editing';

/** Unsaved text of one section, and the saved text it was started from. */
export interface Draft {
  text: string;
  base: string;
}

export type SavePhase =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'conflict'; latest: string }
  | { kind: 'error'; message: string };

export type AiAction = 'regenerate' | 'customize' | 'magic-edit';

/** An AI rewrite asked for as a proposal, with the note's counter. */
type ProposeCall = (counter: number) => Promise<DocumentationProposal>;

/** A proposal on screen: which action made it, and what to say once it is accepted. */
export interface ShownProposal {
  action: AiAction;
  proposal: DocumentationProposal;
  doneMessage: string;
  /** The note changed since it was made (an accept met 409): it can only be discarded. */
  stale?: boolean;
}

/** What editing one section needs: the section, its note (for the counter), and the draft kept for it. */
export interface SectionEditingOptions {
  sessionId: string;
  documentation: Documentation;
  section: DocumentationSection;
  mutate: KeyedMutator<Documentation>;
  draft: Draft | undefined;
  updateDraft: (update: (draft: Draft | undefined) => Draft | undefined) => void;
}

export function useSectionEditing({ sessionId, documentation, section, mutate, draft, updateDraft }: SectionEditingOptions) {
  const notify = useNotify();
  const [save, setSave] = useState<SavePhase>({ kind: 'idle' });
  const [working, setWorking] = useState<AiAction | null>(null);
  const [proposal, setProposal] = useState<ShownProposal | null>(null);
  /** The note's counter after the last AI rewrite of this section: Undo puts back what it replaced. */
  const [undoable, setUndoable] = useState<number | null>(null);
  const [undoing, setUndoing] = useState(false);
  // A note marked done asks before its first change (use-note-done).
  const { locked, ensureEditable } = useNoteEditGuard();

  /** Asks for the latest note and puts it in the cache; the caller decides what it means. */
  const reloadLatest = useCallback(async (): Promise<Documentation> => {
    const latest = await getDocumentation(sessionId);
    await mutate(latest, { revalidate: false });
    return latest;
  }, [mutate, sessionId]);

  /** Someone else changed the note first: show the latest, and say so (or why it could not be loaded). */
  const reloadAfterStale = useCallback(async (): Promise<string> => {
    try {
      await reloadLatest();
      return STALE_NOTE_MESSAGE;
    } catch (reloadError) {
      return describeError(reloadError);
    }
  }, [reloadLatest]);

  // Accepting a proposal (below, accept): its busy state and its failure, for the proposal's dialog.
  const acceptance = useSubmit(
    async (shown: ShownProposal) => {
      const saved = await acceptProposal(shown.proposal);
      await mutate(saved, { revalidate: false });
      setSave({ kind: 'idle' });
      setUndoable(saved.counter);
      setProposal(null);
      notify({ message: shown.doneMessage, severity: 'success' });
    },
    {
      describe: async (error) => {
        if (!isStaleCounter(error)) return describeError(error);
        // Made from text that is no longer the note's: it cannot be accepted any more.
        const reloaded = await reloadAfterStale();
        setProposal((shown) => shown && { ...shown, stale: true });
        return reloaded === STALE_NOTE_MESSAGE ? STALE_PROPOSAL_MESSAGE : reloaded;
      },
    },
  );
  const { submit: submitAcceptance, clearError: clearProposalError } = acceptance;

  const applyChange = useCallback((change: SectionChange) => mutate((current) => (current ? withSection(current, change) : current), { revalidate: false }), [mutate]);

  const saveText = useCallback(
    async (text: string, base: string, counter: number, retried = false): Promise<void> => {
      setSave({ kind: 'saving' });
      try {
        const change = await updateSectionValue({ documentationId: documentation.id, sectionId: section.id, content: text, counter });
        await applyChange(change);
        // Typing went on while it saved: keep what came after, based on what was saved.
        updateDraft((current) => (current && current.text !== text ? { text: current.text, base: change.section.content } : undefined));
        setSave({ kind: 'saved' });
      } catch (error) {
        if (!isStaleCounter(error)) {
          setSave({ kind: 'error', message: `Not saved: ${describeError(error)} Your text is still here.` });
          return;
        }
        let latest: Documentation;
        try {
          latest = await reloadLatest();
        } catch (reloadError) {
          setSave({ kind: 'error', message: `Not saved: the note changed elsewhere, and the latest version could not be loaded (${describeError(reloadError)}). Your text is still here.` });
          return;
        }
        const latestContent = latest.sections.find((s) => s.id === section.id)?.content ?? '';
        if (afterStaleSave({ latestContent, base, retried }) === 'save-again') {
          await saveText(text, base, latest.counter, true);
          return;
        }
        setSave({ kind: 'conflict', latest: latestContent });
      }
    },
    [applyChange, documentation.id, reloadLatest, section.id, updateDraft],
  );

  /** Save: the draft, with the counter of the note as this page has it. */
  const saveDraft = useCallback(() => {
    if (!draft) return Promise.resolve();
    // The cached note already shows someone else's version of this section (a refresh brought it in).
    if (section.content !== draft.base) {
      setSave({ kind: 'conflict', latest: section.content });
      return Promise.resolve();
    }
    return saveText(draft.text, draft.base, documentation.counter);
  }, [documentation.counter, draft, saveText, section.content]);

  // Autosave: the draft saves by itself once typing pauses. Not while a save runs (it picks up what came
  // after when it ends), nor over a conflict or a failed save, which wait for the clinician (typing again
  // after a failure tries again).
  const draftText = draft?.text;
  useEffect(() => {
    if (draftText === undefined || save.kind === 'saving' || save.kind === 'conflict' || save.kind === 'error') return;
    const timer = setTimeout(() => void saveDraft(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draftText, save.kind, saveDraft]);

  /** Conflict: keep the clinician's text, over the latest version. */
  const overwrite = useCallback(() => {
    if (!draft) return Promise.resolve();
    updateDraft((current) => current && { text: current.text, base: section.content });
    return saveText(draft.text, section.content, documentation.counter);
  }, [documentation.counter, draft, saveText, section.content, updateDraft]);

  /** Conflict: drop the clinician's text and show the latest version. */
  const takeLatest = useCallback(() => {
    updateDraft(() => undefined);
    setSave({ kind: 'idle' });
  }, [updateDraft]);

  const edit = useCallback(
    (text: string) => {
      if (locked) {
        void ensureEditable().then((ok) => {
          if (ok) updateDraft((current) => (text === (current?.base ?? section.content) ? undefined : { text, base: current?.base ?? section.content }));
        });
        return;
      }
      updateDraft((current) => {
        const base = current?.base ?? section.content;
        return text === base ? undefined : { text, base };
      });
      // Typing after a failed save tries again (autosave); a conflict waits for the clinician's choice.
      setSave((current) => (current.kind === 'conflict' || current.kind === 'saving' ? current : { kind: 'idle' }));
    },
    [ensureEditable, locked, section.content, updateDraft],
  );

  /** Discard: back to the saved text. */
  const discard = useCallback(() => {
    updateDraft(() => undefined);
    setSave({ kind: 'idle' });
  }, [updateDraft]);

  /**
   * Asks for an AI rewrite of this section as a proposal, shown for the clinician to accept or discard;
   * nothing changes yet. Resolves to null once it is shown, or the message to show; a stale counter reloads
   * the note first, so trying again works.
   */
  const propose = useCallback(
    async (action: AiAction, call: ProposeCall, doneMessage: string): Promise<string | null> => {
      if (!(await ensureEditable())) return null;
      setWorking(action);
      try {
        const made = await call(documentation.counter);
        clearProposalError();
        setProposal({ action, proposal: made, doneMessage });
        return null;
      } catch (error) {
        if (!isStaleCounter(error)) return describeError(error);
        return await reloadAfterStale();
      } finally {
        setWorking(null);
      }
    },
    [clearProposalError, documentation.counter, ensureEditable, reloadAfterStale],
  );

  /**
   * The clinician accepted the proposal: it is saved as they read it (the server keeps the text it replaces).
   * A note changed since the proposal was made saves nothing: the latest note is shown and they ask again.
   */
  const accept = useCallback(async (): Promise<void> => {
    if (proposal) await submitAcceptance(proposal);
  }, [proposal, submitAcceptance]);

  /** The clinician discarded the proposal: nothing was saved, nothing changes. */
  const discardProposal = useCallback(() => {
    setProposal(null);
    clearProposalError();
  }, [clearProposalError]);

  /**
   * Undo the last AI rewrite: puts back the version it replaced (kept on the server), if nothing changed
   * the section since. Resolves to null, or the message to show.
   */
  const undo = useCallback(async (): Promise<string | null> => {
    if (undoable === null || !(await ensureEditable())) return null;
    setUndoing(true);
    try {
      const target = undoTarget(await sectionVersions({ documentationId: documentation.id, sectionId: section.id }), undoable);
      if (!target) {
        setUndoable(null);
        return 'Nothing to undo: the section changed since. Its history has every earlier version.';
      }
      await applyChange(await restoreSectionVersion({ documentationId: documentation.id, sectionId: section.id, versionId: target.id, counter: documentation.counter }));
      setUndoable(null);
      notify({ message: `${section.title}: the rewrite was undone.`, severity: 'success' });
      return null;
    } catch (error) {
      if (!isStaleCounter(error)) return describeError(error);
      setUndoable(null);
      return await reloadAfterStale();
    } finally {
      setUndoing(false);
    }
  }, [applyChange, documentation.counter, documentation.id, ensureEditable, notify, reloadAfterStale, section.id, section.title, undoable]);

  /** Puts back an earlier version from the history. Resolves to null, or the message to show. */
  const restoreVersion = useCallback(
    async (version: SectionVersion): Promise<string | null> => {
      if (!(await ensureEditable())) return 'Not restored: the note is marked done.';
      try {
        await applyChange(await restoreSectionVersion({ documentationId: documentation.id, sectionId: section.id, versionId: version.id, counter: documentation.counter }));
        setUndoable(null);
        notify({ message: `${section.title}: the earlier version is back.`, severity: 'success' });
        return null;
      } catch (error) {
        if (!isStaleCounter(error)) return describeError(error);
        return await reloadAfterStale();
      }
    },
    [applyChange, documentation.counter, documentation.id, ensureEditable, notify, reloadAfterStale, section.id, section.title],
  );

  const [confirmingFlag, setConfirmingFlag] = useState<string | null>(null);

  /**
   * "I confirm this" on a flag. Resolves to null, or the message to show. A stale counter (another section
   * saved meanwhile) is no reason to ask again: the flag's id names its sentence, so while the latest note
   * still has it, the same confirmation is sent with the new counter; gone or already confirmed, there is
   * nothing left to do.
   */
  const confirmFlag = useCallback(
    async (flag: FactFlag): Promise<string | null> => {
      const target = { documentationId: documentation.id, sectionId: section.id, flagId: flag.id };
      setConfirmingFlag(flag.id);
      try {
        await applyChange(await confirmFact({ ...target, counter: documentation.counter }));
        notify({ message: `Confirmed: “${flag.text}”.`, severity: 'success' });
        return null;
      } catch (error) {
        const stale = isStaleCounter(error);
        if (!stale && !(error instanceof ApiError && error.status === 404)) return describeError(error);
        try {
          const latest = await reloadLatest();
          const now = latest.sections.find((s) => s.id === section.id)?.flags.find((f) => f.id === flag.id);
          if (!now) return 'The note changed elsewhere, and this fact is no longer flagged.';
          if (now.status === 'confirmed') return null;
          if (!stale) return describeError(error);
          await applyChange(await confirmFact({ ...target, counter: latest.counter }));
          notify({ message: `Confirmed: “${flag.text}”.`, severity: 'success' });
          return null;
        } catch (retryError) {
          return describeError(retryError);
        }
      } finally {
        setConfirmingFlag(null);
      }
    },
    [applyChange, documentation.counter, documentation.id, notify, reloadLatest, section.id],
  );

  // Undo is offered only while the note is as the rewrite left it.
  const canUndo = undoable !== null && undoable === documentation.counter;

  return {
    save,
    working,
    edit,
    discard,
    saveDraft,
    overwrite,
    takeLatest,
    propose,
    proposal,
    accept,
    accepting: acceptance.busy,
    proposalError: acceptance.error,
    discardProposal,
    canUndo,
    undo,
    undoing,
    restoreVersion,
    confirmFlag,
    confirmingFlag,
  };
}
