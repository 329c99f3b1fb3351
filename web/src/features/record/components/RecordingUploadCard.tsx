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
import { UploadDoneAlert } from './UploadDoneAlert';
import { UploadProgress } from './UploadProgress';

interface RecordingUploadCardProps {
  entry: RecordingEntry;
  online: boolean;
  onRetry: () => void;
  onDiscard: () => Promise<void>;
  onDismiss: () => void;
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
export function RecordingUploadCard({ entry, online, onRetry, onDiscard, onDismiss }: RecordingUploadCardProps) {
  const { queue, phase, patientName } = entry;
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const retryIn = useSecondsUntil(queue.status === 'waiting-retry' ? queue.nextRetryAt : null);
  const parts = `${queue.confirmed.count} of ${queue.captured.count} parts uploaded (${formatBytes(queue.confirmed.bytes)} of ${formatBytes(queue.captured.bytes)})`;
  const heading = `${entry.recovered ? 'Recovered recording' : 'Recording'} for ${patientName} · ${formatDuration(entry.elapsedMs / 1000)}`;

  const discard = async () => {
    setDiscarding(true);
    try {
      await onDiscard();
    } finally {
      setDiscarding(false);
      setConfirmDiscard(false);
    }
  };

  return (
    <Card component="section" aria-label={`Upload of the recording for ${patientName}`} className={NO_CAPTURE_CLASS}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h3" component="h3">
            {heading}
          </Typography>

          {phase === 'complete' ? (
            <UploadDoneAlert title="Recording uploaded" sessionId={entry.sessionId} onClose={onDismiss}>
              The audio is safely stored. Charta prepares the documentation next.
            </UploadDoneAlert>
          ) : (
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
