import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { DialogSubmitActions } from '@/components/feedback/DialogSubmitActions';
import { ReauthenticateForm } from './ReauthenticateForm';
import { LazyDialog } from '@/components/feedback/LazyDialog';

interface ReauthenticateDialogProps {
  open: boolean;
  /** Why the confirmation is asked for, in the words of what comes next ("to delete your account"). */
  purpose: string;
  onConfirmed: () => void;
  onClose: () => void;
}

/**
 * Asks the signed-in user to prove it is them again, for actions the server allows only after a recent
 * sign-in.
 */
export function ReauthenticateDialog({ open, purpose, onConfirmed, onClose }: ReauthenticateDialogProps) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);

  return (
    <LazyDialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Confirm it is you</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>For your security, confirm your identity {purpose}.</DialogContentText>
          <ReauthenticateForm verb="Confirm" onConfirmed={onConfirmed} onBusyChange={setBusy} />
        </Stack>
      </DialogContent>
      <DialogSubmitActions busy={busy} onCancel={onClose} />
    </LazyDialog>
  );
}
