import MailOutlineOutlined from '@mui/icons-material/MailOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { AuthCredential } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { completeProviderRedirect, signInWithPasswordAndLink, singleSignOnProviderFor, type ProviderSignInOutcome } from '../api/auth';
import { describeAuthError } from '../api/auth-errors';
import { CodeSignInForm } from './CodeSignInForm';
import { CredentialsForm } from './CredentialsForm';
import { PasswordResetForm } from './PasswordResetForm';
import { ProviderButtons } from './ProviderButtons';
import { SingleSignOnStep } from './SingleSignOnStep';

type View = 'password' | 'reset' | 'code';

interface PendingLink {
  email: string;
  credential: AuthCredential;
}

/**
 * Every way into Charta on one page: email and password (with "forgot your password?"), Google, single
 * sign-on when configured, and a one-time code by email. One form shows at a time, so every field has one
 * label and the page reads in order.
 */
export function SignInMethods() {
  const [view, setView] = useState<View>('password');
  const [providerError, setProviderError] = useState<string | null>(null);
  const [pendingLink, setPendingLink] = useState<PendingLink | null>(null);
  // What was typed travels between the forms, so switching method never means typing the address again.
  const [email, setEmail] = useState('');
  // An address at a clinic's single sign-on domain goes to its provider, not a password or a code (docs/clinics.md).
  const [singleSignOn, setSingleSignOn] = useState<{ email: string; providerId: string } | null>(null);

  /** Whether `address` signs in with its clinic's provider: if so, the page shows that way in instead. */
  async function sentToSingleSignOn(address: string): Promise<boolean> {
    const providerId = await singleSignOnProviderFor(address);
    if (!providerId) return false;
    setEmail(address);
    setSingleSignOn({ email: address, providerId });
    setView('password');
    return true;
  }

  function onOutcome(outcome: ProviderSignInOutcome) {
    setProviderError(null);
    if (outcome.kind === 'needs-password') {
      // The provider's address has a password account already: one password sign-in links the two (no detour
      // to single sign-on again for it).
      setSingleSignOn(null);
      setPendingLink({ email: outcome.email, credential: outcome.pendingCredential });
      setEmail(outcome.email);
      setView('password');
    }
    // signed-in: the auth state changes and the page takes the user on; redirecting: the page is leaving;
    // dismissed: the user closed the popup, nothing to say.
  }

  // Coming back from a provider's redirect (phones, blocked popups): the SDK has signed the user in, or
  // has a reason it could not.
  useEffect(() => {
    let current = true;
    completeProviderRedirect()
      .then((outcome) => {
        if (current && outcome) onOutcome(outcome);
      })
      .catch((error: unknown) => {
        if (current) setProviderError(describeAuthError(error).message);
      });
    return () => {
      current = false;
    };
  }, []);

  if (singleSignOn) {
    return <SingleSignOnStep email={singleSignOn.email} providerId={singleSignOn.providerId} onOutcome={onOutcome} onOtherAddress={() => setSingleSignOn(null)} />;
  }
  if (view === 'reset') return <PasswordResetForm initialEmail={email} onBack={() => setView('password')} />;
  if (view === 'code') return <CodeSignInForm initialEmail={email} onBack={() => setView('password')} sentToSingleSignOn={sentToSingleSignOn} />;

  return (
    <Stack spacing={2}>
      {pendingLink && (
        <Alert severity="info" sx={{ overflowWrap: 'anywhere' }}>
          {pendingLink.email} already has a Charta account that signs in with a password. Sign in with that password
          once and your Google account will be linked to it: from then on either way works.
        </Alert>
      )}
      <CredentialsForm
        key={pendingLink?.email ?? 'sign-in'}
        mode="sign-in"
        submitLabel="Sign in"
        initialEmail={email}
        onEmailChange={setEmail}
        onSubmit={async (typedEmail, password) => {
          if (!pendingLink && (await sentToSingleSignOn(typedEmail))) return;
          await signInWithPasswordAndLink(typedEmail, password, pendingLink?.credential ?? null);
        }}
      />
      <Box sx={{ textAlign: 'right', mt: -1 }}>
        <Link component="button" type="button" variant="body2" onClick={() => setView('reset')}>
          Forgot your password?
        </Link>
      </Box>
      <Divider>or</Divider>
      {providerError && <Alert severity="error">{providerError}</Alert>}
      <ProviderButtons onOutcome={onOutcome} onError={setProviderError} />
      <Button variant="outlined" size="large" startIcon={<MailOutlineOutlined />} onClick={() => setView('code')}>
        Email me a sign-in code
      </Button>
    </Stack>
  );
}
