import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { sendPasswordReset } from '../api/auth';
import { describeAuthError } from '../api/auth-errors';
import { validateEmail } from '../api/credentials-validation';
import { EmailField } from './EmailField';

interface PasswordResetFormProps {
  initialEmail: string;
  onBack: () => void;
}

/** "Forgot your password?": emails a reset link. The answer is the same whether or not the address has an account. */
export function PasswordResetForm({ initialEmail, onBack }: PasswordResetFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const emailError = submitted ? validateEmail(email) : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (validateEmail(email)) return;
    setSending(true);
    setFailure(null);
    try {
      await sendPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch (error) {
      setFailure(describeAuthError(error).message);
    } finally {
      setSending(false);
    }
  }

  if (sentTo) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
          If {sentTo} has a Charta account with a password, a link to choose a new one is on its way. Check your inbox
          (and spam folder); the link works once, for a limited time.
        </Alert>
        <Button variant="contained" size="large" onClick={onBack}>
          Back to sign in
        </Button>
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-labelledby="reset-heading">
      <Typography id="reset-heading" variant="h2" sx={{ fontSize: '1.15rem' }}>
        Reset your password
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Enter the email you sign in with and we will send you a link to choose a new password.
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <EmailField value={email} onChange={setEmail} error={emailError} />
      <Button type="submit" variant="contained" size="large" loading={sending}>
        Send reset link
      </Button>
      <Button onClick={onBack}>Back to sign in</Button>
    </Stack>
  );
}
