import { PROFILE_LIMITS, type Profile, type Template } from '@charta/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { PlainSelectField } from '@/components/inputs/PlainSelectField';
import { PlainTextField } from '@/components/inputs/PlainTextField';
import { useUpdateProfile } from '@/data/profile';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';

interface FirstRunCardProps {
  profile: Profile;
  templates: readonly Template[] | undefined;
}

type Field = 'displayName' | 'title' | 'specialty' | 'defaultTemplateId';

/**
 * The first-run step, on the Record tab after the first sign-in until finished or skipped: the clinician's
 * name and title (shown with what they publish to the library and on invitations they send), specialty and
 * default template. Not a dialog: nothing stands between a clinician and recording. Settings changes it later.
 */
export function FirstRunCard({ profile, templates }: FirstRunCardProps) {
  const updateProfile = useUpdateProfile();
  const [values, setValues] = useState({
    displayName: profile.displayName,
    title: profile.title,
    specialty: profile.specialty,
    defaultTemplateId: profile.defaultTemplateId ?? '',
  });
  const [busy, setBusy] = useState<'save' | 'skip' | null>(null);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);

  const set = (field: Field) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (error?.field === field) setError(null);
  };

  async function finish(how: 'save' | 'skip', event?: FormEvent) {
    event?.preventDefault();
    setBusy(how);
    setError(null);
    try {
      // Skipping stores nothing typed: only that the step is done. The card goes once the answer is cached.
      await updateProfile(
        how === 'skip'
          ? { completeFirstRun: true }
          : {
              displayName: values.displayName.trim(),
              title: values.title.trim(),
              specialty: values.specialty.trim(),
              ...(values.defaultTemplateId ? { defaultTemplateId: values.defaultTemplateId } : {}),
              completeFirstRun: true,
            },
      );
    } catch (err) {
      setError({ field: err instanceof ApiError ? err.field : undefined, message: describeError(err) });
      setBusy(null);
    }
  }

  const fieldError = (field: Field) => (error?.field === field ? error.message : undefined);
  const textProps = (field: 'displayName' | 'title' | 'specialty') => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field)(event.target.value),
    error: Boolean(fieldError(field)),
    helperText: fieldError(field),
    htmlInput: { maxLength: PROFILE_LIMITS[field] },
  });
  return (
    <Card component="section" aria-labelledby="first-run-heading" variant="outlined" sx={{ borderColor: 'primary.main' }}>
      <CardContent>
        <Typography id="first-run-heading" variant="h2" sx={{ mb: 1 }}>
          Welcome to Charta
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Tell us who you are and how you document. Your name and title are shown with templates you publish to the library and on invitations you send; you can change all of this in
          Settings.
        </Typography>
        <Stack component="form" noValidate spacing={2} onSubmit={(event) => void finish('save', event)} aria-label="Your details">
          {error && !error.field && <Alert severity="error">{error.message}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <PlainTextField label="Title" placeholder="e.g. Dr, NP, PA" {...textProps('title')} sx={{ width: { sm: 160 } }} />
            <PlainTextField label="Your name" autoComplete="name" {...textProps('displayName')} fullWidth />
          </Stack>
          <PlainTextField label="Specialty" placeholder="e.g. Family medicine" {...textProps('specialty')} />
          <PlainSelectField
            label="Default template"
            value={values.defaultTemplateId}
            onChange={(event) => set('defaultTemplateId')(event.target.value)}
            error={Boolean(fieldError('defaultTemplateId'))}
            helperText={fieldError('defaultTemplateId') ?? 'The Record tab starts with it; you can pick another for any session.'}
            disabled={!templates}
            // Native, as the Record tab's own template field: a phone's own picker. Its label stays above even for
            // "No default" (an empty value), which it would otherwise be drawn over.
            slotProps={{ inputLabel: { shrink: true } }}
          >
            <option value="">No default</option>
            {(templates ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </PlainSelectField>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button onClick={() => void finish('skip')} disabled={busy !== null} loading={busy === 'skip'}>
              Skip for now
            </Button>
            <Button type="submit" variant="contained" disabled={busy !== null} loading={busy === 'save'}>
              Save
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
