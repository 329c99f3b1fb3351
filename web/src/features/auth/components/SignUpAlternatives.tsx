import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { ProviderButtons } from './ProviderButtons';

/**
 * Sign-up through Google or the organisation's single sign-on: the account is made on the first sign-in,
 * with the provider's verified email, so there is no verification step.
 */
export function SignUpAlternatives() {
  const [message, setMessage] = useState<{ severity: 'info' | 'error'; text: string } | null>(null);
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Divider>or</Divider>
      {message && (
        <Alert severity={message.severity} sx={{ overflowWrap: 'anywhere' }}>
          {message.text}
        </Alert>
      )}
      <ProviderButtons
        onOutcome={(outcome) => {
          // Only someone who just proved they own the address at the provider learns this.
          if (outcome.kind === 'needs-password') {
            setMessage({
              severity: 'info',
              text: `${outcome.email} already has a Charta account that signs in with a password. Use "Sign in" below with that password; choosing Google there links it to your account.`,
            });
          }
        }}
        onError={(text) => setMessage({ severity: 'error', text })}
      />
    </Stack>
  );
}
