import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { getEnv } from '@/config/env';
import { resendVerificationEmail } from '../api/auth';
import { describeAuthError } from '../api/auth-errors';
import { lastVerificationSentAt, recordVerificationSent, subscribeToVerificationSends, VERIFICATION_RESEND_INTERVAL_MS } from '../api/resend-throttle';
import { describeWait } from '../api/sign-in-methods';
import { useAuth } from '../hooks/use-auth';
import { useCountdown } from '../hooks/use-countdown';
import { useVerificationPickup } from '../hooks/use-verification-pickup';

type Status = { kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; message: string };

/**
 * The "check your inbox" state of a new account: where the link went, a resend that says when it may go
 * again, and (in local emulator builds) where the emails can be read. The app notices the verification by
 * itself (useVerificationPickup); a sign-up never fails just because the email did not go out.
 */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  const unverified = Boolean(user && !user.emailVerified);
  useVerificationPickup(unverified);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const uid = user?.uid ?? null;
  // Read the same way in a render without a browser: the build renders the shell for its styles (app/prerender).
  const lastSent = useCallback(() => (uid ? lastVerificationSentAt(uid) : null), [uid]);
  const sentAt = useSyncExternalStore(subscribeToVerificationSends, lastSent, lastSent);
  const secondsLeft = useCountdown(sentAt === null ? null : sentAt + VERIFICATION_RESEND_INTERVAL_MS);
  if (!user || user.emailVerified) return null;

  async function resend() {
    if (!user) return;
    setStatus({ kind: 'sending' });
    try {
      await resendVerificationEmail();
      recordVerificationSent(user.uid);
      setStatus({ kind: 'sent' });
    } catch (error) {
      setStatus({ kind: 'failed', message: describeAuthError(error).message });
    }
  }

  const address = user.email ?? 'your email address';
  const { useEmulators, signIn } = getEnv();
  const waiting = secondsLeft > 0;

  return (
    <Alert
      severity={status.kind === 'failed' ? 'warning' : 'info'}
      // Long email addresses must wrap on narrow screens rather than be cut off.
      sx={{ overflowWrap: 'anywhere' }}
      action={
        <Button color="inherit" size="small" onClick={resend} loading={status.kind === 'sending'} disabled={waiting}>
          {waiting ? `Resend in ${describeWait(secondsLeft)}` : 'Resend email'}
        </Button>
      }
    >
      <AlertTitle>Check your inbox</AlertTitle>
      <span role="status">
        {status.kind === 'failed'
          ? status.message
          : status.kind === 'sent'
            ? `We sent a new verification link to ${address}.`
            : `We sent a verification link to ${address}. Open it to verify your email; this page updates by itself.`}
      </span>
      {' '}Until then you can look around, but not record or write notes.
      {useEmulators && signIn.mailCatcherUrl && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Running locally: the emails are at{' '}
          <Link href={signIn.mailCatcherUrl} target="_blank" rel="noreferrer" color="inherit">
            {signIn.mailCatcherUrl}
          </Link>
          .
        </Typography>
      )}
    </Alert>
  );
}
