import { CONSENT_METHOD_LABELS, type ConsentMethod } from '@charta/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { LazyDialog } from '@/components/feedback/LazyDialog';

interface ConsentStepProps {
  open: boolean;
  /** What is about to happen once the patient agreed: the recording, or the upload of a picked file. */
  action: 'record' | 'upload';
  /** What to read aloud: the clinician's own statement from Settings, or the default. */
  statement: string;
  onConfirm: (method: ConsentMethod) => void;
  onCancel: () => void;
}

/**
 * The consent step (docs/privacy.md "Consent"): before a recording starts or a picked file is uploaded, the clinician
 * reads the statement (or their own words) and says how the patient agreed. A step that opens on Start
 * rather than fields above it: it is asked for every recording (a consent never carries over to the next
 * patient), and Start recording stays where it was, in view on a phone.
 */
export function ConsentStep({ open, action, statement, onConfirm, onCancel }: ConsentStepProps) {
  const titleId = useId();
  const descriptionId = useId();
  const then = action === 'record' ? 'start recording' : 'upload';
  return (
    <LazyDialog open={open} onClose={onCancel} aria-labelledby={titleId} aria-describedby={descriptionId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Does the patient agree to be recorded?</DialogTitle>
      <DialogContent>
        <Typography id={descriptionId} variant="body2" color="text.secondary">
          Ask before you {action === 'record' ? 'record' : 'upload the recording'}. You could say:
        </Typography>
        <Box component="blockquote" sx={{ mx: 0, my: 1.5, pl: 2, borderLeft: 4, borderColor: 'primary.main' }}>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{statement}</Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          Your answer is kept with the session: how the patient agreed, when, and that you confirmed it. If they do not agree, do not record: Paste notes instead
          takes what you type. <Link component={RouterLink} to={`${paths.settings.getHref()}#consent-heading`}>Change what to say in Settings</Link>.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button onClick={onCancel} autoFocus sx={{ mr: 'auto' }}>
          Cancel
        </Button>
        <Button variant="outlined" onClick={() => onConfirm('written')} aria-label={`${CONSENT_METHOD_LABELS.written} consent: ${then}`}>
          {CONSENT_METHOD_LABELS.written} consent
        </Button>
        <Button variant="contained" onClick={() => onConfirm('verbal')} aria-label={`${CONSENT_METHOD_LABELS.verbal} consent: ${then}`}>
          {CONSENT_METHOD_LABELS.verbal} consent
        </Button>
      </DialogActions>
    </LazyDialog>
  );
}
