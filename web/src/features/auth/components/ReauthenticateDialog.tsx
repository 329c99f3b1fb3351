import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ONE_TIME_CODE } from '@charta/contract';
import { useId, useState, type FormEvent } from 'react';
import { DialogSubmitActions } from '@/components/feedback/DialogSubmitActions';
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

interface ReauthenticateDialogProps {
  open: boolean;
  /** Why the confirmation is asked for, in the words of what comes next ("to delete your account"). */
  purpose: string;
  onConfirmed: () => void;
  onClose: () => void;
}

function providerLabel(providerId: string): string {
  return providerId === 'google.com' ? 'Confirm with Google' : 'Confirm with your organisation';
}

function describeFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds) {
    return `Too many codes were asked for. You can ask for a new one in ${describeWait(error.retryAfterSeconds)}.`;
  }
  if (firebaseErrorCode(error)) return describeAuthError(error).message;
  return describeError(error);
}

/**
 * Asks the signed-in user to prove it is them again (their password, their provider's popup, or a code sent
 * to their email), for actions the server allows only after a recent sign-in.
 */
export function ReauthenticateDialog({ open, purpose, onConfirmed, onClose }: ReauthenticateDialogProps) {
  const titleId = useId();
  const options = reauthenticationOptions();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function attempt(confirm: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    try {
      await confirm();
      onConfirmed();
    } catch (error) {
      const dismissed = firebaseErrorCode(error) === 'auth/popup-closed-by-user';
      if (!dismissed) setFailure(describeFailure(error));
    } finally {
      setBusy(false);
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
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Confirm it is you</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>For your security, confirm your identity {purpose}.</DialogContentText>
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
                Confirm with password
              </Button>
            </Stack>
          )}
          {options.providers.map((providerId) => (
            <Button key={providerId} variant="outlined" disabled={busy} onClick={() => void attempt(() => reauthenticateWithProvider(providerId))}>
              {providerLabel(providerId)}
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
                    Confirm with code
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
      </DialogContent>
      <DialogSubmitActions busy={busy} onCancel={onClose} />
    </Dialog>
  );
}
