import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { forgetSignedIn } from '@/lib/signed-in-hint';
import { signOutUser } from '../api/auth';
import { useAuth } from '../hooks/use-auth';
import { ReauthenticateDialog } from './ReauthenticateDialog';

type Step = 'idle' | 'confirming' | 'deleting' | 'reauthenticating';

/**
 * Deletes the account and everything it owns (DELETE /profile/:uid). The API needs a sign-in from the last
 * few minutes for this (403 reauthentication_required otherwise): the user confirms who they are, and the
 * deletion is retried with the fresh token.
 */
export function DeleteAccountSection() {
  const { user } = useAuth();
  const [step, setStep] = useState<Step>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  if (!user) return null;
  const uid = user.uid;

  async function remove() {
    setStep('deleting');
    setFailure(null);
    try {
      await api.delete<{ deleted: true }>(`/profile/${encodeURIComponent(uid)}`);
      // Forgotten at once, before the sign-out's own clearing: the next visit must not paint the app for an
      // account that no longer exists.
      forgetSignedIn();
      // The account is gone: signing out clears what the browser still holds (the app then shows sign-in).
      // Nothing to report: the token is no longer accepted, and the trail has the deletion.
      await signOutUser({ report: false });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'reauthentication_required') {
        setStep('reauthenticating');
        return;
      }
      setFailure(describeError(error));
      setStep('idle');
    }
  }

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
          Delete account
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Deletes your account with every session, recording, transcript, note and template in it. This cannot be undone.
        </Typography>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <Button color="error" variant="outlined" onClick={() => setStep('confirming')} loading={step === 'deleting'}>
          Delete my account
        </Button>
      </CardContent>
      <ConfirmDialog
        open={step === 'confirming'}
        title="Delete your account?"
        confirmLabel="Delete my account"
        destructive
        onConfirm={() => void remove()}
        onClose={() => setStep('idle')}
      >
        Everything in your account is deleted for good: sessions, recordings, transcripts, notes and templates.
      </ConfirmDialog>
      <ReauthenticateDialog
        open={step === 'reauthenticating'}
        purpose="to delete your account"
        onConfirmed={() => void remove()}
        onClose={() => setStep('idle')}
      />
    </Card>
  );
}
