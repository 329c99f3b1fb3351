// Saving a section and rewriting it with AI, with the note's counter. What a stale counter (409) means
// depends on what changed: if this section is as the clinician found it, only other sections moved on and
// saving again with the new counter overwrites nothing; if this section changed, both versions are shown
// and the clinician decides. Their text is never dropped.
import type { Documentation, DocumentationSection } from '@charta/contract';
import { useCallback, useState } from 'react';
import type { KeyedMutator } from 'swr';
import { useNotify } from '@/components/feedback/notifications';
import { describeError } from '@/lib/error-message';
import { getDocumentation, updateSectionValue, withSection, type SectionChange } from '../api/documentation';
import { afterStaleSave, isStaleCounter, STALE_NOTE_MESSAGE } from '../lib/section-editing';

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

  /** Asks for the latest note and puts it in the cache; the caller decides what it means. */
  const reloadLatest = useCallback(async (): Promise<Documentation> => {
    const latest = await getDocumentation(sessionId);
    await mutate(latest, { revalidate: false });
    return latest;
  }, [mutate, sessionId]);

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
      updateDraft((current) => {
        const base = current?.base ?? section.content;
        return text === base ? undefined : { text, base };
      });
      setSave((current) => (current.kind === 'conflict' || current.kind === 'saving' ? current : { kind: 'idle' }));
    },
    [section.content, updateDraft],
  );

  /** Discard: back to the saved text. */
  const discard = useCallback(() => {
    updateDraft(() => undefined);
    setSave({ kind: 'idle' });
  }, [updateDraft]);

  /**
   * Runs an AI rewrite of this section. Resolves to null on success, or the message to show; a stale
   * counter reloads the note first, so trying again works.
   */
  const rewrite = useCallback(
    async (action: AiAction, call: (counter: number) => Promise<SectionChange>, doneMessage: string): Promise<string | null> => {
      setWorking(action);
      try {
        await applyChange(await call(documentation.counter));
        setSave({ kind: 'idle' });
        notify({ message: doneMessage, severity: 'success' });
        return null;
      } catch (error) {
        if (!isStaleCounter(error)) return describeError(error);
        try {
          await reloadLatest();
          return STALE_NOTE_MESSAGE;
        } catch (reloadError) {
          return describeError(reloadError);
        }
      } finally {
        setWorking(null);
      }
    },
    [applyChange, documentation.counter, notify, reloadLatest],
  );

  return { save, working, edit, discard, saveDraft, overwrite, takeLatest, rewrite };
}
