import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import Google from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { getEnv } from '@/config/env';
import { signInWithGoogle, signInWithSso, type ProviderSignInOutcome } from '../api/auth';
import { describeAuthError } from '../api/auth-errors';

interface ProviderButtonsProps {
  /** What the provider sign-in ended in (signed in, redirecting, dismissed, or a password account to link). */
  onOutcome: (outcome: ProviderSignInOutcome) => void;
  /** A failure, already as a sentence. */
  onError: (message: string) => void;
}

type Provider = 'google' | 'sso';

/** Google, and single sign-on when the build names a provider (VITE_SSO_PROVIDER_ID). */
export function ProviderButtons({ onOutcome, onError }: ProviderButtonsProps) {
  const [busy, setBusy] = useState<Provider | null>(null);
  const ssoProviderId = getEnv().signIn.ssoProviderId;

  async function run(provider: Provider, start: () => Promise<ProviderSignInOutcome>) {
    setBusy(provider);
    try {
      onOutcome(await start());
    } catch (error) {
      onError(describeAuthError(error).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack spacing={1.5}>
      <Button
        variant="outlined"
        size="large"
        startIcon={<Google />}
        loading={busy === 'google'}
        disabled={busy !== null && busy !== 'google'}
        onClick={() => void run('google', signInWithGoogle)}
      >
        Continue with Google
      </Button>
      {ssoProviderId && (
        <Button
          variant="outlined"
          size="large"
          startIcon={<BusinessOutlined />}
          loading={busy === 'sso'}
          disabled={busy !== null && busy !== 'sso'}
          onClick={() => void run('sso', () => signInWithSso(ssoProviderId))}
        >
          Sign in with your organisation
        </Button>
      )}
    </Stack>
  );
}
