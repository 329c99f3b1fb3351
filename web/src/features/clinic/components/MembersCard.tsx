import { CLINIC_ROLE_LABELS, CLINIC_ROLES, type ClinicMember, type ClinicRole } from '@charta/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { DialogSubmitActions } from '@/components/feedback/DialogSubmitActions';
import { useNotify } from '@/components/feedback/notifications';
import { memberName } from '@/data/my-clinic';
import { formatDate } from '@/lib/format';
import { useSubmit } from '@/lib/use-submit';
import { removeMember, setMemberRole } from '../api/clinic';
import { mayChangeRole, mayRemove } from '../lib/clinic-rules';
import { LazyDialog } from '@/components/feedback/LazyDialog';

/** What choosing a role means, under its name in the role dialog. */
function roleHint(role: ClinicRole): string {
  switch (role) {
    case 'owner':
      return 'Hands the clinic on: they become its owner and you become an admin.';
    case 'admin':
      return 'Invites and removes members, and removes clinic templates.';
    case 'member':
      return 'Sees the clinic and shares templates in its library.';
  }
}


/**
 * Who, for a screen reader's button and row names: the name and the address, since two members may show the
 * same name (the API's fallback for a clinician with no display name is the same for everyone).
 */
const whoOf = (member: ClinicMember) => (member.email && member.email !== memberName(member) ? `${memberName(member)} (${member.email})` : memberName(member));

function RoleDialog({ member, onClose, onChanged }: { member: ClinicMember | null; onClose: () => void; onChanged: () => Promise<unknown> }) {
  const titleId = useId();
  const [role, setRole] = useState<ClinicRole>(member?.role ?? 'member');
  const [confirmingHandOver, setConfirmingHandOver] = useState(false);
  const notify = useNotify();
  const change = useSubmit(async (uid: string, next: ClinicRole) => {
    await setMemberRole(uid, next);
    await onChanged();
  });
  if (!member) return null;
  const name = memberName(member);

  const save = async () => {
    if (await change.submit(member.uid, role)) {
      notify({ message: role === 'owner' ? `${name} now owns the clinic` : `${name} is now ${role === 'admin' ? 'an admin' : 'a member'}`, severity: 'success' });
      setConfirmingHandOver(false);
      onClose();
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (role === 'owner') setConfirmingHandOver(true);
    else void save();
  };

  return (
    <>
      <LazyDialog open={!confirmingHandOver} onClose={change.busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <form onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>Change {name}’s role</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              {change.error && (
                <Alert severity="error" role="alert">
                  {change.error}
                </Alert>
              )}
              <Box>
                <FormLabel id={`${titleId}-role`}>Role</FormLabel>
                <RadioGroup aria-labelledby={`${titleId}-role`} value={role} onChange={(event) => setRole(event.target.value as ClinicRole)}>
                  {CLINIC_ROLES.map((option) => (
                    <FormControlLabel
                      key={option}
                      value={option}
                      control={<Radio />}
                      label={
                        <Box sx={{ py: 0.5 }}>
                          <Typography>{option === 'owner' ? 'Owner (hand the clinic on)' : CLINIC_ROLE_LABELS[option]}</Typography>
                          <Typography variant="body2" color="text.secondary">
                            {roleHint(option)}
                          </Typography>
                        </Box>
                      }
                    />
                  ))}
                </RadioGroup>
              </Box>
            </Stack>
          </DialogContent>
          <DialogSubmitActions busy={change.busy} onCancel={onClose} submitLabel="Save role" submitDisabled={role === member.role} />
        </form>
      </LazyDialog>
      <ConfirmDialog
        open={confirmingHandOver}
        title={`Hand the clinic to ${name}?`}
        confirmLabel="Hand over the clinic"
        destructive
        busy={change.busy}
        onConfirm={() => void save()}
        onClose={() => setConfirmingHandOver(false)}
      >
        {change.error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {change.error}
          </Alert>
        )}
        {name} becomes the clinic’s owner: they alone make admins, hand the clinic on and delete it. You become an admin, and only they can give
        the clinic back.
      </ConfirmDialog>
    </>
  );
}

function RemoveDialog({ member, onClose, onRemoved }: { member: ClinicMember | null; onClose: () => void; onRemoved: () => Promise<unknown> }) {
  const notify = useNotify();
  const remove = useSubmit(async (uid: string) => {
    await removeMember(uid);
    await onRemoved();
  });
  const name = member ? memberName(member) : '';
  return (
    <ConfirmDialog
      open={member !== null}
      title={`Remove ${name} from the clinic?`}
      confirmLabel="Remove from clinic"
      destructive
      busy={remove.busy}
      onConfirm={() => {
        if (!member) return;
        void remove.submit(member.uid).then((done) => {
          if (!done) return;
          notify({ message: `${name} is no longer in the clinic`, severity: 'success' });
          onClose();
        });
      }}
      onClose={() => {
        remove.clearError();
        onClose();
      }}
    >
      {remove.error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {remove.error}
        </Alert>
      )}
      They lose the clinic library at once. Their own sessions and templates stay theirs; what they published to the clinic library is taken
      out of it.
    </ConfirmDialog>
  );
}

interface MembersCardProps {
  members: ClinicMember[];
  myRole: ClinicRole;
  myUid: string | undefined;
  /** Reloads the clinic after a change. */
  onChanged: () => Promise<unknown>;
}

/** The clinic's members, the owner first; the owner and admins get the controls their role allows. */
export function MembersCard({ members, myRole, myUid, onChanged }: MembersCardProps) {
  const [changingRole, setChangingRole] = useState<ClinicMember | null>(null);
  const [removing, setRemoving] = useState<ClinicMember | null>(null);
  return (
    <Card component="section" aria-labelledby="clinic-members-heading">
      <CardContent>
        <Typography id="clinic-members-heading" variant="h2" sx={{ mb: 2 }}>
          Members ({members.length})
        </Typography>
        <Stack component="ul" aria-labelledby="clinic-members-heading" spacing={0} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {members.map((member) => {
            const name = memberName(member);
            const who = whoOf(member);
            const you = member.uid === myUid;
            return (
              <Box
                component="li"
                key={member.uid}
                aria-label={who}
                sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}
              >
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {name}
                        {you ? ' (you)' : ''}
                      </Typography>
                      <Chip size="small" label={CLINIC_ROLE_LABELS[member.role]} color={member.role === 'member' ? 'default' : 'primary'} variant="outlined" />
                    </Stack>
                    {member.email && member.email !== name && (
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {member.email}
                      </Typography>
                    )}
                    <Typography variant="body2" color="text.secondary">
                      Joined {formatDate(member.joinedAt)}
                    </Typography>
                  </Box>
                  <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                    {mayChangeRole(myRole, myUid, member) && (
                      <Button size="small" onClick={() => setChangingRole(member)} aria-label={`Change role for ${who}`}>
                        Change role
                      </Button>
                    )}
                    {mayRemove(myRole, myUid, member) && (
                      <Button size="small" color="error" onClick={() => setRemoving(member)} aria-label={`Remove ${who}`}>
                        Remove
                      </Button>
                    )}
                  </Stack>
                </Stack>
              </Box>
            );
          })}
        </Stack>
      </CardContent>
      {/* Keyed by member: the dialog starts from that member's role each time it opens. */}
      <RoleDialog key={changingRole?.uid ?? 'none'} member={changingRole} onClose={() => setChangingRole(null)} onChanged={onChanged} />
      <RemoveDialog member={removing} onClose={() => setRemoving(null)} onRemoved={onChanged} />
    </Card>
  );
}
