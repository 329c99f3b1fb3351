import { CLINIC_LIMITS, CLINIC_ROLE_LABELS, type ClinicInvitation, type ClinicRole, type InvitedRole } from '@charta/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { useNotify } from '@/components/feedback/notifications';
import { formatDateTime } from '@/lib/format';
import { useSubmit } from '@/lib/use-submit';
import { inviteToClinic, revokeInvitation } from '../api/clinic';
import { describeInviteFailure, invitableRoles } from '../lib/clinic-rules';

const DAYS_VALID = CLINIC_LIMITS.invitationValidForMs / 86_400_000;

/** Email and role; what was typed stays after a failure, and a sent invitation says where it went. */
function InviteForm({ myRole, onInvited }: { myRole: ClinicRole; onInvited: () => Promise<unknown> }) {
  const roles = invitableRoles(myRole);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitedRole>('member');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invite = useSubmit(
    async (address: string, invitedRole: InvitedRole) => {
      await inviteToClinic(address, invitedRole);
      await onInvited();
    },
    { describe: describeInviteFailure },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    setSentTo(null);
    if (await invite.submit(address, role)) {
      setSentTo(address);
      setEmail('');
      setRole('member');
    }
  };

  const emailError = invite.errorField === 'email' ? invite.error : null;
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} aria-label="Invite a colleague">
      <Typography variant="h3" component="h3">
        Invite a colleague
      </Typography>
      {sentTo && (
        <Alert severity="success" role="status" onClose={() => setSentTo(null)}>
          An invitation email was sent to {sentTo}. Its link works for {DAYS_VALID} days; they accept it signed in with that address.
        </Alert>
      )}
      {invite.error && !emailError && (
        <Alert severity="error" role="alert">
          {invite.error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Email address"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            invite.clearError();
          }}
          error={Boolean(emailError)}
          helperText={emailError ?? undefined}
          required
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label="Role"
          value={role}
          onChange={(event) => setRole(event.target.value as InvitedRole)}
          sx={{ width: { xs: '100%', sm: 160 }, flexShrink: 0 }}
        >
          {roles.map((option) => (
            <MenuItem key={option} value={option}>
              {CLINIC_ROLE_LABELS[option]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Box>
        <Button type="submit" variant="contained" loading={invite.busy} disabled={email.trim() === ''}>
          Send invitation
        </Button>
      </Box>
      {roles.length === 1 && myRole !== 'owner' && (
        <Typography variant="body2" color="text.secondary">
          Only the clinic’s owner invites admins.
        </Typography>
      )}
    </Stack>
  );
}

function PendingInvitations({ invitations, onRevoked }: { invitations: ClinicInvitation[]; onRevoked: () => Promise<unknown> }) {
  const notify = useNotify();
  const [revoking, setRevoking] = useState<ClinicInvitation | null>(null);
  const revoke = useSubmit(async (id: string) => {
    await revokeInvitation(id);
    await onRevoked();
  });
  if (invitations.length === 0) {
    return <Typography color="text.secondary">No invitations are waiting for an answer.</Typography>;
  }
  return (
    <>
      <Stack component="ul" aria-label="Pending invitations" spacing={0} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {invitations.map((invitation) => (
          <Box
            component="li"
            key={invitation.id}
            aria-label={invitation.email}
            sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}
          >
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
              <Box sx={{ minWidth: 0 }}>
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{invitation.email}</Typography>
                  <Chip size="small" variant="outlined" label={CLINIC_ROLE_LABELS[invitation.role]} />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  Sent {formatDateTime(invitation.createdAt)} · the link works until {formatDateTime(invitation.expiresAt)}
                </Typography>
              </Box>
              <Box sx={{ flexShrink: 0 }}>
                <Button size="small" color="error" onClick={() => setRevoking(invitation)} aria-label={`Revoke the invitation to ${invitation.email}`}>
                  Revoke
                </Button>
              </Box>
            </Stack>
          </Box>
        ))}
      </Stack>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this invitation?"
        confirmLabel="Revoke invitation"
        destructive
        busy={revoke.busy}
        onConfirm={() => {
          if (!revoking) return;
          const email = revoking.email;
          void revoke.submit(revoking.id).then((done) => {
            if (!done) return;
            notify({ message: `The invitation to ${email} was revoked`, severity: 'success' });
            setRevoking(null);
          });
        }}
        onClose={() => {
          revoke.clearError();
          setRevoking(null);
        }}
      >
        {revoke.error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {revoke.error}
          </Alert>
        )}
        The link sent to {revoking?.email} stops working. You can invite the address again later.
      </ConfirmDialog>
    </>
  );
}

/** For the owner and admins: invitations waiting for an answer, and inviting a colleague. */
export function InvitationsCard({ invitations, myRole, onChanged }: { invitations: ClinicInvitation[]; myRole: ClinicRole; onChanged: () => Promise<unknown> }) {
  return (
    <Card component="section" aria-labelledby="clinic-invitations-heading">
      <CardContent>
        <Stack spacing={3}>
          <Box>
            <Typography id="clinic-invitations-heading" variant="h2" sx={{ mb: 2 }}>
              Invitations
            </Typography>
            <PendingInvitations invitations={invitations} onRevoked={onChanged} />
          </Box>
          <InviteForm myRole={myRole} onInvited={onChanged} />
        </Stack>
      </CardContent>
    </Card>
  );
}
