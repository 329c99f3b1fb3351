import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { PlainTextField } from '@/components/inputs/PlainTextField';
import { describeAuthError, type AuthErrorDescription } from '../api/auth-errors';
import { MIN_PASSWORD_LENGTH, validateCredentials } from '../api/credentials-validation';

interface CredentialsFormProps {
  mode: 'sign-in' | 'sign-up';
  submitLabel: string;
  onSubmit: (email: string, password: string) => Promise<void>;
  /** The address to start with (typed in another sign-in form, or the account a provider found). */
  initialEmail?: string;
  /** Told as the email is typed, so the page can carry it to its other forms. */
  onEmailChange?: (email: string) => void;
}

type Field = 'email' | 'password';

/** Email and password with inline validation; what happens on submit is the page's business. */
export function CredentialsForm({ mode, submitLabel, onSubmit, initialEmail = '', onEmailChange }: CredentialsFormProps) {
  const [values, setValues] = useState({ email: initialEmail, password: '' });
  // Errors appear once a filled-in field was left or the form was submitted, not while the user starts typing.
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, password: false });
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<AuthErrorDescription | null>(null);

  const validation = validateCredentials(values, mode);
  const errorFor = (field: Field): string | undefined => {
    if (serverError?.field === field) return serverError.message;
    return touched[field] || submitted ? validation[field] : undefined;
  };

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((previous) => ({ ...previous, [field]: event.target.value }));
    if (field === 'email') onEmailChange?.(event.target.value);
    setServerError(null);
  };
  // Leaving an empty field is not a mistake yet (the user may be heading for "Sign up"); "required" errors
  // wait for submit. Showing them on blur also shifted the layout under the pointer mid-click.
  const blur = (field: Field) => () => {
    if (values[field] !== '') setTouched((previous) => ({ ...previous, [field]: true }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (validation.email || validation.password) return;
    setSubmitting(true);
    setServerError(null);
    try {
      await onSubmit(values.email.trim(), values.password);
    } catch (error) {
      setServerError(describeAuthError(error));
    } finally {
      setSubmitting(false);
    }
  }

  const emailError = errorFor('email');
  const passwordError = errorFor('password');
  const passwordHint = mode === 'sign-up' ? `At least ${MIN_PASSWORD_LENGTH} characters.` : undefined;

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit}>
      {serverError && !serverError.field && <Alert severity="error">{serverError.message}</Alert>}
      <PlainTextField
        label="Email"
        type="email"
        autoComplete="email"
        // With the address known (a provider found the account), the password is what is left to type.
        autoFocus={initialEmail === ''}
        value={values.email}
        onChange={change('email')}
        onBlur={blur('email')}
        error={Boolean(emailError)}
        helperText={emailError}
        htmlInput={{ 'aria-required': true }}
      />
      <PlainTextField
        label="Password"
        type="password"
        autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
        autoFocus={initialEmail !== ''}
        value={values.password}
        onChange={change('password')}
        onBlur={blur('password')}
        error={Boolean(passwordError)}
        helperText={passwordError ?? passwordHint}
        htmlInput={{ 'aria-required': true }}
      />
      <Button type="submit" variant="contained" size="large" loading={submitting}>
        {submitLabel}
      </Button>
    </Stack>
  );
}
