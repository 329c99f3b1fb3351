import AutoFixHigh from '@mui/icons-material/AutoFixHigh';
import Undo from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describeError } from '@/lib/error-message';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import { proposeFields } from '../api/fill-html';
import { ensurePageAccess, fillFrameFields, findTargetPage, PageAccessError, readFrames, undoFrames } from '../lib/active-page';
import { fieldPath } from '../lib/page-script';

interface ProposedField {
  key: string;
  frameId: number;
  selector: string;
  shadowHosts?: string[];
  label: string;
  value: string;
  checked: boolean;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'busy'; what: string }
  | { kind: 'review'; tabId: number; pageTitle: string; fields: ProposedField[]; truncated: boolean }
  | { kind: 'filled'; tabId: number; frameIds: number[]; filled: number; skipped: number; kept: number }
  | { kind: 'undone'; restored: number };

const errorText = (error: unknown) => (error instanceof PageAccessError ? error.message : describeError(error));

/** "Fill this page": the note mapped onto the EHR page's fields, checked by the clinician, filled, undoable. */
export function MagicFillPanel({ documentationId }: { documentationId: string }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [overwrite, setOverwrite] = useState(false);

  const propose = async () => {
    setError(null);
    try {
      const page = await findTargetPage();
      await ensurePageAccess(page.tabId);
      setStep({ kind: 'busy', what: 'Reading the page…' });
      const frames = await readFrames(page.tabId);
      if (frames.length === 0) throw new PageAccessError('This page has no fields Charta can fill.');
      setStep({ kind: 'busy', what: 'Matching the note to the page’s fields…' });
      // One call per frame: the answer's selectors are local to the frame whose HTML was sent.
      const answers = await Promise.all(frames.map(async (frame) => ({ frame, answer: await proposeFields(documentationId, frame.html) })));
      const fields = answers.flatMap(({ frame, answer }) =>
        answer.fields.map((field) => ({ key: `${frame.frameId}:${fieldPath(field)}`, frameId: frame.frameId, ...field, checked: true })),
      );
      setStep({ kind: 'review', tabId: page.tabId, pageTitle: page.title, fields, truncated: answers.some(({ answer }) => answer.truncated === true) });
    } catch (caught) {
      setError(errorText(caught));
      setStep({ kind: 'idle' });
    }
  };

  const fill = async (tabId: number, fields: ProposedField[]) => {
    setError(null);
    setStep({ kind: 'busy', what: 'Filling the page…' });
    const chosen = fields.filter((f) => f.checked);
    const frameIds = [...new Set(chosen.map((f) => f.frameId))];
    try {
      let filled = 0;
      let skipped = fields.length - chosen.length;
      let kept = 0;
      for (const frameId of frameIds) {
        const result = await fillFrameFields(tabId, frameId, chosen.filter((f) => f.frameId === frameId).map(({ selector, shadowHosts, value }) => ({ selector, ...(shadowHosts ? { shadowHosts } : {}), value })), overwrite);
        filled += result.filled.length;
        skipped += result.skipped.length;
        kept += result.skipped.filter((s) => s.reason === 'kept').length;
      }
      setStep({ kind: 'filled', tabId, frameIds, filled, skipped, kept });
    } catch (caught) {
      setError(errorText(caught));
      setStep({ kind: 'idle' });
    }
  };

  const undo = async (tabId: number, frameIds: number[]) => {
    setError(null);
    try {
      setStep({ kind: 'undone', restored: await undoFrames(tabId, frameIds) });
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  const update = (key: string, change: Partial<ProposedField>) =>
    setStep((current) => (current.kind === 'review' ? { ...current, fields: current.fields.map((f) => (f.key === key ? { ...f, ...change } : f)) } : current));

  return (
    <Card component="section" aria-labelledby="magic-fill-title">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography id="magic-fill-title" variant="h3" component="h2">
            Fill the EHR
          </Typography>
          {error && (
            <Alert severity="error" role="alert" onClose={() => setError(null)}>
              {error}
            </Alert>
          )}
          {(step.kind === 'idle' || step.kind === 'undone') && (
            <>
              {step.kind === 'undone' && <Alert severity="info">Undone: {step.restored} fields are back as they were.</Alert>}
              <Typography color="text.secondary">Open the EHR page in this window, then let Charta put the note into its fields. You check every value first.</Typography>
              <Button variant="contained" startIcon={<AutoFixHigh />} onClick={() => void propose()} sx={{ alignSelf: 'flex-start' }}>
                Fill this page
              </Button>
            </>
          )}
          {step.kind === 'busy' && (
            <Typography role="status" aria-live="polite">
              {step.what}
            </Typography>
          )}
          {step.kind === 'review' && (
            <>
              {step.fields.length === 0 ? (
                <Alert severity="info">The note says nothing that fits this page’s fields.</Alert>
              ) : (
                <Typography>
                  {step.fields.length} fields to fill{step.pageTitle ? ` on “${step.pageTitle}”` : ''}. Untick or edit any.
                </Typography>
              )}
              {step.truncated && <Alert severity="warning">The page has very many fields: only the first were considered.</Alert>}
              <Stack component="ul" aria-label="Proposed fields" spacing={1.5} className={NO_CAPTURE_CLASS} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {step.fields.map((field) => (
                  <Stack component="li" key={field.key} direction="row" sx={{ alignItems: 'flex-start', gap: 0.5 }}>
                    <Checkbox
                      checked={field.checked}
                      onChange={(event) => update(field.key, { checked: event.target.checked })}
                      slotProps={{ input: { 'aria-label': `Fill ${field.label}` } }}
                    />
                    <TextField
                      label={field.label}
                      value={field.value}
                      onChange={(event) => update(field.key, { value: event.target.value })}
                      disabled={!field.checked}
                      multiline
                      maxRows={6}
                      size="small"
                      fullWidth
                    />
                  </Stack>
                ))}
              </Stack>
              <FormControlLabel
                control={<Checkbox checked={overwrite} onChange={(event) => setOverwrite(event.target.checked)} />}
                label="Replace what is already typed in the page"
              />
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                <Button variant="contained" disabled={!step.fields.some((f) => f.checked)} onClick={() => void fill(step.tabId, step.fields)}>
                  Fill
                </Button>
                <Button onClick={() => setStep({ kind: 'idle' })}>Cancel</Button>
              </Stack>
            </>
          )}
          {step.kind === 'filled' && (
            <>
              <Alert severity="success" role="status">
                Filled {step.filled} {step.filled === 1 ? 'field' : 'fields'}, skipped {step.skipped}
                {step.kept > 0 ? ` (${step.kept} kept what was already typed)` : ''}.
              </Alert>
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                <Button variant="outlined" startIcon={<Undo />} onClick={() => void undo(step.tabId, step.frameIds)}>
                  Undo
                </Button>
                <Button onClick={() => setStep({ kind: 'idle' })}>Done</Button>
              </Stack>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
