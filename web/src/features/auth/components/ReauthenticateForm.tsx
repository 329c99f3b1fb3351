import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ONE_TIME_CODE } from '@charta/contract';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import {
  reauthenticateWithCode,
  reauthenticateWithPassword,
  reauthenticateWithProvider,
  reauthenticationOptions,
  sendSignInCode,
} from '../api/auth';
import { describeAuthError, firebaseErrorCode } from '../api/auth-errors';
import { describeWait } from '../api/sign-in-methods';

interface ReauthenticateFormProps {
  /** The buttons' verb: "Confirm" (before a sensitive action) or "Unlock" (the automatic lock). */
  verb: 'Confirm' | 'Unlock';
  onConfirmed: () => void;
  /** A password, code or popup refused (not a popup the user closed), for the audit trail. */
  onRefused?: () => void;
  onBusyChange?: (busy: boolean) => void;
}

// The user's own email is known here, so "email and password do not match" would point at the wrong thing.
const WRONG_PASSWORD_CODES = ['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials'];

function describeFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds) {
    return `Too many codes were asked for. You can ask for a new one in ${describeWait(error.retryAfterSeconds)}.`;
  }
  const code = firebaseErrorCode(error);
  if (code && WRONG_PASSWORD_CODES.includes(code)) return 'That password is not right. Check it and try again.';
  if (code) return describeAuthError(error).message;
  return describeError(error);
}

function providerLabel(verb: string, providerId: string): string {
  return providerId === 'google.com' ? `${verb} with Google` : `${verb} with your organisation`;
}

/**
 * The ways the signed-in user proves it is them again (their password, their provider's popup, or a code sent
 * to their email): inside the confirmation dialog before account deletion, and on the lock screen.
 */
export function ReauthenticateForm({ verb, onConfirmed, onRefused, onBusyChange }: ReauthenticateFormProps) {
  const options = reauthenticationOptions();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusyState] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function setBusy(value: boolean) {
    setBusyState(value);
    onBusyChange?.(value);
  }

  async function attempt(confirm: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    try {
      await confirm();
      setBusy(false);
      onConfirmed();
    } catch (error) {
      setBusy(false);
      const dismissed = firebaseErrorCode(error) === 'auth/popup-closed-by-user';
      if (!dismissed) {
        setFailure(describeFailure(error));
        onRefused?.();
      }
    }
  }

  function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== '') void attempt(() => reauthenticateWithPassword(password));
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.trim() !== '') void attempt(() => reauthenticateWithCode(code.trim()));
  }

  async function sendCode() {
    if (!options.email) return;
    const email = options.email;
    setBusy(true);
    setFailure(null);
    try {
      await sendSignInCode(email);
      setCodeSent(true);
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack spacing={2}>
      {failure && <Alert severity="error">{failure}</Alert>}
      {options.password && (
        <Stack component="form" spacing={1.5} onSubmit={submitPassword} noValidate>
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" variant="contained" loading={busy} disabled={password === ''}>
            {verb} with password
          </Button>
        </Stack>
      )}
      {options.providers.map((providerId) => (
        <Button key={providerId} variant="outlined" disabled={busy} onClick={() => void attempt(() => reauthenticateWithProvider(providerId))}>
          {providerLabel(verb, providerId)}
        </Button>
      ))}
      {options.email && (
        <>
          {(options.password || options.providers.length > 0) && <Divider>or</Divider>}
          {codeSent ? (
            <Stack component="form" spacing={1.5} onSubmit={submitCode} noValidate>
              <TextField
                label="Code from the email"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\s+/g, ''))}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: ONE_TIME_CODE.length } }}
                helperText={`We sent a ${ONE_TIME_CODE.length}-digit code to ${options.email}.`}
              />
              <Button type="submit" variant="contained" loading={busy} disabled={code === ''}>
                {verb} with code
              </Button>
            </Stack>
          ) : (
            <Button variant="outlined" disabled={busy} onClick={() => void sendCode()}>
              Email me a code instead
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
