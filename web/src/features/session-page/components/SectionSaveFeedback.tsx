// What saving a section says: its status beside the title, and the choice a conflict asks for.
import CheckCircleOutlineOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { SavePhase } from '../hooks/use-section-editing';

/** Saving…, Unsaved changes or Saved, announced politely to screen readers. */
export function SaveStatus({ dirty, phase }: { dirty: boolean; phase: SavePhase['kind'] }) {
  let content: ReactNode = null;
  if (phase === 'saving') content = <Typography variant="body2" color="text.secondary">Saving…</Typography>;
  else if (dirty) content = <Typography variant="body2" color="warning.main">Unsaved changes</Typography>;
  else if (phase === 'saved')
    content = (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'success.main' }}>
        <CheckCircleOutlineOutlined fontSize="small" />
        <Typography variant="body2">Saved</Typography>
      </Stack>
    );
  return (
    <Box role="status" aria-live="polite">
      {content}
    </Box>
  );
}

interface ConflictAlertProps {
  /** The latest saved text of the section, which the clinician's draft would replace. */
  latest: string;
  onOverwrite: () => void;
  onTakeLatest: () => void;
}

/** The section was saved elsewhere after the clinician started: both versions, and their choice. */
export function ConflictAlert({ latest, onOverwrite, onTakeLatest }: ConflictAlertProps) {
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Stack spacing={1}>
          <Button color="inherit" size="small" variant="outlined" onClick={onOverwrite}>
            Overwrite with mine
          </Button>
          <Button color="inherit" size="small" onClick={onTakeLatest}>
            Reload latest
          </Button>
        </Stack>
      }
    >
      <AlertTitle>This section was changed elsewhere</AlertTitle>
      Someone (perhaps you, in another tab or device) saved a different version after you started editing. Nothing was saved over: your text is
      still in the box above. The latest saved version is:
      <Box component="blockquote" sx={{ m: 0, mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'warning.main', whiteSpace: 'pre-wrap' }}>
        {latest || '(empty)'}
      </Box>
    </Alert>
  );
}
