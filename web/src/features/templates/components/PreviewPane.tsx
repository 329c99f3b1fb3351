import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { LazyTooltip as Tooltip } from '@/components/feedback/LazyTooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import useSWR from 'swr';
import { ErrorState } from '@/components/feedback/ErrorState';
import { describeError } from '@/lib/error-message';
import { previewTemplate, type PreviewedSection, type TemplateDraft } from '../api/templates';
import { useDebouncedValue } from '@/lib/use-debounced-value';

export type PreviewSource = { templateId: string } | { template: Omit<TemplateDraft, 'id'> };

/** Live preview waits this long after the last change before asking the assistant. */
export const PREVIEW_DEBOUNCE_MS = 1200;

interface PreviewPaneProps {
  /** What to preview; null while the template is not valid yet. */
  source: PreviewSource | null;
  transcript: string;
  onTranscriptChange: (transcript: string) => void;
}

type PreviewKey = readonly ['preview_template', string, string];

/**
 * The template written over a consultation, as a note would be: the bundled sample visit, or a transcript
 * the clinician pastes. Live: it follows the editor a moment after each change; otherwise on request.
 */
export function PreviewPane({ source, transcript, onTranscriptChange }: PreviewPaneProps) {
  const [live, setLive] = useState(true);
  const [ownTranscript, setOwnTranscript] = useState(transcript.trim() !== '');
  const serialized = source ? JSON.stringify(source) : null;
  const debounced = useDebouncedValue(serialized, PREVIEW_DEBOUNCE_MS);
  const debouncedTranscript = useDebouncedValue(ownTranscript ? transcript.trim() : '', PREVIEW_DEBOUNCE_MS);
  const [manual, setManual] = useState<{ source: string; transcript: string } | null>(null);

  const requested = live ? (debounced ? { source: debounced, transcript: debouncedTranscript } : null) : manual;
  const { data, error, isLoading, isValidating, mutate } = useSWR<PreviewedSection[], unknown, PreviewKey | null>(
    requested ? ['preview_template', requested.source, requested.transcript] : null,
    ([, s, t]: PreviewKey) => previewTemplate(JSON.parse(s) as PreviewSource, t || undefined),
    { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false, keepPreviousData: true, dedupingInterval: 60_000 },
  );

  const refresh = () => {
    if (!serialized) return;
    const next = { source: serialized, transcript: ownTranscript ? transcript.trim() : '' };
    if (!live) setManual(next);
    if (requested && requested.source === next.source && requested.transcript === next.transcript) void mutate();
  };
  const outOfDate = Boolean(serialized) && (live ? serialized !== debounced : manual?.source !== serialized);

  let body;
  if (!source) {
    body = <Alert severity="info">Give the template a name and every section a unique title to see a preview.</Alert>;
  } else if (!requested) {
    body = <Alert severity="info">Live preview is off. Use Refresh to write the preview.</Alert>;
  } else if (error && !data) {
    body = <ErrorState message={describeError(error)} onRetry={() => void mutate()} />;
  } else if (!data) {
    body = (
      <Stack spacing={2} aria-label="Writing the preview">
        {[0, 1, 2].map((row) => (
          <Box key={row}>
            <Skeleton width="35%" />
            <Skeleton />
            <Skeleton width="80%" />
          </Box>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2}>
        {error !== undefined && <ErrorState message={describeError(error)} onRetry={() => void mutate()} />}
        {data.map((section) => (
          <Box key={section.id} component="section" aria-label={section.title}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {section.title}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
              {section.content}
            </Typography>
          </Box>
        ))}
      </Stack>
    );
  }

  return (
    <Card component="section" aria-label="Preview" aria-busy={isLoading || isValidating} sx={{ position: 'relative', overflow: 'hidden' }}>
      {(isValidating || (live && outOfDate && Boolean(data))) && <LinearProgress aria-label="Updating the preview" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
      <Box sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h3" component="h2" sx={{ flex: 1 }}>
          Preview
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={live}
              onChange={(event) => {
                // Turning live off keeps the preview on screen; Refresh writes it again.
                if (!event.target.checked) setManual(requested);
                setLive(event.target.checked);
              }}
            />
          }
          label="Live"
        />
        <Tooltip title="Write the preview again">
          <span>
            <IconButton aria-label="Refresh preview" onClick={refresh} disabled={!source}>
              <RefreshOutlined />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <Box sx={{ px: 2, pt: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {ownTranscript
            ? 'Written by the assistant from the transcript below, as a note would be.'
            : 'Written by the assistant from a sample consultation (a follow-up visit about knee pain and blood pressure), as a note would be.'}
        </Typography>
        <FormControlLabel
          // The default negative margin lines a medium switch up with text; a small one would poke out.
          sx={{ mt: 0.5, ml: -0.5 }}
          control={<Switch checked={ownTranscript} onChange={(event) => setOwnTranscript(event.target.checked)} />}
          label="Use my own transcript"
        />
        <Collapse in={ownTranscript} unmountOnExit>
          <TextField
            label="Transcript"
            placeholder={'One line per utterance, e.g.\nDoctor: What brings you in today?\nPatient: A cough for a week.'}
            multiline
            minRows={4}
            maxRows={10}
            value={transcript}
            onChange={(event) => onTranscriptChange(event.target.value)}
            sx={{ mt: 1 }}
          />
        </Collapse>
        {!live && outOfDate && data && (
          <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
            The template changed since this preview. Refresh to see it again.
          </Typography>
        )}
      </Box>
      <Box sx={{ p: 2 }}>{body}</Box>
    </Card>
  );
}
