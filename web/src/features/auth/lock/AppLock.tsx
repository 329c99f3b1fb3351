// The automatic lock (README "Automatic lock"; HIPAA's automatic logoff, 45 CFR 164.312(a)(2)(iii)). After the
// configured idle time the signed-in app is covered and taken out of reach (inert and hidden from assistive
// technology) until the user proves it is them again. The app stays mounted underneath: a recording goes on
// recording and uploading, and whatever was typed is still there after unlocking.
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { reportActivity } from '@/data/activity';
import type { SignedInUser } from '@/types/user';
import { ReauthenticateForm } from '../components/ReauthenticateForm';
import { describeLockAfter, useLockAfterSeconds } from './lock-settings';
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

interface AppLockProps {
  /** The signed-in user (the shell's): nobody signed in, nothing to lock. */
  user: SignedInUser | null;
  children: ReactNode;
}

export function AppLock({ user, children }: AppLockProps) {
  const uid = user?.uid ?? null;
  const lockAfterSeconds = useLockAfterSeconds();
  const [locked, setLocked] = useState(() => uid !== null && lockedUid() === uid);

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
          that does not know inert yet. The lock's dialog (a portal outside) also hides the page's siblings. */}
      <Box inert={locked} aria-hidden={locked || undefined} data-testid="app-under-lock">
        {children}
      </Box>
      {locked && <LockScreen lockAfterSeconds={lockAfterSeconds} email={user?.email ?? null} onUnlocked={unlock} />}
    </>
  );
}

interface LockScreenProps {
  lockAfterSeconds: number;
  email: string | null;
  onUnlocked: () => void;
}

function LockScreen({ lockAfterSeconds, email, onUnlocked }: LockScreenProps) {
  const titleId = useId();
  return (
    <Dialog
      open
      fullScreen
      // No onClose: Escape and a click outside do nothing; only proving it is you unlocks.
      aria-labelledby={titleId}
      // Above everything the app can open (menus, snackbars, tooltips, other dialogs): nothing shows through.
      sx={{ zIndex: (theme) => theme.zIndex.tooltip + 1 }}
    >
      <Box component="main" sx={{ display: 'flex', minHeight: '100%', alignItems: 'center', justifyContent: 'center', p: 3 }}>
        <Stack spacing={2} sx={{ width: '100%', maxWidth: 400 }}>
          <LockOutlined color="primary" sx={{ fontSize: 40 }} aria-hidden />
          <Typography id={titleId} variant="h5" component="h1">
            Charta is locked
          </Typography>
          <Typography color="text.secondary">
            Charta was not used for {describeLockAfter(lockAfterSeconds)}, so it hid your patients’ data. Confirm it is you
            {email ? ` (${email})` : ''} to go on. A recording keeps recording, and what you typed is kept.
          </Typography>
          <ReauthenticateForm verb="Unlock" onConfirmed={onUnlocked} onRefused={() => void reportActivity('account.unlock_failed')} />
        </Stack>
      </Box>
    </Dialog>
  );
}
