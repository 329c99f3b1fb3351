import type { Profile } from '@charta/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNotify } from '@/components/feedback/notifications';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { DOCUMENTATION_LANGUAGES, FALLBACK_LANGUAGE } from '../api/languages';
import { PROFILE_UPDATE_FIELDS, type ProfileUpdate } from '../api/profile';
import { useSaveProfile } from '../hooks/use-save-profile';

type Field = keyof ProfileUpdate;
type FieldErrors = Partial<Record<Field, string>>;

function isEditableField(field: string | undefined): field is Field {
  return (PROFILE_UPDATE_FIELDS as readonly string[]).includes(field ?? '');
}

function initialValues(profile: Profile): ProfileUpdate {
  return {
    displayName: profile.displayName ?? '',
    title: profile.title ?? '',
    specialty: profile.specialty ?? '',
    organization: profile.organization ?? '',
    defaultLanguage: profile.defaultLanguage ?? FALLBACK_LANGUAGE,
  };
}

export function ProfileForm({ profile }: { profile: Profile }) {
  const notify = useNotify();
  const { save, saving } = useSaveProfile();
  const [values, setValues] = useState(() => initialValues(profile));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // Keep a stored language we do not list (set by another client) selectable instead of silently replacing it.
  const languages = DOCUMENTATION_LANGUAGES.some(({ tag }) => tag === values.defaultLanguage)
    ? DOCUMENTATION_LANGUAGES
    : [...DOCUMENTATION_LANGUAGES, { tag: values.defaultLanguage, label: values.defaultLanguage }];

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((previous) => ({ ...previous, [field]: event.target.value }));
    setFieldErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFieldErrors({});
    setFormError(null);
    try {
      await save({
        displayName: values.displayName.trim(),
        title: values.title.trim(),
        specialty: values.specialty.trim(),
        organization: values.organization.trim(),
        defaultLanguage: values.defaultLanguage,
      });
      notify({ message: 'Profile saved', severity: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && isEditableField(error.field)) {
        setFieldErrors({ [error.field]: error.message });
      } else {
        setFormError(describeError(error));
      }
    }
  }

  const fieldProps = (field: Field) => ({
    value: values[field],
    onChange: change(field),
    error: Boolean(fieldErrors[field]),
    helperText: fieldErrors[field],
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit} aria-label="Profile">
      {formError && <Alert severity="error">{formError}</Alert>}
      <TextField label="Title" placeholder="e.g. Dr, NP, PA" {...fieldProps('title')} />
      <TextField
        label="Display name"
        autoComplete="name"
        {...fieldProps('displayName')}
        helperText={fieldErrors.displayName ?? 'Shown, after your title, with templates you publish and on invitations you send.'}
      />
      <TextField label="Specialty" placeholder="e.g. Family medicine" {...fieldProps('specialty')} />
      <TextField label="Organization" autoComplete="organization" {...fieldProps('organization')} />
      <TextField
        select
        label="Default language"
        {...fieldProps('defaultLanguage')}
        helperText={fieldErrors.defaultLanguage ?? 'New sessions are documented in this language.'}
        // A native select: works with the keyboard, screen readers and mobile pickers as people expect.
        slotProps={{ select: { native: true } }}
      >
        {languages.map(({ tag, label }) => (
          <option key={tag} value={tag}>
            {label}
          </option>
        ))}
      </TextField>
      <Box>
        <Button type="submit" variant="contained" loading={saving}>
          Save
        </Button>
      </Box>
    </Stack>
  );
}
