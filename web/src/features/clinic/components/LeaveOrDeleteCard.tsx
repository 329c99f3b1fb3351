import type { Clinic, ClinicRole } from '@charta/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { useNotify } from '@/components/feedback/notifications';
import { useSubmit } from '@/lib/use-submit';
import { deleteClinic, leaveClinic } from '../api/clinic';

function LeaveClinic({ clinic, onDone }: { clinic: Clinic; onDone: () => Promise<unknown> }) {
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const leave = useSubmit(async () => {
    await leaveClinic();
    await onDone();
  });
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        Your sessions and templates stay yours. What you published to the clinic library is taken out of it.
      </Typography>
      <div>
        <Button variant="outlined" color="error" onClick={() => setAsking(true)}>
          Leave clinic
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={`Leave ${clinic.name}?`}
        confirmLabel="Leave clinic"
        destructive
        busy={leave.busy}
        onConfirm={() =>
          void leave.submit().then((done) => {
            if (!done) return;
            notify({ message: `You left ${clinic.name}`, severity: 'success' });
            setAsking(false);
          })
        }
        onClose={() => {
          leave.clearError();
          setAsking(false);
        }}
      >
        {leave.error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {leave.error}
          </Alert>
        )}
        You lose the clinic library at once; to come back you need a new invitation. Your own sessions and templates stay yours.
      </ConfirmDialog>
    </>
  );
}

/** Deleting asks the owner to type the clinic's name: it ends the clinic for every member at once. */
function DeleteClinic({ clinic, onDone }: { clinic: Clinic; onDone: () => Promise<unknown> }) {
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useSubmit(async () => {
    await deleteClinic(clinic.id);
    await onDone();
  });
  const close = () => {
    remove.clearError();
    setTyped('');
    setAsking(false);
  };
  const confirmed = typed.trim() === clinic.name.trim();
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        Deleting the clinic removes every member from it, its pending invitations and its library. Each member keeps their own sessions and
        templates. To leave without deleting, hand the clinic to another member first (Change role).
      </Typography>
      <div>
        <Button variant="outlined" color="error" onClick={() => setAsking(true)}>
          Delete clinic
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={`Delete ${clinic.name}?`}
        confirmLabel="Delete clinic"
        destructive
        busy={remove.busy}
        confirmDisabled={!confirmed}
        onConfirm={() => {
          if (!confirmed) return;
          void remove.submit().then((done) => {
            if (!done) return;
            notify({ message: `${clinic.name} was deleted`, severity: 'success' });
            close();
          });
        }}
        onClose={close}
      >
        <Stack spacing={2}>
          {remove.error && (
            <Alert severity="error" role="alert">
              {remove.error}
            </Alert>
          )}
          <span>Every member leaves the clinic and its library is deleted. This cannot be undone. Type the clinic’s name to confirm.</span>
          <TextField
            label="Clinic name"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={typed !== '' && !confirmed}
            helperText={typed !== '' && !confirmed ? `Type ${clinic.name} exactly` : ' '}
            autoComplete="off"
          />
        </Stack>
      </ConfirmDialog>
    </>
  );
}

/** Leaving (members and admins) or deleting (the owner, who cannot leave while they own it). */
export function LeaveOrDeleteCard({ clinic, myRole, onDone }: { clinic: Clinic; myRole: ClinicRole; onDone: () => Promise<unknown> }) {
  const owner = myRole === 'owner';
  return (
    <Card component="section" aria-labelledby="clinic-leave-heading">
      <CardContent>
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography id="clinic-leave-heading" variant="h2">
            {owner ? 'Delete the clinic' : 'Leave the clinic'}
          </Typography>
          {owner ? <DeleteClinic clinic={clinic} onDone={onDone} /> : <LeaveClinic clinic={clinic} onDone={onDone} />}
        </Stack>
      </CardContent>
    </Card>
  );
}
