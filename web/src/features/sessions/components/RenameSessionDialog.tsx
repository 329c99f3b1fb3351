import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { DialogSubmitActions } from '@/components/feedback/DialogSubmitActions';
import { describeError } from '@/lib/error-message';
import { SESSION_LIMITS, type Session } from '@charta/contract';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';

interface RenameSessionDialogProps {
  session: Session;
  onRename: (title: string) => Promise<void>;
  onClose: () => void;
}

/** Mounted only while open, so each opening starts from the session's current title. */
export function RenameSessionDialog({ session, onRename, onClose }: RenameSessionDialogProps) {
  const titleId = useId();
  const [title, setTitle] = useState(session.title);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trimmed = title.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) {
      setError('Enter a title.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onRename(trimmed);
      onClose();
    } catch (failure) {
      setError(describeError(failure));
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth className={NO_CAPTURE_CLASS}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>Rename session</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            autoFocus
            required
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: SESSION_LIMITS.title } }}
            helperText={`Patient: ${session.patientName}`}
          />
        </DialogContent>
        <DialogSubmitActions busy={saving} onCancel={onClose} submitLabel={'Save'} submitDisabled={!trimmed} />
      </form>
    </Dialog>
  );
}
