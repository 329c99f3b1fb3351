import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PlainTextField } from '@/components/inputs/PlainTextField';
import { paths } from '@/config/paths';
import { describeAuthError, firebaseErrorCode } from '../api/auth-errors';
import { MIN_PASSWORD_LENGTH, validateEmail } from '../api/credentials-validation';
import { accountOfResetLink, applyEmailLink, chooseNewPassword, emailActionOf, signInWithLink, type EmailAction } from '../api/email-actions';
import { AuthLayout } from './AuthLayout';
import { EmailField } from './EmailField';

type Step =
  | { kind: 'checking' }
  | { kind: 'new-password'; email: string }
  | { kind: 'sign-in-email' }
  | { kind: 'done'; title: string; message: string }
  | { kind: 'failed'; title: string; message: string };

const TITLES: Record<EmailAction['mode'], string> = {
  resetPassword: 'Choose a new password',
  verifyEmail: 'Verifying your email',
  recoverEmail: 'Restoring your email',
  verifyAndChangeEmail: 'Changing your email',
  signIn: 'Signing you in',
};

/** A link that failed: what to do next depends on why (an old link can be asked for again). */
function failure(error: unknown, action: EmailAction): Step {
  const code = firebaseErrorCode(error);
  const again = action.mode === 'resetPassword' ? ' Ask for a new one from "Forgot your password?" on the sign-in page.' : action.mode === 'verifyEmail' ? ' Sign in and ask Charta to send a new verification link.' : '';
  if (code === 'auth/expired-action-code') return { kind: 'failed', title: 'This link has expired', message: `Links from Charta's emails work for a limited time.${again}` };
  if (code === 'auth/invalid-action-code') return { kind: 'failed', title: 'This link has already been used', message: `Each link from Charta's emails works once (or it was cut short when copied).${again}` };
  return { kind: 'failed', title: 'This link did not work', message: describeAuthError(error).message };
}

/**
 * /auth/action: the page the links in Charta's account emails open (password reset, email verification,
 * email change, email-link sign-in), in the app's own look, in place of the identity provider's bare page.
 * The link's code is checked before anything is asked, so an expired or used link says so at once.
 */
export function EmailActionPage() {
  const [query] = useSearchParams();
  const [action] = useState(() => emailActionOf(query, window.location.origin));
  const [step, setStep] = useState<Step>(() => (action ? { kind: 'checking' } : { kind: 'failed', title: 'This link is incomplete', message: 'Open the link from the email again, or copy the whole of it into the address bar.' }));
  const started = useRef(false);

  useEffect(() => {
    // Once: a verification code is used up by the first try (React's development double effect included).
    if (!action || started.current) return;
    started.current = true;
    void (async () => {
      try {
        if (action.mode === 'resetPassword') return setStep({ kind: 'new-password', email: await accountOfResetLink(action.oobCode) });
        if (action.mode === 'signIn') return setStep({ kind: 'sign-in-email' });
        const { email } = await applyEmailLink(action.oobCode);
        const who = email ? ` ${email}` : '';
        if (action.mode === 'verifyEmail') setStep({ kind: 'done', title: 'Email verified', message: `Thank you: your address${who} is verified. You can record and document sessions.` });
        else if (action.mode === 'recoverEmail') setStep({ kind: 'done', title: 'Email restored', message: `Your account's address is${who || ' your previous one'} again. If you did not ask for the change, choose a new password too.` });
        else setStep({ kind: 'done', title: 'Email changed', message: `Your account now signs in with${who || ' the new address'}.` });
      } catch (error) {
        setStep(failure(error, action));
      }
    })();
  }, [action]);

  const next = action?.continuePath ?? paths.record.getHref();
  return (
    <AuthLayout title={step.kind === 'done' || step.kind === 'failed' ? step.title : action ? TITLES[action.mode] : 'Email link'} footer={
        // Once done or failed, the page's own button says where to go.
        step.kind === 'done' || step.kind === 'failed' ? null : (
          <Link component={RouterLink} to={paths.signIn.getHref()}>
            Back to sign in
          </Link>
        )
      }
    >
      {step.kind === 'checking' && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>Checking the link…</Typography>
        </Stack>
      )}
      {step.kind === 'new-password' && action && (
        <NewPasswordForm
          email={step.email}
          onSubmit={(password) => chooseNewPassword(action.oobCode, password)}
          onDone={() => setStep({ kind: 'done', title: 'Password changed', message: `Sign in to ${step.email} with your new password.` })}
          onLinkFailed={(error) => setStep(failure(error, action))}
        />
      )}
      {step.kind === 'sign-in-email' && (
        <SignInEmailForm onSubmit={(email) => signInWithLink(email, window.location.href)} onDone={() => setStep({ kind: 'done', title: 'You are signed in', message: 'Charta is open on this device.' })} />
      )}
      {(step.kind === 'done' || step.kind === 'failed') && (
        <Stack spacing={2}>
          <Alert severity={step.kind === 'done' ? 'success' : 'error'} role={step.kind === 'done' ? 'status' : 'alert'} sx={{ overflowWrap: 'anywhere' }}>
            {step.message}
          </Alert>
          <Button component={RouterLink} to={step.kind === 'done' && action?.mode !== 'resetPassword' ? next : paths.signIn.getHref()} variant="contained" size="large">
            {step.kind === 'done' && action?.mode !== 'resetPassword' ? 'Continue to Charta' : 'Go to sign in'}
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}

/** Failures of the link itself end the form; anything else (a weak password, no network) is said beside it. */
const LINK_FAILURES = new Set(['auth/expired-action-code', 'auth/invalid-action-code', 'auth/user-disabled', 'auth/user-not-found']);

function NewPasswordForm({ email, onSubmit, onDone, onLinkFailed }: { email: string; onSubmit: (password: string) => Promise<void>; onDone: () => void; onLinkFailed: (error: unknown) => void }) {
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const tooShort = password.length < MIN_PASSWORD_LENGTH;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (tooShort) return;
    setSaving(true);
    setProblem(null);
    try {
      await onSubmit(password);
      onDone();
    } catch (error) {
      if (LINK_FAILURES.has(firebaseErrorCode(error) ?? '')) onLinkFailed(error);
      else setProblem(describeAuthError(error).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        For <strong>{email}</strong>. You will sign in with it from now on, on every device.
      </Typography>
      {problem && <Alert severity="error">{problem}</Alert>}
      {/* The address, for password managers to file the new password under (not shown: it is named above). */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PlainTextField
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={submitted && tooShort}
        helperText={submitted && tooShort ? `Use at least ${MIN_PASSWORD_LENGTH} characters.` : `At least ${MIN_PASSWORD_LENGTH} characters.`}
        htmlInput={{ 'aria-required': true }}
      />
      <Button type="submit" variant="contained" size="large" loading={saving}>
        Save new password
      </Button>
    </Stack>
  );
}

function SignInEmailForm({ onSubmit, onDone }: { onSubmit: (email: string) => Promise<void>; onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const emailError = submitted ? validateEmail(email) : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (validateEmail(email)) return;
    setBusy(true);
    setProblem(null);
    try {
      await onSubmit(email.trim());
      onDone();
    } catch (error) {
      setProblem(describeAuthError(error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <Typography variant="body2" color="text.secondary">
        Enter the email address this link was sent to.
      </Typography>
      {problem && <Alert severity="error">{problem}</Alert>}
      <EmailField value={email} onChange={setEmail} error={emailError} />
      <Button type="submit" variant="contained" size="large" loading={busy}>
        Sign in
      </Button>
    </Stack>
  );
}
