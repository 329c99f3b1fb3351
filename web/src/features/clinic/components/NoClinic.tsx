import { CLINIC_LIMITS, type MyClinicResponse } from '@charta/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useSubmit } from '@/lib/use-submit';
import { createClinic } from '../api/clinic';

/**
 * Outside a clinic: what a clinic is (shared templates; patients stay each clinician's), and making one.
 * A 409 (in a clinic already, say from another tab) shows the API's sentence; the typed name stays.
 */
export function NoClinic({ onCreated }: { onCreated: (clinic: MyClinicResponse) => Promise<unknown> }) {
  const [name, setName] = useState('');
  const create = useSubmit(async (clinicName: string) => {
    await onCreated(await createClinic(clinicName));
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void create.submit(name.trim());
  };
  const nameError = create.errorField === 'name' ? create.error : null;
  return (
    <Card component="section" aria-labelledby="no-clinic-heading">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="no-clinic-heading" variant="h2">
            You are not in a clinic
          </Typography>
          <Typography>
            A clinic is a team of clinicians who share templates: a clinic library that only its members see. Everything else stays yours.
            Your sessions, notes and patients are never shared with the clinic: nobody in it, its owner and admins included, sees them.
          </Typography>
          <Typography color="text.secondary">
            To join a colleague’s clinic, open the invitation link they sent you. You can be in one clinic at a time.
          </Typography>
          <Box component="form" noValidate onSubmit={submit} aria-label="Create a clinic">
            <Stack spacing={2}>
              <Typography variant="h3" component="h3">
                Create a clinic
              </Typography>
              {create.error && !nameError && (
                <Alert severity="error" role="alert">
                  {create.error}
                </Alert>
              )}
              <TextField
                label="Clinic name"
                value={name}
                onChange={(event) => {
                  setName(event.target.value);
                  create.clearError();
                }}
                error={Boolean(nameError)}
                helperText={nameError ?? 'You become its owner, and can invite colleagues next.'}
                slotProps={{ htmlInput: { maxLength: CLINIC_LIMITS.name } }}
                required
              />
              <Box>
                <Button type="submit" variant="contained" loading={create.busy} disabled={name.trim() === ''}>
                  Create clinic
                </Button>
              </Box>
            </Stack>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
