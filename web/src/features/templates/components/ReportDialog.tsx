import { LIBRARY_REPORT_REASON_LABELS, LIBRARY_REPORT_REASONS, TEMPLATE_LIMITS, type LibraryReportReason, type PublishedTemplate } from '@charta/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { DialogSubmitActions } from '@/components/feedback/DialogSubmitActions';
import { useSubmit } from '@/lib/use-submit';
import { reportLibraryEntry } from '../api/templates';
import { LazyDialog } from '@/components/feedback/LazyDialog';

interface ReportDialogProps {
  entry: PublishedTemplate;
  onClose: () => void;
}

const isReason = (value: string): value is LibraryReportReason => (LIBRARY_REPORT_REASONS as readonly string[]).includes(value);

/**
 * Reports someone else's library entry: a reason (the contract's list), an optional note, then a thank-you.
 * The server counts one report per user, so sending twice is harmless.
 */
export function ReportDialog({ entry, onClose }: ReportDialogProps) {
  const titleId = useId();
  const reasonLabelId = useId();
  const [reason, setReason] = useState<LibraryReportReason | ''>('');
  const [note, setNote] = useState('');
  const [sent, setSent] = useState(false);
  const noteTooLong = note.trim().length > TEMPLATE_LIMITS.reportNote;

  const report = useSubmit(async (chosen: LibraryReportReason) => {
    await reportLibraryEntry(entry.id, chosen, note.trim());
    setSent(true);
  });
  const { busy } = report;
  const error = report.error === null ? null : { field: report.errorField, message: report.error };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason || noteTooLong) return;
    void report.submit(reason);
  }

  return (
    <LazyDialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Report “{entry.name}”</DialogTitle>
      {sent ? (
        <>
          <DialogContent>
            <DialogContentText role="status">
              Thank you: your report was sent. When several clinicians report a template, it is hidden from the library until someone reviews it.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose} autoFocus>
              Close
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText>Tell us what is wrong with this template by {entry.authorName}. Its author is not told who reported it.</DialogContentText>
              {error && error.field !== 'note' && <Alert severity="error">{error.message}</Alert>}
              <FormControl>
                <FormLabel id={reasonLabelId}>What is wrong with it?</FormLabel>
                <RadioGroup aria-labelledby={reasonLabelId} name="reason" value={reason} onChange={(event) => isReason(event.target.value) && setReason(event.target.value)}>
                  {LIBRARY_REPORT_REASONS.map((value) => (
                    <FormControlLabel key={value} value={value} control={<Radio />} label={LIBRARY_REPORT_REASON_LABELS[value]} />
                  ))}
                </RadioGroup>
              </FormControl>
              <TextField
                label="Note for the reviewer (optional)"
                multiline
                minRows={2}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                error={noteTooLong || error?.field === 'note'}
                helperText={error?.field === 'note' ? error.message : `${note.trim().length} / ${TEMPLATE_LIMITS.reportNote}. Please do not include patient details.`}
              />
            </Stack>
          </DialogContent>
          <DialogSubmitActions busy={busy} onCancel={onClose} submitLabel="Send report" submitDisabled={!reason || noteTooLong} />
        </form>
      )}
    </LazyDialog>
  );
}
