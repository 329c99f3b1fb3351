// One snackbar for the whole app: the newest message replaces the one on screen, so a burst of identical
// failures (e.g. several requests failing while offline) shows once instead of piling up.
import type { AlertColor } from '@mui/material/Alert';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { describeError } from '@/lib/error-message';
import { moduleAfterPaint } from '@/lib/module-after-paint';

export interface Notification {
  message: string;
  severity?: AlertColor;
}

type Notify = (notification: Notification) => void;

const NotifyContext = createContext<Notify | null>(null);

// The snackbar itself (MUI's Snackbar, its Grow transition and click-away listener: about 4 KB gzip) loads once
// the page has painted: no page paints with a message up. One asked for before it arrives shows when it does.
const useSnackbarModule = moduleAfterPaint(() => import('./NotificationSnackbar'));

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Notification & { id: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const snackbar = useSnackbarModule(current?.id);

  const notify = useCallback<Notify>((notification) => {
    setCurrent((previous) => ({ ...notification, id: (previous?.id ?? 0) + 1 }));
    setOpen(true);
  }, []);

  const close = useCallback((_event?: unknown, reason?: string) => {
    // A click elsewhere on the page should not dismiss a message the user has not read yet.
    if (reason === 'clickaway') return;
    setOpen(false);
  }, []);

  const value = useMemo(() => notify, [notify]);

  return (
    <NotifyContext.Provider value={value}>
      {children}
      {snackbar && <snackbar.NotificationSnackbar id={current?.id} message={current?.message} severity={current?.severity} open={open} onClose={close} />}
    </NotifyContext.Provider>
  );
}

/** Loads the snackbar's code now: a message after that shows at once (the web tests' setup calls it). */
export const preloadSnackbar = () => useSnackbarModule.preload();

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify must be used inside <NotificationsProvider>');
  return notify;
}

/**
 * A failure told in the snackbar, for useSubmit's `describe` where the dialog closes either way (a delete
 * confirmation): it answers null, so the dialog itself shows nothing.
 */
export function useNotifyFailure(): (failure: unknown) => null {
  const notify = useNotify();
  return useCallback(
    (failure: unknown) => {
      notify({ message: describeError(failure), severity: 'error' });
      return null;
    },
    [notify],
  );
}
