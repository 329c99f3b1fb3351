import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { resendVerificationEmail } from '../api/auth';
import { describeAuthError } from '../api/auth-errors';
import { useAuth } from '../hooks/use-auth';

/** Reminds a new user to verify their email; a sign-up never fails just because that email did not go out. */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  const [status, setStatus] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; message: string }>({
    kind: 'idle',
  });
  if (!user || user.emailVerified) return null;

  async function resend() {
    setStatus({ kind: 'sending' });
    try {
      await resendVerificationEmail();
      setStatus({ kind: 'sent' });
    } catch (error) {
      setStatus({ kind: 'failed', message: describeAuthError(error).message });
    }
  }

  const text =
    status.kind === 'sent'
      ? `We sent a new verification link to ${user.email ?? 'your email address'}.`
      : status.kind === 'failed'
        ? status.message
        : `Please verify your email address: open the link we sent to ${user.email ?? 'your email address'}.`;

  return (
    <Alert
      severity={status.kind === 'failed' ? 'warning' : 'info'}
      // Long email addresses must wrap on narrow screens rather than be cut off.
      sx={{ overflowWrap: 'anywhere' }}
      action={
        status.kind === 'sent' ? undefined : (
          <Button color="inherit" size="small" onClick={resend} loading={status.kind === 'sending'}>
            Resend email
          </Button>
        )
      }
    >
      {text}
    </Alert>
  );
}
