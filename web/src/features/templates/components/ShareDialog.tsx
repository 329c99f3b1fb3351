import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useState } from 'react';
import { useNotify } from '@/components/feedback/notifications';
import { describeError } from '@/lib/error-message';
import { shareTemplate } from '../api/templates';
import { LazyDialog } from '@/components/feedback/LazyDialog';

interface ShareDialogProps {
  templateId: string;
  templateName: string;
  onClose: () => void;
}

/** Makes (or finds) the template's share link and offers to copy it. Deleting the template revokes it. */
export function ShareDialog({ templateId, templateName, onClose }: ShareDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const [state, setState] = useState<{ status: 'loading' } | { status: 'ready'; url: string } | { status: 'error'; message: string }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    shareTemplate(templateId).then(
      ({ url }) => current && setState({ status: 'ready', url }),
      (error: unknown) => current && setState({ status: 'error', message: describeError(error) }),
    );
    return () => {
      current = false;
    };
  }, [templateId, attempt]);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify({ message: 'Link copied', severity: 'success' });
    } catch {
      notify({ message: 'Copying is blocked here. Select the link and copy it yourself.', severity: 'info' });
    }
  };

  return (
    <LazyDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Share “{templateName}”</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            Anyone signed in to Charta who opens this link sees the template and can add their own copy. They never see your sessions. Deleting the template stops the link.
          </DialogContentText>
          {state.status === 'loading' && <CircularProgress aria-label="Making the link" sx={{ alignSelf: 'center' }} />}
          {state.status === 'error' && (
            <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => { setState({ status: 'loading' }); setAttempt((n) => n + 1); }}>Try again</Button>}>
              {state.message}
            </Alert>
          )}
          {state.status === 'ready' && <TextField label="Share link" value={state.url} slotProps={{ htmlInput: { readOnly: true, onFocus: (event: React.FocusEvent<HTMLInputElement>) => event.target.select() } }} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {state.status === 'ready' && (
          <Button variant="contained" startIcon={<ContentCopyOutlined />} onClick={() => void copy(state.url)}>
            Copy link
          </Button>
        )}
      </DialogActions>
    </LazyDialog>
  );
}
