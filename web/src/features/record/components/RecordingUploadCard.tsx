import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { formatBytes, formatDuration } from '@/lib/format';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import type { RecordingEntry } from '../lib/recording-uploads';
import { describeUploadError } from '../lib/upload-errors';
import { useUploadProgress } from '../hooks/use-session-progress';
import { RecordingProgress } from './RecordingProgress';
import { UploadProgress } from './UploadProgress';

interface RecordingUploadCardProps {
  entry: RecordingEntry;
  online: boolean;
  onRetry: () => void;
  onDiscard: () => Promise<void>;
  onDismiss: () => void;
  /** Shown inside the recorder, where the recording was (the one just stopped), rather than as a card of its own. */
  inline?: boolean;
  /** Open the session by itself when it becomes ready while shown (the clinician stayed and started nothing new). */
  openWhenReady?: boolean;
}

function useSecondsUntil(epochMs: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (epochMs === null) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [epochMs]);
  return epochMs === null ? null : Math.max(0, Math.ceil((epochMs - now) / 1000));
}

/** One recording on its way to the server: what is safe on the device, what the server has, what is wrong. */
export function RecordingUploadCard({ entry, online, onRetry, onDiscard, onDismiss, inline = false, openWhenReady = false }: RecordingUploadCardProps) {
  const { queue, phase, patientName, sessionId } = entry;
  const progress = useUploadProgress(phase, sessionId, openWhenReady);
  const { stage } = progress;
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const retryIn = useSecondsUntil(queue.status === 'waiting-retry' ? queue.nextRetryAt : null);
  const parts = `${queue.confirmed.count} of ${queue.captured.count} parts uploaded (${formatBytes(queue.confirmed.bytes)} of ${formatBytes(queue.captured.bytes)})`;
  // Inside the recorder it is plainly the recording just made: the name and length are enough (one line on a phone).
  const heading = `${inline ? '' : `${entry.recovered ? 'Recovered recording' : 'Recording'} for `}${patientName} · ${formatDuration(entry.elapsedMs / 1000)}`;

  const discard = async () => {
    setDiscarding(true);
    try {
      await onDiscard();
    } finally {
      setDiscarding(false);
      setConfirmDiscard(false);
    }
  };

  const label = `Upload of the recording for ${patientName}`;
  return (
    // Inside the recorder (the recording just stopped) it is an outlined part of that card, a little tighter.
    <Card component="section" aria-label={label} className={NO_CAPTURE_CLASS} sx={inline ? { borderRadius: 2 } : undefined}>
      <CardContent sx={inline ? { p: 1.5, '&:last-child': { pb: 1.5 } } : undefined}>
        <Stack spacing={inline ? 1 : 1.5}>
          {/* Inside the recorder: smaller, so that on a phone Start recording below stays in view. */}
          <Typography variant={inline ? 'subtitle1' : 'h3'} component="h3" sx={inline ? { fontWeight: 700 } : undefined}>
            {heading}
          </Typography>

          {phase !== 'recording' && phase !== 'failed' && (
            <RecordingProgress
              stage={stage}
              sessionId={sessionId}
              failure={progress.session?.error?.message ?? null}
              opensByItself={openWhenReady}
              liveTranscript={progress.liveTranscript}
              onClose={onDismiss}
            />
          )}
          {phase !== 'complete' && (
            <UploadProgress
              label={`Upload progress for ${patientName}`}
              done={queue.confirmed.bytes}
              total={queue.captured.bytes}
              detail={phase === 'recording' ? `Saved on this device as you record · ${parts}` : `Uploading · ${parts}`}
            />
          )}

          {entry.storageProblem && phase !== 'complete' && <Alert severity="warning">{entry.storageProblem}</Alert>}

          {phase !== 'complete' && phase !== 'failed' && (queue.status === 'offline' || !online) && (
            <Alert severity="warning">
              <AlertTitle>You are offline</AlertTitle>
              The recording is safe on this device. The upload continues by itself when the connection returns.
            </Alert>
          )}
          {queue.status === 'waiting-retry' && online && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={onRetry}>
                  Retry now
                </Button>
              }
            >
              The upload was interrupted ({describeUploadError(queue.error)}). Trying again
              {retryIn !== null ? ` in ${retryIn} s` : ''}.
            </Alert>
          )}
          {phase === 'failed' && (
            <Alert
              severity="error"
              role="alert"
              action={
                <Stack direction="row" spacing={1}>
                  <Button color="inherit" size="small" onClick={onRetry}>
                    Retry
                  </Button>
                  <Button color="inherit" size="small" onClick={() => setConfirmDiscard(true)}>
                    Discard
                  </Button>
                </Stack>
              }
            >
              <AlertTitle>The upload failed</AlertTitle>
              {describeUploadError(queue.error)} The recording stays on this device until it is uploaded or you discard it.
            </Alert>
          )}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirmDiscard}
        title="Discard this recording?"
        confirmLabel="Discard recording"
        destructive
        busy={discarding}
        onConfirm={() => void discard()}
        onClose={() => setConfirmDiscard(false)}
      >
        The audio recorded for {patientName} that is kept on this device will be deleted. It cannot be recovered.
      </ConfirmDialog>
    </Card>
  );
}
