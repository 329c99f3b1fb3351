import { emailDomainOf } from '@charta/contract';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { signInWithSso, type ProviderSignInOutcome } from '../api/auth';
import { describeAuthError } from '../api/auth-errors';

interface SingleSignOnStepProps {
  email: string;
  providerId: string;
  onOutcome: (outcome: ProviderSignInOutcome) => void;
  /** Back to the address field, for someone who typed the wrong address. */
  onOtherAddress: () => void;
}

/**
 * An address at a clinic's single sign-on domain (docs/clinics.md "Single sign-on by domain"): no password or
 * code for it here; the clinic's identity provider signs it in.
 */
export function SingleSignOnStep({ email, providerId, onOutcome, onOtherAddress }: SingleSignOnStepProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onOutcome(await signInWithSso(providerId));
    } catch (error) {
      setFailure(describeAuthError(error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2}>
      <Alert severity="info" role="status" sx={{ overflowWrap: 'anywhere' }}>
        Your clinic signs in everyone at {emailDomainOf(email)} with its single sign-on. Continue to your organisation&apos;s sign-in page as {email}.
      </Alert>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Button variant="contained" size="large" startIcon={<BusinessOutlined />} loading={busy} onClick={() => void start()}>
        Continue with single sign-on
      </Button>
      <Button onClick={onOtherAddress} disabled={busy}>
        Use another address
      </Button>
    </Stack>
  );
}
