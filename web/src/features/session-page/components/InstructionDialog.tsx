import { DOCUMENTATION_LIMITS } from '@charta/contract';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { DialogSubmitActions } from '@/components/feedback/DialogSubmitActions';
import { LazyDialog } from '@/components/feedback/LazyDialog';

interface InstructionDialogProps {
  open: boolean;
  title: string;
  description: string;
  fieldLabel: string;
  examples: readonly string[];
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (instruction: string) => void;
  onClose: () => void;
}

/** Asks for one instruction (Magic edit, Customize), with examples a click puts in the field. */
export function InstructionDialog({ open, title, description, fieldLabel, examples, submitLabel, busy, error, onSubmit, onClose }: InstructionDialogProps) {
  const titleId = useId();
  const [text, setText] = useState('');
  const trimmed = text.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed && !busy) onSubmit(trimmed);
  };

  return (
    <LazyDialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => setText('') } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{description}</DialogContentText>
            <TextField
              label={fieldLabel}
              value={text}
              onChange={(event) => setText(event.target.value)}
              multiline
              minRows={2}
              autoFocus
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: DOCUMENTATION_LIMITS.instruction } }}
            />
            <Stack spacing={1}>
              <Typography variant="body2" color="text.secondary" id={`${titleId}-examples`}>
                Examples
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="group" aria-labelledby={`${titleId}-examples`}>
                {examples.map((example) => (
                  <Chip key={example} label={example} variant="outlined" onClick={() => setText(example)} disabled={busy} />
                ))}
              </Stack>
            </Stack>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogSubmitActions busy={busy} onCancel={onClose} submitLabel={submitLabel} submitDisabled={!trimmed} />
      </form>
    </LazyDialog>
  );
}
