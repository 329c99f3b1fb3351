import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent } from 'react';
import { formatBytes } from '@/lib/format';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import type { FileUploadState } from '../hooks/use-file-upload';
import { UploadDoneAlert } from './UploadDoneAlert';
import { UploadProgress } from './UploadProgress';

interface FileUploadCardProps {
  state: FileUploadState;
  online: boolean;
  /** While recording, or while another upload runs. */
  disabled: boolean;
  onFile: (file: File) => void;
  onRetry: () => void;
  onReset: () => void;
}

const ACCEPT = 'audio/*,.webm,.weba,.ogg,.oga,.opus,.mp3,.m4a,.mp4,.aac,.wav,.flac';

/** Or upload a recording made elsewhere: a file picker and a drop zone, then progress. */
export function FileUploadCard({ state, online, disabled, onFile, onRetry, onReset }: FileUploadCardProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const busy = state.phase === 'creating' || state.phase === 'uploading';
  const blocked = disabled || busy;

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file && !blocked) onFile(file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  return (
    <Card component="section" aria-labelledby="file-upload-heading" className={NO_CAPTURE_CLASS}>
      <CardContent>
        <Stack spacing={2}>
          <Typography id="file-upload-heading" variant="h2">
            Or upload a recording
          </Typography>
          <Box
            onDragOver={(event) => {
              event.preventDefault();
              if (!blocked) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            aria-label="Drop an audio file here"
            role="group"
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: dragging ? 'primary.main' : 'divider',
              bgcolor: dragging ? 'action.hover' : 'transparent',
              borderRadius: 2,
              p: 3,
              textAlign: 'center',
              // Not faded while a recording runs: faded text fails contrast (axe); the disabled button says it.
            }}
          >
            <Typography color="text.secondary" sx={{ mb: 1.5 }}>
              Drop an audio file here (WebM, Ogg, MP3, M4A, WAV or FLAC), or
            </Typography>
            <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => input.current?.click()} disabled={blocked}>
              Upload audio file
            </Button>
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              hidden
              onChange={(event) => {
                take(event.target.files);
                event.target.value = ''; // the same file may be chosen again after a failure
              }}
            />
          </Box>

          {state.phase === 'creating' && <Typography color="text.secondary">Creating the session for {state.patientName}…</Typography>}
          {state.phase === 'uploading' && (
            <UploadProgress
              label={`Upload progress for ${state.fileName ?? 'the file'}`}
              done={state.sentBytes}
              total={state.totalBytes}
              detail={`Uploading ${state.fileName} · ${formatBytes(state.sentBytes)} of ${formatBytes(state.totalBytes)}`}
            />
          )}
          {state.phase === 'uploading' && (state.queueStatus === 'offline' || !online) && (
            <Alert severity="warning">
              <AlertTitle>You are offline</AlertTitle>
              Keep this page open: the upload continues when the connection returns.
            </Alert>
          )}
          {state.phase === 'uploading' && state.queueStatus === 'waiting-retry' && online && (
            <Alert severity="warning">The connection was interrupted. Trying again shortly…</Alert>
          )}
          {state.phase === 'complete' && (
            <UploadDoneAlert title="File uploaded" sessionId={state.sessionId} onClose={onReset}>
              {state.fileName} is stored for {state.patientName}.
            </UploadDoneAlert>
          )}
          {state.phase === 'failed' && (
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
                  <Button color="inherit" size="small" onClick={onReset}>
                    {state.retryable ? 'Cancel' : 'Close'}
                  </Button>
                </Stack>
              }
            >
              <AlertTitle>{state.fileName ? `${state.fileName} was not uploaded` : 'The file was not uploaded'}</AlertTitle>
              {state.error}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
