import { DOCUMENTATION_LIMITS, type Template } from '@charta/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PlainTextField } from '@/components/inputs/PlainTextField';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import { createFromText } from '../api/creation';
import { SessionSetupFields, type SessionSetupValues } from './SessionSetupFields';
import { LazyDialog } from '@/components/feedback/LazyDialog';

export interface PasteNotesDialogProps {
  open: boolean;
  /** What the Record tab had chosen when the dialog opened: it starts from it (PasteNotes remounts it per opening). */
  defaults: SessionSetupValues;
  /** What the Template field offers: the user's templates and the built-ins. */
  templates: Pick<Template, 'id' | 'name'>[] | undefined;
  onClose: () => void;
}

/** The paste-text dialog (PasteNotes.tsx opens it). */
export function PasteNotesDialog({ open, defaults, templates, onClose }: PasteNotesDialogProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const [values, setValues] = useState({ ...defaults, text: '' });
  const [errors, setErrors] = useState<{ patientName?: string; text?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ message: string; sessionSaved: boolean } | null>(null);

  const set = (field: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === 'patientName' || field === 'text') setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const patientName = values.patientName.trim();
    const text = values.text.trim();
    const found = {
      patientName: patientName ? undefined : 'Enter the patient’s name.',
      text: text ? undefined : 'Paste or type the notes or the transcript.',
    };
    setErrors(found);
    if (found.patientName || found.text || !values.templateId) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const session = await createFromText({ patientName, templateId: values.templateId, language: values.language, text });
      onClose();
      void navigate(paths.session.getHref(session.id));
    } catch (error) {
      // 503 from /creation: the session was made but the note could not be written; the API's message
      // (written for people, no internals) says so, and the session waits in the list with a Retry.
      const sessionSaved = error instanceof ApiError && error.status === 503;
      setFailure({ message: sessionSaved ? error.message : describeError(error), sessionSaved });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <LazyDialog open={open} onClose={submitting ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md" className={NO_CAPTURE_CLASS}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>Documentation from notes</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              Paste dictated notes or a transcript (for example “Clinician: … / Patient: …” lines). Charta writes the documentation from it, as it does from a
              recording.
            </DialogContentText>
            <SessionSetupFields
              values={values}
              onPatientNameChange={(value) => set('patientName', value)}
              onTemplateChange={(value) => set('templateId', value)}
              onLanguageChange={(value) => set('language', value)}
              templates={templates}
              patientNameError={errors.patientName ?? null}
              disabled={submitting}
            />
            <PlainTextField
              label="Notes or transcript"
              value={values.text}
              onChange={(event) => set('text', event.target.value)}
              required
              multiline
              minRows={8}
              maxRows={20}
              disabled={submitting}
              error={Boolean(errors.text)}
              helperText={errors.text ?? 'Only what you paste is used: nothing else about the patient is added.'}
              htmlInput={{ maxLength: DOCUMENTATION_LIMITS.pastedText }}
            />
            {submitting && <LinearProgress aria-label="Writing the documentation" />}
            {failure && (
              <Alert severity="error" role="alert">
                {failure.message}
                {failure.sessionSaved && (
                  <>
                    {' '}
                    <RouterLink to={paths.sessions.getHref()} style={{ color: 'inherit', fontWeight: 600 }}>
                      Open Sessions
                    </RouterLink>
                  </>
                )}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={submitting} disabled={!values.templateId}>
            Write documentation
          </Button>
        </DialogActions>
      </form>
    </LazyDialog>
  );
}
