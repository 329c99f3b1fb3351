import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

interface DialogSubmitActionsProps {
  /** While the request runs: Cancel is off and the submit button shows its progress. */
  busy: boolean;
  onCancel: () => void;
  /** The form's submit button, named for what it does; without it the dialog offers only Cancel. */
  submitLabel?: string;
  submitDisabled?: boolean;
}

/** The foot of a form dialog: Cancel, then the submit button of the surrounding form. */
export function DialogSubmitActions({ busy, onCancel, submitLabel, submitDisabled }: DialogSubmitActionsProps) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      {submitLabel !== undefined && (
        <Button type="submit" variant="contained" loading={busy} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      )}
    </DialogActions>
  );
}
