import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { UploadMatch } from '@charta/contract';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import { describeUploadTime } from '../lib/file-checksum';
import { LazyDialog } from '@/components/feedback/LazyDialog';

interface DuplicateUploadDialogProps {
  /** The caller's upload of the same file lately; the dialog is open while there is one. */
  match: UploadMatch | null;
  fileName: string;
  onUploadAgain: () => void;
  onClose: () => void;
}

/**
 * The same file was uploaded within the last day (found by its checksum): asks before a second session is made
 * from it. Opening that session is the choice drawn as the one to take; Cancel (and Escape) does nothing.
 */
export function DuplicateUploadDialog({ match, fileName, onUploadAgain, onClose }: DuplicateUploadDialogProps) {
  const titleId = useId();
  const textId = useId();
  const verb = match?.complete === false ? 'began uploading' : 'uploaded';
  return (
    <LazyDialog open={match !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId} aria-describedby={textId} className={NO_CAPTURE_CLASS}>
      <DialogTitle id={titleId}>Upload this file again?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {match && (
            <>
              You {verb} {fileName} {describeUploadTime(match.uploadedAt)} for <strong>{match.patientName}</strong>: open that session, or upload
              again?
            </>
          )}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="outlined" onClick={onUploadAgain}>
          Upload again
        </Button>
        {match && (
          <Button variant="contained" component={RouterLink} to={paths.session.getHref(match.sessionId)} onClick={onClose}>
            Open that session
          </Button>
        )}
      </DialogActions>
    </LazyDialog>
  );
}
