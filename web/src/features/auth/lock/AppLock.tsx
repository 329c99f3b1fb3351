// The automatic lock (docs/sign-in.md "Automatic lock"; HIPAA's automatic logoff, 45 CFR 164.312(a)(2)(iii)). After the
// configured idle time the signed-in app is covered and taken out of reach (inert and hidden from assistive
// technology) until the user proves it is them again. The app stays mounted underneath: a recording goes on
// recording and uploading, and whatever was typed is still there after unlocking.
import Box from '@mui/material/Box';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { reportActivity } from '@/data/activity';
import type { SignedInUser } from '@/types/user';
import { useLockAfterSeconds } from './lock-settings';
import { useIdleTimer } from './use-idle-timer';

// Per tab, so reloading a locked page does not unlock it (sessionStorage outlives a reload, not the tab).
const LOCKED_STORAGE_KEY = 'charta.lock.lockedUid';

function lockedUid(): string | null {
  try {
    return window.sessionStorage.getItem(LOCKED_STORAGE_KEY);
  } catch {
    return null;
  }
}

function rememberLocked(uid: string | null): void {
  try {
    if (uid === null) window.sessionStorage.removeItem(LOCKED_STORAGE_KEY);
    else window.sessionStorage.setItem(LOCKED_STORAGE_KEY, uid);
  } catch {
    // Storage blocked: the lock still holds until this page is reloaded.
  }
}

const LOCKED_TITLE = 'Locked – Charta';

// The lock screen (its form, dialog and sign-in calls) is its own chunk, so every page of the shell does not
// carry it (scripts/route-budgets.mjs); it is fetched as soon as the shell is up, long before any lock.
const loadLockScreen = () => import('./LockScreen');
const LockScreen = lazy(async () => ({ default: (await loadLockScreen()).LockScreen }));

/**
 * What covers the app while the lock screen's chunk is still on its way (or could not be fetched, offline):
 * the patient's data is hidden either way.
 */
function PlainCover() {
  return (
    <Box
      role="alert"
      sx={{ position: 'fixed', inset: 0, zIndex: (theme) => theme.zIndex.tooltip + 1, bgcolor: 'background.default', display: 'grid', placeItems: 'center', p: 3 }}
    >
      Charta is locked.
    </Box>
  );
}

interface AppLockProps {
  /** The signed-in user (the shell's): nobody signed in, nothing to lock. */
  user: SignedInUser | null;
  /**
   * The user's id, or before Firebase Auth has answered, the id of the user this browser had signed in last
   * time (lib/signed-in-hint.ts): a tab locked for them is locked from the first paint, not once Auth answers.
   */
  expectedUid?: string | null;
  children: ReactNode;
}

export function AppLock({ user, expectedUid = user?.uid ?? null, children }: AppLockProps) {
  const uid = user?.uid ?? null;
  const lockAfterSeconds = useLockAfterSeconds();
  const lockedAtStart = (who: string | null) => who !== null && lockedUid() === who;
  const [locked, setLocked] = useState(() => lockedAtStart(expectedUid));
  // Another user than expected (signed in elsewhere meanwhile): their own lock state, read afresh. The same
  // user confirmed keeps the state (React's "state from earlier renders" pattern, set while rendering).
  const [lockedFor, setLockedFor] = useState(expectedUid);
  if (expectedUid !== lockedFor) {
    setLockedFor(expectedUid);
    setLocked(lockedAtStart(expectedUid));
  }

  const lock = useCallback(() => {
    setLocked(true);
    rememberLocked(uid);
    void reportActivity('account.locked');
  }, [uid]);

  const unlock = useCallback(() => {
    setLocked(false);
    rememberLocked(null);
    void reportActivity('account.unlocked');
  }, []);

  useEffect(() => {
    void loadLockScreen().catch(() => undefined);
  }, []);

  useIdleTimer({ idleMs: lockAfterSeconds * 1000, enabled: uid !== null && !locked, onIdle: lock });

  // The tab's title can name the page (and so a patient); the lock shows a neutral one while it holds.
  useEffect(() => {
    if (!locked) return;
    const previous = document.title;
    document.title = LOCKED_TITLE;
    const keepNeutral = new MutationObserver(() => {
      if (document.title !== LOCKED_TITLE) document.title = LOCKED_TITLE;
    });
    const titleElement = document.querySelector('title');
    if (titleElement) keepNeutral.observe(titleElement, { childList: true, characterData: true, subtree: true });
    return () => {
      keepNeutral.disconnect();
      document.title = previous;
    };
  }, [locked]);

  return (
    <>
      {/* Inert: no focus, no clicks, no typing reach the page; aria-hidden as well for assistive technology
          that does not know inert yet. Not painted either (visibility, which keeps everything mounted and
          laid out): the cover fills the window, but a page taller than the window must not show below it
          (a full-page capture, a zoomed or printed page). The lock's dialog also hides the page's siblings. */}
      <Box inert={locked} aria-hidden={locked || undefined} data-testid="app-under-lock" sx={locked ? { visibility: 'hidden' } : undefined}>
        {children}
      </Box>
      {locked && (
        <Suspense fallback={<PlainCover />}>
          <LockScreen lockAfterSeconds={lockAfterSeconds} email={user?.email ?? null} onUnlocked={unlock} />
        </Suspense>
      )}
    </>
  );
}
