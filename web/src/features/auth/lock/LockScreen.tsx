// The lock screen (docs/sign-in.md "Automatic lock"): full screen, above anything the app has open, and modal (MUI's
// Modal hides every other part of the page from assistive technology and keeps the focus inside).
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { reportActivity } from '@/data/activity';
import { ReauthenticateForm } from '../components/ReauthenticateForm';
import { describeLockAfter } from './lock-settings';

interface LockScreenProps {
  lockAfterSeconds: number;
  email: string | null;
  onUnlocked: () => void;
}

export function LockScreen({ lockAfterSeconds, email, onUnlocked }: LockScreenProps) {
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
