import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { LazyDialog } from '@/components/feedback/LazyDialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The button that does it, named for what it does ("Delete 3 sessions"), never just "OK". */
  confirmLabel: string;
  cancelLabel?: string;
  /** What the cancel button does besides closing (a question's "Review"); Escape and the backdrop only close. */
  onCancel?: () => void;
  /** The choice drawn as the one to take: doing it, or (a question before something risky) not doing it yet. */
  emphasis?: 'confirm' | 'cancel';
  /** Room for a list to read ('sm'); a plain question is narrow. */
  maxWidth?: 'xs' | 'sm';
  destructive?: boolean;
  busy?: boolean;
  /** The confirm button is off until the dialog's own condition holds (a name typed to confirm a deletion). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** ConfirmDialog's dialog, once its code has arrived (ConfirmDialog.tsx). */
export function ConfirmDialogBody({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onCancel,
  emphasis = 'confirm',
  maxWidth = 'xs',
  destructive,
  busy,
  confirmDisabled,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <LazyDialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={descriptionId} maxWidth={maxWidth} fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId} component="div">
          {children}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel ?? onClose} disabled={busy} variant={emphasis === 'cancel' ? 'contained' : 'text'} autoFocus>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} color={destructive ? 'error' : 'primary'} variant={emphasis === 'confirm' ? 'contained' : 'text'} loading={busy} disabled={confirmDisabled}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </LazyDialog>
  );
}
