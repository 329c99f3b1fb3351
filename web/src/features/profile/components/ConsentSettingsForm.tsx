import { CONSENT_LIMITS, DEFAULT_CONSENT_STATEMENT, type ConsentSettings } from '@charta/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { useNotify } from '@/components/feedback/notifications';
import { useUpdatePrivacySettings } from '@/data/profile';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { SetByClinicNotice } from './SetByClinicNotice';

/**
 * Settings → Consent (docs/privacy.md "Consent"): whether the Record tab asks for the patient's consent before
 * recording or uploading, and the statement it offers to read aloud. What the clinician typed stays until it
 * is saved: a failed save keeps it, and leaving the page with it unsaved asks first. When the clinician's clinic
 * sets consent for its members (`setByClinic`), the clinic's setting shows, disabled, with no Save.
 */
export function ConsentSettingsForm({ settings, setByClinic = null }: { settings: ConsentSettings; setByClinic?: string | null }) {
  const locked = setByClinic !== null;
  const notify = useNotify();
  const { updateConsent } = useUpdatePrivacySettings();
  const [required, setRequired] = useState(settings.required);
  const [statement, setStatement] = useState(settings.statement);
  const [saving, setSaving] = useState(false);
  const [statementError, setStatementError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const dirty = required !== settings.required || statement !== settings.statement;
  const blocker = useLeaveGuard(dirty && !saving);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!statement.trim()) {
      setStatementError('Write what you read to the patient, or use the default.');
      return;
    }
    setSaving(true);
    try {
      const saved = await updateConsent({
        ...(required !== settings.required ? { required } : {}),
        ...(statement !== settings.statement ? { statement } : {}),
      });
      setStatement(saved.consent.statement);
      notify({ message: 'Consent settings saved', severity: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.field === 'statement') setStatementError(error.message);
      else setFormError(describeError(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void handleSubmit(event)} aria-label="Consent">
      {locked && <SetByClinicNotice clinicName={setByClinic} />}
      {formError && <Alert severity="error">{formError}</Alert>}
      <div>
        <FormControlLabel
          control={<Switch checked={required} disabled={locked} onChange={(event) => setRequired(event.target.checked)} />}
          label="Ask for the patient’s consent before recording"
        />
        <Typography variant="body2" color="text.secondary">
          {required
            ? 'The Record tab asks you to confirm verbal or written consent before you record or upload, and keeps who confirmed it and when with the session.'
            : 'Off: Charta records without asking. Your organization may still require you to ask.'}
        </Typography>
      </div>
      <TextField
        label="What to read aloud"
        multiline
        minRows={3}
        value={statement}
        disabled={locked}
        onChange={(event) => {
          setStatement(event.target.value);
          setStatementError(null);
        }}
        error={Boolean(statementError)}
        // A disabled field's helper text is greyed below readable contrast; the clinic's notice says why it is locked.
        helperText={locked ? undefined : (statementError ?? `Offered on the Record tab. At most ${CONSENT_LIMITS.statement} characters.`)}
        slotProps={{ htmlInput: { maxLength: CONSENT_LIMITS.statement } }}
      />
      {!locked && (
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" loading={saving} disabled={!dirty}>
          Save
        </Button>
        {statement !== DEFAULT_CONSENT_STATEMENT && (
          <Button
            onClick={() => {
              setStatement(DEFAULT_CONSENT_STATEMENT);
              setStatementError(null);
            }}
          >
            Use the default statement
          </Button>
        )}
      </Stack>
      )}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave without saving"
        cancelLabel="Keep editing"
        destructive
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        Your changes to the consent settings have not been saved.
      </ConfirmDialog>
    </Stack>
  );
}
