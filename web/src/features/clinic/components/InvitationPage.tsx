import { CLINIC_ROLE_LABELS, type InvitationPreview } from '@charta/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { ErrorState } from '@/components/feedback/ErrorState';
import { useNotify } from '@/components/feedback/notifications';
import { useNavigationState } from '@/components/layout/navigation-state';
import { useShellPage } from '@/components/layout/use-shell-page';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { acceptInvitation, MY_CLINIC_KEY, useInvitationPreview, useMyClinic } from '../api/clinic';

const toClinic = (
  <Button component={RouterLink} to={paths.clinicSettings.getHref()} variant="outlined">
    Open Clinic settings
  </Button>
);

/** A state the invitation cannot be accepted in: what happened, in a sentence, and the way on. */
function Outcome({ severity = 'info', title, children, action = toClinic }: { severity?: 'info' | 'warning' | 'error'; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Alert severity={severity} sx={{ overflowWrap: 'anywhere' }}>
      <AlertTitle component="h3">{title}</AlertTitle>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <span>{children}</span>
        {action}
      </Stack>
    </Alert>
  );
}

/** Why accepting was refused, in words a clinician acts on (the API's own sentence where it has one). */
function AcceptRefused({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Outcome severity="warning" title="This invitation no longer works">
        It was revoked or replaced by a newer one. Ask the colleague who invited you to send a new invitation.
      </Outcome>
    );
  }
  if (error instanceof ApiError && (error.status === 409 || error.status === 403)) {
    return (
      <Outcome severity="warning" title="The invitation could not be accepted">
        {/[.!?]$/.test(error.message) ? error.message : `${error.message}.`}
      </Outcome>
    );
  }
  return (
    <Alert severity="error" role="alert">
      The invitation could not be accepted. {describeError(error)}
    </Alert>
  );
}

function Details({ invitation }: { invitation: InvitationPreview }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
      <dt>Clinic</dt>
      <dd>{invitation.clinicName}</dd>
      {invitation.inviterName && (
        <>
          <dt>Invited by</dt>
          <dd>{invitation.inviterName}</dd>
        </>
      )}
      <dt>Your role</dt>
      <dd>{CLINIC_ROLE_LABELS[invitation.role]}</dd>
      <dt>Link works until</dt>
      <dd>{formatDateTime(invitation.expiresAt)}</dd>
    </Box>
  );
}

function PendingInvitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const { mutate } = useSWRConfig();
  const { user } = useNavigationState();
  const mine = useMyClinic();
  const [busy, setBusy] = useState(false);
  // The error itself, not only its words: a refusal (403, 404, 409) reads differently from a failed request.
  const [failure, setFailure] = useState<unknown>(null);

  if (!invitation.forCaller) {
    if (user && !user.emailVerified) {
      return (
        <Outcome severity="info" title="Verify your email address first" action={null}>
          To accept, your address must be verified: open the link we emailed to {user.email ?? 'you'}, then come back to this page. If the
          invitation was sent to another address, sign in with that one instead.
        </Outcome>
      );
    }
    return (
      <Outcome severity="warning" title="This invitation is for another email address" action={null}>
        You are signed in as {user?.email ?? 'another address'}. Sign out (Account, at the top right) and sign in, or create an account, with the
        address the invitation was sent to; then open the link in the email again.
      </Outcome>
    );
  }
  if (mine.data?.clinic && mine.data.clinic.name !== invitation.clinicName) {
    return (
      <Outcome severity="warning" title={`You are in ${mine.data.clinic.name} already`}>
        A clinician belongs to one clinic at a time. To join {invitation.clinicName}, leave {mine.data.clinic.name} first in Clinic settings, then
        open this link again (it works until {formatDateTime(invitation.expiresAt)}).
      </Outcome>
    );
  }

  const join = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const joined = await acceptInvitation(token);
      await mutate(MY_CLINIC_KEY, joined, { revalidate: false });
      notify({ message: `You joined ${invitation.clinicName}`, severity: 'success' });
      void navigate(paths.clinicSettings.getHref(), { replace: true });
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography>
        You are invited to join <strong>{invitation.clinicName}</strong> on Charta as {invitation.role === 'admin' ? 'an admin' : 'a member'}.
      </Typography>
      <Details invitation={invitation} />
      <Typography variant="body2" color="text.secondary">
        Members share templates in the clinic library. Your sessions, notes and patients stay yours: nobody in the clinic sees them. You can
        leave the clinic at any time.
      </Typography>
      {failure !== null && <AcceptRefused error={failure} />}
      <Box>
        <Button variant="contained" loading={busy} onClick={() => void join()}>
          Accept and join
        </Button>
      </Box>
    </Stack>
  );
}

/** Why the preview failed: a link that never was or was revoked (404), a cut link (400), or a failed request. */
function PreviewFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Outcome severity="warning" title="This invitation no longer works">
        It was revoked, or a newer invitation replaced it. Ask the colleague who invited you to send a new one.
      </Outcome>
    );
  }
  if (error instanceof ApiError && error.status === 400) {
    return (
      <Outcome severity="warning" title="This link is not complete">
        The address looks cut short. Open the link from the invitation email again, or copy all of it into the address bar.
      </Outcome>
    );
  }
  return <ErrorState message={`The invitation could not be loaded. ${describeError(error)}`} onRetry={onRetry} />;
}

function InvitationBody({ token }: { token: string }) {
  const { user } = useNavigationState();
  const { data: invitation, error, mutate } = useInvitationPreview(token, user?.emailVerified ?? false);
  if (!invitation) {
    if (error) return <PreviewFailed error={error} onRetry={() => void mutate()} />;
    return (
      <Stack role="status" aria-busy="true" aria-label="Loading the invitation" spacing={1}>
        <Skeleton width="70%" />
        <Skeleton width="50%" />
        <Skeleton width="40%" />
      </Stack>
    );
  }
  if (invitation.status === 'expired') {
    return (
      <Outcome severity="warning" title="This invitation has expired">
        Invitation links work for a week. Ask the colleague who invited you to {invitation.clinicName} to send a new one.
      </Outcome>
    );
  }
  if (invitation.status === 'accepted') {
    return (
      <Outcome severity="info" title="This invitation was accepted">
        The invitation to {invitation.clinicName} has been used. If it was you, the clinic is in Clinic settings.
      </Outcome>
    );
  }
  if (invitation.status === 'revoked') {
    return (
      <Outcome severity="warning" title="This invitation no longer works">
        It was revoked. Ask the colleague who invited you to send a new one.
      </Outcome>
    );
  }
  return <PendingInvitation token={token} invitation={invitation} />;
}

/**
 * The page an invitation email links to (/clinic/invitations/<token>, docs/clinics.md "Screens"), signed in:
 * the clinic, the role offered and until when, and Accept; or why it cannot be accepted, and the way on.
 * Signed out, the router shows InvitationSignedOut instead.
 */
export function InvitationPage() {
  useShellPage('settings', 'Clinic invitation');
  const { token = '' } = useParams();
  return (
    <Card component="section" aria-labelledby="invitation-heading" sx={{ maxWidth: 640 }}>
      <CardContent>
        <Typography id="invitation-heading" variant="h2" sx={{ mb: 2 }}>
          Invitation to a clinic
        </Typography>
        <InvitationBody token={token} />
      </CardContent>
    </Card>
  );
}
