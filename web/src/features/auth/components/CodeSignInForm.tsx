import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ONE_TIME_CODE, ONE_TIME_CODE_SEND_LIMITS } from '@charta/contract';
import { useState, type FormEvent } from 'react';
import { PlainTextField } from '@/components/inputs/PlainTextField';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { sendSignInCode, signInWithCode } from '../api/auth';
import { describeAuthError, firebaseErrorCode } from '../api/auth-errors';
import { validateEmail } from '../api/credentials-validation';
import { describeWait } from '../api/sign-in-methods';
import { useCountdown } from '../hooks/use-countdown';
import { EmailField } from './EmailField';

interface CodeSignInFormProps {
  initialEmail: string;
  onBack: () => void;
  /** Whether the address signs in with its clinic's single sign-on instead (the page then says so): no code is sent. */
  sentToSingleSignOn?: (email: string) => Promise<boolean>;
}

const CODE_PATTERN = new RegExp(`^[0-9]{${ONE_TIME_CODE.length}}$`);
const CODE_MINUTES = Math.round(ONE_TIME_CODE.validForMs / 60_000);

/** A failure as a sentence; a 429 says how long to wait, and moves the resend button's clock to match. */
function describeCodeFailure(error: unknown): { message: string; retryAfterSeconds?: number } {
  if (error instanceof ApiError && error.status === 429) {
    const wait = error.retryAfterSeconds;
    return {
      message: wait
        ? `Too many codes were asked for. You can ask for a new one in ${describeWait(wait)}.`
        : 'Too many codes were asked for. Please wait a few minutes and try again.',
      ...(wait ? { retryAfterSeconds: wait } : {}),
    };
  }
  if (error instanceof ApiError || !firebaseErrorCode(error)) return { message: describeError(error) };
  return { message: describeAuthError(error).message };
}

/** Sign-in by a one-time code sent by email: the address, then the code from the email. */
export function CodeSignInForm({ initialEmail, onBack, sentToSingleSignOn }: CodeSignInFormProps) {
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const resendIn = useCountdown(resendAt);

  async function send() {
    setBusy(true);
    setFailure(null);
    try {
      await sendSignInCode(email.trim());
      setResendAt(Date.now() + ONE_TIME_CODE_SEND_LIMITS.minIntervalMs);
      setCode('');
      setCodeError(null);
      setSubmitted(false);
      setStep('code');
    } catch (error) {
      const { message, retryAfterSeconds } = describeCodeFailure(error);
      setFailure(message);
      if (retryAfterSeconds) setResendAt(Date.now() + retryAfterSeconds * 1000);
    } finally {
      setBusy(false);
    }
  }

  async function submitEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (validateEmail(email)) return;
    setBusy(true);
    const toProvider = await (sentToSingleSignOn?.(email.trim()) ?? Promise.resolve(false));
    setBusy(false);
    if (toProvider) return;
    await send();
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (!CODE_PATTERN.test(code.trim())) return;
    setBusy(true);
    setFailure(null);
    setCodeError(null);
    try {
      // Signing in changes the auth state; the page then takes the user on.
      await signInWithCode(email.trim(), code.trim());
    } catch (error) {
      if (error instanceof ApiError && error.field === 'code') setCodeError(error.message);
      else setFailure(describeCodeFailure(error).message);
      setBusy(false);
    }
  }

  if (step === 'email') {
    const emailError = submitted ? validateEmail(email) : undefined;
    return (
      <Stack component="form" noValidate spacing={2} onSubmit={submitEmail} aria-labelledby="code-heading">
        <Typography id="code-heading" variant="h2" sx={{ fontSize: '1.15rem' }}>
          Sign in with a code
        </Typography>
        <Typography variant="body2" color="text.secondary">
          We will email you a {ONE_TIME_CODE.length}-digit code. No password needed; new here, and the code makes your account.
        </Typography>
        {failure && <Alert severity="error">{failure}</Alert>}
        <EmailField value={email} onChange={setEmail} error={emailError} />
        <Button type="submit" variant="contained" size="large" loading={busy} disabled={resendIn > 0}>
          {resendIn > 0 ? `Email me a code (in ${describeWait(resendIn)})` : 'Email me a code'}
        </Button>
        <Button onClick={onBack}>Back to sign in</Button>
      </Stack>
    );
  }

  const codeFormatError = submitted && !CODE_PATTERN.test(code.trim()) ? `Enter the ${ONE_TIME_CODE.length} digits from the email.` : undefined;
  const shownCodeError = codeError ?? codeFormatError;
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submitCode} aria-labelledby="code-heading">
      <Typography id="code-heading" variant="h2" sx={{ fontSize: '1.15rem' }}>
        Enter your code
      </Typography>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ overflowWrap: 'anywhere' }}>
        We sent a {ONE_TIME_CODE.length}-digit code to {email.trim()}. It works once, for {CODE_MINUTES} minutes.
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <PlainTextField
        label="Code"
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(event) => {
          setCode(event.target.value.replace(/\s+/g, ''));
          setCodeError(null);
        }}
        error={Boolean(shownCodeError)}
        helperText={shownCodeError}
        htmlInput={{ inputMode: 'numeric', maxLength: ONE_TIME_CODE.length, 'aria-required': true }}
      />
      <Button type="submit" variant="contained" size="large" loading={busy}>
        Sign in
      </Button>
      <Button onClick={() => void send()} disabled={busy || resendIn > 0}>
        {resendIn > 0 ? `Send a new code in ${describeWait(resendIn)}` : 'Send a new code'}
      </Button>
      <Button onClick={() => setStep('email')}>Use another email</Button>
    </Stack>
  );
}
