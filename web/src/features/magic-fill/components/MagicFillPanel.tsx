import AutoFixHigh from '@mui/icons-material/AutoFixHigh';
import Undo from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MagicFillLeftOut } from '@charta/contract';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import type { SessionTool } from '@/components/layout/session-tools-slot';
import { useUnresolvedFactsQuestion } from '@/components/feedback/UnresolvedFactsDialog';
import { useMagicFill, type NotFilled } from '../hooks/use-magic-fill';
import type { UnreachedFrame } from '../lib/active-page';
import type { SkipReason } from '../lib/page-script';

const NOT_FILLED_BECAUSE: Record<SkipReason, string> = {
  'not-found': 'no longer on the page',
  'not-fillable': 'the page does not let it be filled',
  kept: 'kept what was already typed',
  'no-such-option': 'the page has no such choice',
  refused: 'the page did not keep the value',
  invalid: 'the page refuses this value (outside its range or steps)',
};

const frameName = (frame: UnreachedFrame) => (frame.title ? `“${frame.title}” (${frame.host})` : `A frame from ${frame.host}`);

/** A short list inside an alert: label, then what happened. */
function ReasonList({ items, label }: { items: { label: string; text: string }[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} className={NO_CAPTURE_CLASS} sx={{ m: 0, pl: 2.5 }}>
      {items.map((item, i) => (
        <li key={i}>
          <strong>{item.label}</strong>: {item.text}
        </li>
      ))}
    </Box>
  );
}

/** Frames Charta could not read, why, and (for a site it has no permission for) a button to allow it. */
function UnreachedFrames({ frames, onAllow }: { frames: UnreachedFrame[]; onAllow: (frame: UnreachedFrame) => void }) {
  const askable = [...new Map(frames.filter((f) => f.reason === 'no-permission').map((f) => [f.origin, f])).values()];
  return (
    <Alert severity="warning">
      <AlertTitle>Part of this page is out of Charta’s reach</AlertTitle>
      <ReasonList
        label="Frames Charta could not reach"
        items={frames.map((frame) => ({
          label: frameName(frame),
          text:
            frame.reason === 'no-permission'
              ? 'Charta has no permission for this site, so its fields stay as they are.'
              : 'it did not answer (it may still be loading, or it lets no extension in). Reload the page and try again.',
        }))}
      />
      {askable.length > 0 && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1 }}>
          {askable.map((frame) => (
            <Button key={frame.origin} size="small" variant="outlined" color="inherit" onClick={() => onAllow(frame)}>
              Allow {frame.host}
            </Button>
          ))}
        </Stack>
      )}
    </Alert>
  );
}

function LeftOut({ items }: { items: MagicFillLeftOut[] }) {
  return (
    <Alert severity="info">
      <AlertTitle>Left out</AlertTitle>
      <ReasonList label="Fields left out" items={items.map(({ label, reason }) => ({ label, text: reason }))} />
    </Alert>
  );
}

function NotFilledList({ items }: { items: NotFilled[] }) {
  return <ReasonList label="Fields not filled" items={items.map(({ label, reason }) => ({ label, text: NOT_FILLED_BECAUSE[reason] }))} />;
}

/**
 * "Fill this page": the note mapped onto the EHR page's fields, checked by the clinician, filled, undoable.
 * A note with facts the transcript does not support asks first, as copying does.
 */
export function MagicFillPanel({ documentationId, unresolvedFacts, onReviewFacts }: SessionTool) {
  const { step, error, overwrite, setOverwrite, clearError, propose, allowFrame, fill, undo, update, reset } = useMagicFill(documentationId);
  const factsQuestion = useUnresolvedFactsQuestion({ facts: unresolvedFacts, action: 'Fill the page', proceedLabel: 'Fill anyway', onReview: onReviewFacts });

  return (
    <Card component="section" aria-labelledby="magic-fill-title">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography id="magic-fill-title" variant="h3" component="h2">
            Fill the EHR
          </Typography>
          {error && (
            <Alert severity="error" role="alert" onClose={clearError}>
              {error}
            </Alert>
          )}
          {(step.kind === 'idle' || step.kind === 'undone') && (
            <>
              {step.kind === 'undone' && <Alert severity="info">Undone: {step.restored} fields are back as they were.</Alert>}
              <Typography color="text.secondary">Open the EHR page in this window, then let Charta put the note into its fields. You check every value first.</Typography>
              <Button variant="contained" startIcon={<AutoFixHigh />} onClick={() => factsQuestion.request(() => void propose())} sx={{ alignSelf: 'flex-start' }}>
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
                <Alert severity="info">{step.leftOut.length + step.unreached.length > 0 ? 'Nothing Charta can fill on this page from the note.' : 'The note says nothing that fits this page’s fields.'}</Alert>
              ) : (
                <Typography>
                  {step.fields.length} fields to fill{step.pageTitle ? ` on “${step.pageTitle}”` : ''}. Untick or edit any.
                </Typography>
              )}
              {step.unreached.length > 0 && <UnreachedFrames frames={step.unreached} onAllow={(frame) => void allowFrame(frame)} />}
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
                      helperText={field.note}
                      disabled={!field.checked}
                      multiline
                      maxRows={6}
                      size="small"
                      fullWidth
                    />
                  </Stack>
                ))}
              </Stack>
              {step.leftOut.length > 0 && <LeftOut items={step.leftOut} />}
              <FormControlLabel
                control={<Checkbox checked={overwrite} onChange={(event) => setOverwrite(event.target.checked)} />}
                label="Replace what is already typed in the page"
              />
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                <Button variant="contained" disabled={!step.fields.some((f) => f.checked)} onClick={() => void fill(step.tabId, step.fields)}>
                  Fill
                </Button>
                <Button onClick={reset}>Cancel</Button>
              </Stack>
            </>
          )}
          {step.kind === 'filled' && (
            <>
              <Alert severity="success" role="status">
                Filled {step.filled} {step.filled === 1 ? 'field' : 'fields'}, skipped {step.skipped}.
              </Alert>
              {step.notFilled.length > 0 && (
                <Alert severity="warning">
                  <AlertTitle>Not filled</AlertTitle>
                  <NotFilledList items={step.notFilled} />
                </Alert>
              )}
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                <Button variant="outlined" startIcon={<Undo />} onClick={() => void undo(step.tabId, step.frameIds)}>
                  Undo
                </Button>
                <Button onClick={reset}>Done</Button>
              </Stack>
            </>
          )}
        </Stack>
      </CardContent>
      {factsQuestion.dialog}
    </Card>
  );
}
