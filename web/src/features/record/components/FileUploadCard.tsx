import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import type { FileUploadState, PickedFile } from '../hooks/use-file-upload';

interface FileUploadCardProps {
  /** The upload under way (its progress shows in the recorder). */
  state: FileUploadState;
  /** A file just picked: being checked, or refused. */
  picked: PickedFile | null;
  /** The upload's progress when it is not shown in the recorder (a recording was begun since); else nothing. */
  progress: ReactNode;
  /** While recording, or while another upload runs. */
  disabled: boolean;
  onFile: (file: File) => void;
  onDismiss: () => void;
}

const ACCEPT = 'audio/*,.webm,.weba,.ogg,.oga,.opus,.mp3,.m4a,.mp4,.aac,.wav,.flac';

/** Or upload a recording made elsewhere: a file picker and a drop zone, then progress. */
export function FileUploadCard({ state, picked, progress, disabled, onFile, onDismiss }: FileUploadCardProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const busy = picked?.phase === 'checking' || state.phase === 'creating' || state.phase === 'uploading';
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

          {picked?.phase === 'checking' && (
            <Typography color="text.secondary" role="status">
              Checking {picked.fileName}…
            </Typography>
          )}
          {/* Once its session is asked for, the upload's progress and any failure show in the recorder above. */}
          {progress}
          {!progress && !picked && state.phase !== 'idle' && (
            <Typography color="text.secondary">
              {state.fileName}: its progress shows under Record, above.
            </Typography>
          )}
          {picked?.phase === 'refused' && (
            <Alert
              severity="error"
              role="alert"
              action={
                <Button color="inherit" size="small" onClick={onDismiss}>
                  Close
                </Button>
              }
            >
              <AlertTitle>{picked.fileName} was not uploaded</AlertTitle>
              {picked.error}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
