import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { DialogSubmitActions } from '@/components/feedback/DialogSubmitActions';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { useSubmit } from '@/lib/use-submit';
import { patientNameField, SESSION_LIMITS, sessionTitleField, type Session } from '@charta/contract';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import { LazyDialog } from '@/components/feedback/LazyDialog';

/** What the dialog saves: both are sent trimmed. */
export interface SessionNaming {
  title: string;
  patientName: string;
}

interface RenameSessionDialogProps {
  session: Session;
  onRename: (naming: SessionNaming) => Promise<void>;
  onClose: () => void;
}

type Field = keyof SessionNaming;
type FieldErrors = Partial<Record<Field, string>>;

const FIELD_LABELS: Record<Field, string> = { patientName: 'Patient name', title: 'Title' };
const MISSING: Record<Field, string> = { patientName: "Enter the patient's name.", title: 'Enter a title.' };

/** The contract's rule for a field, worded for the person typing (the API checks the same on its side). */
function checkField(field: Field, value: string): string | undefined {
  const result = (field === 'patientName' ? patientNameField : sessionTitleField).safeParse(value);
  if (result.success) return undefined;
  return value.trim() ? `${FIELD_LABELS[field]} ${result.error.issues[0]?.message ?? 'is not valid'}.` : MISSING[field];
}

function isNamingField(field: string | undefined): field is Field {
  return field === 'patientName' || field === 'title';
}

/**
 * Corrects a session's title and its patient's name (a misheard or mistyped name is the usual reason).
 * A title that begins with the patient's name (the default "María García · 21 Nov 2026") follows the
 * corrected name until the clinician edits the title themselves. Mounted only while open, so each opening
 * starts from the session as it is; on a failure everything typed stays.
 */
export function RenameSessionDialog({ session, onRename, onClose }: RenameSessionDialogProps) {
  const titleId = useId();
  const [patientName, setPatientName] = useState(session.patientName);
  // The rest of a title that begins with the name (" · 21 Nov 2026"); null once the clinician edits the title.
  const [titleAfterName, setTitleAfterName] = useState<string | null>(session.patientName && session.title.startsWith(session.patientName) ? session.title.slice(session.patientName.length) : null);
  const [ownTitle, setOwnTitle] = useState(session.title);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const title = titleAfterName === null ? ownTitle : `${patientName.trim()}${titleAfterName}`;

  const save = useSubmit(
    async (naming: SessionNaming) => {
      await onRename(naming);
      onClose();
    },
    {
      // The API's word on one field goes under that field; anything else above the form.
      describe: (failure) => {
        if (!(failure instanceof ApiError && failure.status === 400 && isNamingField(failure.field))) return describeError(failure);
        setFieldErrors({ [failure.field]: failure.message });
        return null;
      },
    },
  );
  const { busy: saving, error } = save;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid: FieldErrors = { patientName: checkField('patientName', patientName), title: checkField('title', title) };
    setFieldErrors(invalid);
    if (invalid.patientName || invalid.title) return;
    void save.submit({ patientName: patientName.trim(), title: title.trim() });
  };

  return (
    <LazyDialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth className={NO_CAPTURE_CLASS}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Rename session</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              label={FIELD_LABELS.patientName}
              value={patientName}
              onChange={(event) => {
                setPatientName(event.target.value);
                setFieldErrors((previous) => ({ ...previous, patientName: undefined }));
              }}
              autoFocus
              required
              autoComplete="off"
              error={Boolean(fieldErrors.patientName)}
              helperText={fieldErrors.patientName}
              slotProps={{ htmlInput: { maxLength: SESSION_LIMITS.patientName } }}
            />
            <TextField
              label={FIELD_LABELS.title}
              value={title}
              onChange={(event) => {
                setTitleAfterName(null);
                setOwnTitle(event.target.value);
                setFieldErrors((previous) => ({ ...previous, title: undefined }));
              }}
              required
              autoComplete="off"
              error={Boolean(fieldErrors.title)}
              helperText={fieldErrors.title}
              slotProps={{ htmlInput: { maxLength: SESSION_LIMITS.title } }}
            />
          </Stack>
        </DialogContent>
        <DialogSubmitActions busy={saving} onCancel={onClose} submitLabel={'Save'} />
      </form>
    </LazyDialog>
  );
}
