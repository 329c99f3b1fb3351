import { emailDomainOf, type ClinicSingleSignOn, type MyClinicResponse } from '@charta/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNotify } from '@/components/feedback/notifications';
import { useSubmit } from '@/lib/use-submit';
import { clearClinicSingleSignOn, setClinicSingleSignOn } from '../api/clinic';

interface SingleSignOnCardProps {
  singleSignOn: ClinicSingleSignOn | null;
  canEdit: boolean;
  /** The caller's address: its domain is the one they can claim (the API checks it too). */
  myEmail: string | null | undefined;
  onSaved: (next: MyClinicResponse) => unknown;
}

/** What is in force, in a sentence every member can read. */
function inForce(sso: ClinicSingleSignOn | null): string {
  return sso
    ? `Everyone signing in with an address at ${sso.domain} is sent to the clinic’s identity provider (${sso.providerId}).`
    : 'Not set up: everyone signs in the way they choose.';
}

/**
 * Single sign-on by email domain (docs/clinics.md "Single sign-on by domain"): admins and the owner name the
 * clinic's domain (one they hold a verified address at) and its Firebase Auth provider; members read it. What was
 * typed stays after a failure, and the API's reason is said next to the field it names.
 */
export function SingleSignOnCard({ singleSignOn, canEdit, myEmail, onSaved }: SingleSignOnCardProps) {
  const notify = useNotify();
  const [domain, setDomain] = useState(singleSignOn?.domain ?? (myEmail ? emailDomainOf(myEmail) : ''));
  const [providerId, setProviderId] = useState(singleSignOn?.providerId ?? '');
  const save = useSubmit(async (nextDomain: string, nextProvider: string) => onSaved(await setClinicSingleSignOn(nextDomain, nextProvider)));
  const clear = useSubmit(async () => onSaved(await clearClinicSingleSignOn()));
  const busy = save.busy || clear.busy;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save.submit(domain.trim(), providerId.trim())) notify({ message: `Addresses at ${domain.trim().toLowerCase()} now sign in with single sign-on`, severity: 'success' });
  };
  const fieldError = (field: string) => (save.errorField === field ? save.error : null);
  const generalError = save.error && !fieldError('domain') && !fieldError('providerId') ? save.error : clear.error;

  return (
    <Card component="section" aria-labelledby="clinic-sso-heading">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="clinic-sso-heading" variant="h2">
            Single sign-on
          </Typography>
          <Typography>{inForce(singleSignOn)}</Typography>
          {canEdit && (
            <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} aria-label="Single sign-on by email domain">
              <Typography variant="body2" color="text.secondary">
                The provider is one set up in Firebase Authentication (oidc.… or saml.…). You can claim only the domain of your own verified address, and
                a domain belongs to one clinic. To refuse every other way of signing in, allow only organisation single sign-on in Policies.
              </Typography>
              {generalError && (
                <Alert severity="error" role="alert">
                  {generalError}
                </Alert>
              )}
              <TextField
                label="Email domain"
                value={domain}
                onChange={(event) => setDomain(event.target.value)}
                error={fieldError('domain') !== null}
                helperText={fieldError('domain') ?? 'Such as northside.example'}
                disabled={busy}
                slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
              />
              <TextField
                label="Provider id"
                value={providerId}
                onChange={(event) => setProviderId(event.target.value)}
                error={fieldError('providerId') !== null}
                helperText={fieldError('providerId') ?? 'Such as oidc.northside'}
                disabled={busy}
                slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
              />
              <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                <Button type="submit" variant="contained" loading={save.busy} disabled={busy}>
                  Save single sign-on
                </Button>
                {singleSignOn && (
                  <Button
                    variant="outlined"
                    color="error"
                    loading={clear.busy}
                    disabled={busy}
                    onClick={() =>
                      void clear.submit().then((done) => {
                        if (done) notify({ message: 'Single sign-on is off', severity: 'success' });
                      })
                    }
                  >
                    Turn off single sign-on
                  </Button>
                )}
              </Stack>
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
