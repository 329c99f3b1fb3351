import {
  DEFAULT_RETENTION_SETTINGS,
  RETENTION_CHOICES_OF,
  RETENTION_FIELD_LABELS,
  RETENTION_KINDS,
  RETENTION_SETTING_OF,
  retentionChoiceLabel,
  retentionSummary,
  shortenedRetentionKinds,
  type RetentionImpact,
  type RetentionKind,
  type RetentionSettings,
} from '@charta/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { useNotify } from '@/components/feedback/notifications';
import { retentionImpact, useUpdatePrivacySettings } from '@/data/profile';
import { describeError } from '@/lib/error-message';
import { SetByClinicNotice } from './SetByClinicNotice';

// A native select's value is a string: "keep" stands for null (keep until deleted).
const KEEP = 'keep';
const toValue = (days: number | null) => (days === null ? KEEP : String(days));
const fromValue = (value: string) => (value === KEEP ? null : Number(value));

/** "The audio of 12 sessions", "1 whole session with its note", "No transcript yet": what the confirmation lists. */
export function impactLines(kinds: RetentionKind[], impact: RetentionImpact): string[] {
  const sessions = (n: number) => (n === 1 ? '1 session' : `${n} sessions`);
  return kinds.map((kind) => {
    if (kind === 'session') {
      const n = impact.sessions;
      return n === 0 ? 'No whole session yet (none is that old)' : n === 1 ? '1 whole session with its note' : `${n} whole sessions with their notes`;
    }
    const n = kind === 'audio' ? impact.audio : impact.transcript;
    const what = kind === 'audio' ? 'audio' : 'transcript';
    return n === 0 ? `No ${what} yet (none is that old)` : `The ${what} of ${sessions(n)}`;
  });
}

interface Pending {
  next: RetentionSettings;
  kinds: RetentionKind[];
  impact: RetentionImpact;
}

/**
 * Settings → Retention (docs/privacy.md "Retention"): how long Charta keeps audio, transcripts and whole sessions.
 * A change that deletes sooner is asked about first, with how many sessions it affects (the API counts them);
 * a longer one is saved at once. The choices stay as the clinician left them whatever fails. When the clinician's
 * clinic sets retention for its members (`setByClinic`), the clinic's windows show, disabled, with no Save.
 */
export function RetentionSettingsForm({ settings, setByClinic = null }: { settings: RetentionSettings; setByClinic?: string | null }) {
  const locked = setByClinic !== null;
  const notify = useNotify();
  const { updateRetention } = useUpdatePrivacySettings();
  const [values, setValues] = useState<RetentionSettings>(settings);
  const [busy, setBusy] = useState<'counting' | 'saving' | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const dirty = RETENTION_KINDS.some((kind) => values[RETENTION_SETTING_OF[kind]] !== settings[RETENTION_SETTING_OF[kind]]);

  async function save(next: RetentionSettings, confirmShorter: boolean) {
    setBusy('saving');
    try {
      const saved = await updateRetention(next, confirmShorter);
      setValues(saved.retention);
      setPending(null);
      notify({ message: 'Retention settings saved', severity: 'success' });
    } catch (error) {
      setPending(null);
      setFormError(describeError(error));
    } finally {
      setBusy(null);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const next = values;
    const kinds = shortenedRetentionKinds(settings, next);
    if (kinds.length === 0) return save(next, false);
    setBusy('counting');
    try {
      setPending({ next, kinds, impact: await retentionImpact(next) });
    } catch (error) {
      setFormError(describeError(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void handleSubmit(event)} aria-label="Retention">
      {locked && <SetByClinicNotice clinicName={setByClinic} />}
      <Typography variant="body2">{retentionSummary(settings)}</Typography>
      {formError && <Alert severity="error">{formError}</Alert>}
      {RETENTION_KINDS.map((kind) => {
        const key = RETENTION_SETTING_OF[kind];
        return (
          <TextField
            key={kind}
            select
            label={RETENTION_FIELD_LABELS[kind]}
            value={toValue(values[key])}
            disabled={locked}
            onChange={(event) => setValues((current) => ({ ...current, [key]: fromValue(event.target.value) }))}
            // A disabled field's helper text is greyed below readable contrast; the clinic's notice says why it is locked.
            helperText={locked ? undefined : values[key] === DEFAULT_RETENTION_SETTINGS[key] ? 'The default' : `Default: ${retentionChoiceLabel(kind, DEFAULT_RETENTION_SETTINGS[key]).toLowerCase()}`}
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
        A daily job deletes what is due, for good, Cloud Storage included. Sessions say what was deleted and when.
      </Typography>
      {!locked && (
        <Box>
          <Button type="submit" variant="contained" loading={busy !== null && !pending} disabled={!dirty}>
            Save
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={pending !== null}
        title="Delete sooner?"
        confirmLabel="Delete sooner"
        cancelLabel="Keep my current settings"
        destructive
        busy={busy === 'saving'}
        onConfirm={() => pending && void save(pending.next, true)}
        onClose={() => setPending(null)}
      >
        {pending && (
          <>
            From the next daily run, Charta deletes for good:
            <Box component="ul" sx={{ my: 1, pl: 3 }}>
              {impactLines(pending.kinds, pending.impact).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Box>
            and, from then on, whatever reaches the new limits.
          </>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
