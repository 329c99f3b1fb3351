import {
  CONSENT_LIMITS,
  DEFAULT_CONSENT_STATEMENT,
  DEFAULT_RETENTION_SETTINGS,
  RETENTION_CHOICES_OF,
  RETENTION_FIELD_LABELS,
  RETENTION_KINDS,
  RETENTION_SETTING_OF,
  retentionChoiceLabel,
  SIGN_IN_METHOD_LABELS,
  SIGN_IN_METHODS,
  type ClinicPolicies,
  type ConsentSettings,
  type MyClinicResponse,
  type RetentionSettings,
  type SignInMethod,
} from '@charta/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { useNotify } from '@/components/feedback/notifications';
import { describeError } from '@/lib/error-message';
import { setClinicPolicies } from '../api/clinic';
import { consentPolicyText, retentionPolicyText, signInPolicyText } from '../lib/policy-text';

// A native select's value is a string: "keep" stands for null (keep until deleted).
const KEEP = 'keep';
const toValue = (days: number | null) => (days === null ? KEEP : String(days));
const fromValue = (value: string) => (value === KEEP ? null : Number(value));

/** What the admin is editing: each policy on or off, with the values it would set (kept while it is off). */
interface Draft {
  consentSet: boolean;
  consent: ConsentSettings;
  retentionSet: boolean;
  retention: RetentionSettings;
  signInSet: boolean;
  signInMethods: SignInMethod[];
}

function draftOf(policies: ClinicPolicies): Draft {
  return {
    consentSet: policies.consent !== null,
    consent: policies.consent ?? { required: true, statement: DEFAULT_CONSENT_STATEMENT },
    retentionSet: policies.retention !== null,
    retention: policies.retention ?? DEFAULT_RETENTION_SETTINGS,
    signInSet: policies.signInMethods !== null,
    signInMethods: policies.signInMethods ?? [...SIGN_IN_METHODS],
  };
}

function policiesOf(draft: Draft): ClinicPolicies {
  return {
    consent: draft.consentSet ? { required: draft.consent.required, statement: draft.consent.statement.trim() } : null,
    retention: draft.retentionSet ? draft.retention : null,
    signInMethods: draft.signInSet ? SIGN_IN_METHODS.filter((m) => draft.signInMethods.includes(m)) : null,
  };
}

function PolicySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** What members see: each policy in a sentence, none of it to change. */
function PolicySummary({ policies }: { policies: ClinicPolicies }) {
  return (
    <Stack spacing={2}>
      <PolicySection id="policy-consent-heading" title="Consent">
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {consentPolicyText(policies.consent)}
        </Typography>
      </PolicySection>
      <PolicySection id="policy-retention-heading" title="Retention">
        <Typography variant="body2">{retentionPolicyText(policies.retention)}</Typography>
      </PolicySection>
      <PolicySection id="policy-sign-in-heading" title="Signing in">
        <Typography variant="body2">{signInPolicyText(policies.signInMethods)}</Typography>
      </PolicySection>
    </Stack>
  );
}

/** Admins and the owner: each policy set for every member or left to each, saved together. */
function PoliciesForm({ policies, onSaved }: { policies: ClinicPolicies; onSaved: (next: MyClinicResponse) => Promise<unknown> }) {
  const notify = useNotify();
  const [draft, setDraft] = useState<Draft>(() => draftOf(policies));
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const next = policiesOf(draft);
  const dirty = JSON.stringify(next) !== JSON.stringify(policies);
  const noMethod = draft.signInSet && draft.signInMethods.length === 0;
  const emptyStatement = draft.consentSet && !draft.consent.statement.trim();
  const retentionChanged = next.retention !== null && JSON.stringify(next.retention) !== JSON.stringify(policies.retention);
  const change = (patch: Partial<Draft>) => {
    setFormError(null);
    setDraft((current) => ({ ...current, ...patch }));
  };

  async function save() {
    setSaving(true);
    try {
      await onSaved(await setClinicPolicies(next));
      notify({ message: 'Clinic policies saved', severity: 'success' });
    } catch (error) {
      setFormError(describeError(error));
    } finally {
      setSaving(false);
      setConfirming(false);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (noMethod || emptyStatement) return;
    // Retention windows for everyone delete members' data, for good: asked first.
    if (retentionChanged) setConfirming(true);
    else void save();
  }

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit} aria-label="Clinic policies">
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      <PolicySection id="policy-consent-heading" title="Consent">
        <FormControlLabel
          control={<Switch checked={draft.consentSet} onChange={(event) => change({ consentSet: event.target.checked })} />}
          label="Set consent for every member"
        />
        {draft.consentSet ? (
          <Stack spacing={1.5} sx={{ mt: 1 }}>
            <FormControlLabel
              control={<Switch checked={draft.consent.required} onChange={(event) => change({ consent: { ...draft.consent, required: event.target.checked } })} />}
              label="Ask for the patient’s consent before recording"
            />
            <TextField
              label="What to read aloud"
              multiline
              minRows={3}
              value={draft.consent.statement}
              onChange={(event) => change({ consent: { ...draft.consent, statement: event.target.value } })}
              error={emptyStatement}
              helperText={emptyStatement ? 'Write what members read to the patient.' : `Members see it on the Record tab. At most ${CONSENT_LIMITS.statement} characters.`}
              slotProps={{ htmlInput: { maxLength: CONSENT_LIMITS.statement } }}
            />
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Each member chooses in Settings.
          </Typography>
        )}
      </PolicySection>
      <Divider />
      <PolicySection id="policy-retention-heading" title="Retention">
        <FormControlLabel
          control={<Switch checked={draft.retentionSet} onChange={(event) => change({ retentionSet: event.target.checked })} />}
          label="Set retention for every member"
        />
        {draft.retentionSet ? (
          <Stack spacing={2} sx={{ mt: 1 }}>
            {RETENTION_KINDS.map((kind) => {
              const key = RETENTION_SETTING_OF[kind];
              return (
                <TextField
                  key={kind}
                  select
                  label={RETENTION_FIELD_LABELS[kind]}
                  value={toValue(draft.retention[key])}
                  onChange={(event) => change({ retention: { ...draft.retention, [key]: fromValue(event.target.value) } })}
                  slotProps={{ select: { native: true } }}
                >
                  {RETENTION_CHOICES_OF[kind].map((days) => (
                    <option key={toValue(days)} value={toValue(days)}>
                      {retentionChoiceLabel(kind, days)}
                    </option>
                  ))}
                </TextField>
              );
            })}
            <Typography variant="body2" color="text.secondary">
              {retentionPolicyText(draft.retention)} The daily job deletes what is due for every member, for good.
            </Typography>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Each member chooses in Settings.
          </Typography>
        )}
      </PolicySection>
      <Divider />
      <PolicySection id="policy-sign-in-heading" title="Signing in">
        <FormControlLabel
          control={<Switch checked={draft.signInSet} onChange={(event) => change({ signInSet: event.target.checked })} />}
          label="Limit how members sign in"
        />
        {draft.signInSet ? (
          <FormControl component="fieldset" error={noMethod} sx={{ mt: 1, display: 'block' }}>
            <FormLabel component="legend">Members may sign in with</FormLabel>
            <FormGroup>
              {SIGN_IN_METHODS.map((method) => (
                <FormControlLabel
                  key={method}
                  control={
                    <Checkbox
                      checked={draft.signInMethods.includes(method)}
                      onChange={(event) =>
                        change({ signInMethods: event.target.checked ? [...draft.signInMethods, method] : draft.signInMethods.filter((m) => m !== method) })
                      }
                    />
                  }
                  label={SIGN_IN_METHOD_LABELS[method]}
                />
              ))}
            </FormGroup>
            <FormHelperText>
              {noMethod ? 'Choose at least one way to sign in.' : 'A member signed in another way is refused at once, until they sign in again with one of these.'}
            </FormHelperText>
          </FormControl>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Members sign in any way Charta offers.
          </Typography>
        )}
      </PolicySection>
      <Box>
        <Button type="submit" variant="contained" loading={saving && !confirming} disabled={!dirty || noMethod || emptyStatement}>
          Save policies
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Set retention for every member?"
        confirmLabel="Set retention"
        destructive
        busy={saving}
        onConfirm={() => void save()}
        onClose={() => setConfirming(false)}
      >
        {retentionPolicyText(next.retention)} This applies to every member’s sessions, whatever they chose: from the next daily run, Charta deletes for
        good what these windows say has expired.
      </ConfirmDialog>
    </Stack>
  );
}

/**
 * Clinic settings → Policies (docs/clinics.md "Policies"): consent, retention and the allowed sign-in methods,
 * each set for every member or left to each. Admins and the owner edit them; members read them, and see the
 * ones that apply to them in Settings, disabled. The server decides who may set them and enforces them.
 */
export function PoliciesCard({ policies, canEdit, onSaved }: { policies: ClinicPolicies; canEdit: boolean; onSaved: (next: MyClinicResponse) => Promise<unknown> }) {
  return (
    <Card component="section" aria-labelledby="clinic-policies-heading">
      <CardContent>
        <Typography id="clinic-policies-heading" variant="h2" sx={{ mb: 0.5 }}>
          Policies
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {canEdit
            ? 'What every member’s account does, whatever they chose in Settings. A member’s own settings come back if you stop setting one, or if they leave.'
            : 'Set by the clinic’s admins for every member. Where the clinic sets one, Settings shows it and you cannot change it.'}
        </Typography>
        {canEdit ? <PoliciesForm key={JSON.stringify(policies)} policies={policies} onSaved={onSaved} /> : <PolicySummary policies={policies} />}
      </CardContent>
    </Card>
  );
}
