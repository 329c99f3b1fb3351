import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useIsMobileLayout } from '@/lib/use-is-mobile-layout';

export interface NotificationSnackbarProps {
  id: number | undefined;
  message: string | undefined;
  severity: AlertColor | undefined;
  open: boolean;
  onClose: (event?: unknown, reason?: string) => void;
}

const AUTO_HIDE_MS = 6_000;

/** The app's one snackbar (notifications.tsx holds what it shows). */
export function NotificationSnackbar({ id, message, severity, open, onClose }: NotificationSnackbarProps) {
  const isMobileLayout = useIsMobileLayout();
  return (
    <Snackbar
      key={id}
      open={open}
      autoHideDuration={AUTO_HIDE_MS}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      // Above the bottom navigation (56 px) in the compact layout, so the message never hides the tabs.
      sx={isMobileLayout ? { bottom: { xs: 72, sm: 72 } } : undefined}
    >
      <Alert onClose={onClose} severity={severity ?? 'info'} variant="filled" sx={{ width: '100%' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
