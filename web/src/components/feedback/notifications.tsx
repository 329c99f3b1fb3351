// One snackbar for the whole app: the newest message replaces the one on screen, so a burst of identical
// failures (e.g. several requests failing while offline) shows once instead of piling up.
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { describeError } from '@/lib/error-message';
import { useIsMobileLayout } from '@/lib/use-is-mobile-layout';

export interface Notification {
  message: string;
  severity?: AlertColor;
}

type Notify = (notification: Notification) => void;

const NotifyContext = createContext<Notify | null>(null);

const AUTO_HIDE_MS = 6_000;

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Notification & { id: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const isMobileLayout = useIsMobileLayout();

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
      <Snackbar
        key={current?.id}
        open={open}
        autoHideDuration={AUTO_HIDE_MS}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        // Above the bottom navigation (56 px) in the compact layout, so the message never hides the tabs.
        sx={isMobileLayout ? { bottom: { xs: 72, sm: 72 } } : undefined}
      >
        <Alert onClose={close} severity={current?.severity ?? 'info'} variant="filled" sx={{ width: '100%' }}>
          {current?.message}
        </Alert>
      </Snackbar>
    </NotifyContext.Provider>
  );
}

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
