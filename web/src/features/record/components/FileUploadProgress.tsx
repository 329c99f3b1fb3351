import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { formatBytes } from '@/lib/format';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import type { FileUploadState } from '../hooks/use-file-upload';
import { useUploadProgress } from '../hooks/use-session-progress';
import { RecordingProgress } from './RecordingProgress';
import { UploadProgress } from './UploadProgress';

interface FileUploadProgressProps {
  state: FileUploadState;
  online: boolean;
  /** Open the session by itself when it becomes ready (the clinician stayed and started nothing new). */
  openWhenReady: boolean;
  /** Scrolled into view when it appears (in the recorder, above the picker the clinician used). */
  bringIntoView: boolean;
  onRetry: () => void;
  onClose: () => void;
}

/**
 * A picked file on its way to a note, where a stopped recording shows its own (in the recorder, near the top
 * of the page rather than at the picker below): the same steps, uploading (with its bytes) → transcribing →
 * writing → ready, then its session opens by itself, as after Stop.
 */
export function FileUploadProgress({ state, online, openWhenReady, bringIntoView, onRetry, onClose }: FileUploadProgressProps) {
  const { phase, sessionId, fileName, patientName } = state;
  // A file's phases before the server has it all ('idle', 'creating') are a recording's 'uploading'.
  const progress = useUploadProgress(phase === 'complete' || phase === 'failed' ? phase : 'uploading', sessionId, openWhenReady);
  const { stage } = progress;

  // The file was picked at the bottom of the page: its progress in the recorder is brought into view once.
  const root = useRef<HTMLElement>(null);
  const bringIntoViewOnMount = useRef(bringIntoView);
  useEffect(() => {
    if (bringIntoViewOnMount.current) root.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);

  const name = fileName ?? 'the file';
  return (
    <Card ref={root} component="section" aria-label={`Upload of ${name} for ${patientName ?? 'the patient'}`} className={NO_CAPTURE_CLASS} sx={{ borderRadius: 2, scrollMarginTop: 80 }}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {name} · {patientName}
          </Typography>
          {phase !== 'failed' && (
            <RecordingProgress
              stage={stage}
              sessionId={sessionId}
              failure={progress.session?.error?.message ?? null}
              opensByItself={openWhenReady}
              liveTranscript={progress.liveTranscript}
              title="File uploaded"
              onClose={onClose}
            />
          )}
          {(phase === 'creating' || phase === 'uploading') && (
            <UploadProgress
              label={`Upload progress for ${name}`}
              done={state.sentBytes}
              total={state.totalBytes}
              detail={phase === 'creating' ? 'Creating the session…' : `Uploading · ${formatBytes(state.sentBytes)} of ${formatBytes(state.totalBytes)}`}
            />
          )}
          {phase === 'uploading' && (state.queueStatus === 'offline' || !online) && (
            <Alert severity="warning">
              <AlertTitle>You are offline</AlertTitle>
              Keep this page open: the upload continues when the connection returns.
            </Alert>
          )}
          {phase === 'uploading' && state.queueStatus === 'waiting-retry' && online && (
            <Alert severity="warning">The connection was interrupted. Trying again shortly…</Alert>
          )}
          {phase === 'failed' && (
            <Alert
              severity="error"
              role="alert"
              action={
                <Stack direction="row" spacing={1}>
                  {state.retryable && (
                    <Button color="inherit" size="small" onClick={onRetry}>
                      Retry
                    </Button>
                  )}
                  <Button color="inherit" size="small" onClick={onClose}>
                    {state.retryable ? 'Cancel' : 'Close'}
                  </Button>
                </Stack>
              }
            >
              <AlertTitle>{name} was not uploaded</AlertTitle>
              {state.error}
              {state.retryable ? '' : ' The patient’s details you entered are kept.'}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
