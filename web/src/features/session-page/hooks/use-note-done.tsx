// A note marked done (reviewed and signed off) stays editable, but editing it asks first: once agreed, the
// note is open for this visit to the page. The session's `doneAt` is kept by the API; the session list
// shows it as a badge.
import type { Session } from '@charta/contract';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { getSession, sessionKey } from '@/data/sessions';
import { markNoteDone } from '../api/documentation';

/** Asks before the first edit of a done note: resolves true to go ahead (at once when nothing needs asking). */
export type EnsureEditable = () => Promise<boolean>;

interface NoteEditGuard {
  /** The note is done and editing has not been agreed yet: a change must ask first. */
  locked: boolean;
  ensureEditable: EnsureEditable;
}

const NoteEditGuardContext = createContext<NoteEditGuard>({ locked: false, ensureEditable: () => Promise.resolve(true) });

/** What each section's editing reads: whether to ask before changing the note. */
export const useNoteEditGuard = () => useContext(NoteEditGuardContext);

export function useNoteDone(sessionId: string) {
  // The page already holds the session under this key: this shares that copy and its updates.
  const { data: session, mutate } = useSWR<Session>(sessionKey(sessionId), ([, id]: readonly [string, string]) => getSession(id));
  const doneAt = session?.doneAt ?? null;
  const [busy, setBusy] = useState(false);
  const [unlocked, setUnlocked] = useState(false);
  const [asking, setAsking] = useState(false);
  const answer = useRef<((ok: boolean) => void) | null>(null);

  const markDone = useCallback(
    async (done: boolean) => {
      setBusy(true);
      try {
        await mutate(await markNoteDone(sessionId, done), { revalidate: false });
        // Marked done again: the next edit asks again.
        if (done) setUnlocked(false);
      } finally {
        setBusy(false);
      }
    },
    [mutate, sessionId],
  );

  const locked = doneAt !== null && !unlocked;
  const ensureEditable = useCallback<EnsureEditable>(() => {
    if (!locked) return Promise.resolve(true);
    setAsking(true);
    return new Promise<boolean>((resolve) => {
      answer.current?.(false);
      answer.current = resolve;
    });
  }, [locked]);

  const reply = (ok: boolean) => {
    if (ok) setUnlocked(true);
    setAsking(false);
    answer.current?.(ok);
    answer.current = null;
  };

  const dialog = (
    <ConfirmDialog open={asking} title="Edit a note marked done?" confirmLabel="Edit the note" onConfirm={() => reply(true)} onClose={() => reply(false)}>
      You marked this note as done (reviewed and signed off). You can still change it; it stays marked as done, and every earlier version is kept in
      each section&apos;s history.
    </ConfirmDialog>
  );

  const provide = (children: ReactNode) => <NoteEditGuardContext.Provider value={{ locked, ensureEditable }}>{children}</NoteEditGuardContext.Provider>;

  return { doneAt, busy, markDone, ensureEditable, dialog, provide };
}
