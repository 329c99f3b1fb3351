import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { signOutUser, useAuth } from '@/features/auth';
import { useRecordingsOnDevice } from '@/features/record';
import { signInRefusal, useSignInRefusal } from '@/lib/sign-in-refusal';

/**
 * The clinic's sign-in policy refused how this user signed in (403 sign_in_method_not_allowed, docs/clinics.md
 * "Policies"): the API's sentence, which names the allowed methods, once above every page, and Sign out. The
 * pages' own requests fail with the same sentence; this says what to do about it.
 */
export function SignInRefusedBanner() {
  const { user } = useAuth();
  const refusal = useSignInRefusal();
  const recordings = useRecordingsOnDevice();
  const [signingOut, setSigningOut] = useState(false);
  const uid = user?.uid ?? null;
  // Another user (or nobody) signed in: the refusal was someone else's sign-in.
  useEffect(() => () => signInRefusal.cleared(), [uid]);
  if (!refusal || !user) return null;

  const signOut = async () => {
    setSigningOut(true);
    try {
      // As the account menu does: stops this tab's uploads and keeps on the device what the server lacks.
      await recordings.signOut(user.uid).catch(() => undefined);
      await signOutUser();
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" variant="outlined" loading={signingOut} onClick={() => void signOut()} sx={{ minHeight: 44, whiteSpace: 'nowrap' }}>
          Sign out
        </Button>
      }
    >
      <AlertTitle>Your clinic does not allow this way of signing in</AlertTitle>
      {refusal}
    </Alert>
  );
}
