import { CONSENT_METHOD_LABELS, CONSENT_METHODS, type ConsentMethod } from '@charta/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

interface ConsentStepProps {
  /** What to read aloud: the clinician's own statement from Settings, or the default. */
  statement: string;
  method: ConsentMethod | null;
  onChange: (method: ConsentMethod) => void;
  /** Set when Start or an upload was tried before consent was confirmed. */
  error: string | null;
  disabled: boolean;
}

const CONFIRM_LABELS = {
  verbal: `${CONSENT_METHOD_LABELS.verbal}: the patient said yes`,
  written: `${CONSENT_METHOD_LABELS.written}: the patient signed a form`,
} as const satisfies Record<ConsentMethod, string>;

/**
 * The consent step (README "Consent"): before recording starts or a file is uploaded, the clinician confirms
 * how the patient agreed. The statement to read aloud is one tap away rather than always shown, so Start
 * recording stays in view on a phone.
 */
export function ConsentStep({ statement, method, onChange, error, disabled }: ConsentStepProps) {
  const [showStatement, setShowStatement] = useState(false);
  const statementId = useId();
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} required>
      <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 500 }}>
        Patient’s consent to recording
      </FormLabel>
      <RadioGroup row value={method ?? ''} onChange={(event) => onChange(event.target.value as ConsentMethod)} name="consent">
        {CONSENT_METHODS.map((value) => (
          <FormControlLabel key={value} value={value} control={<Radio />} label={CONFIRM_LABELS[value]} />
        ))}
      </RadioGroup>
      <FormHelperText sx={{ mx: 0, '&.Mui-disabled:not(.Mui-error)': { color: 'text.secondary' } }}>
        {error ?? 'Ask before you record or upload. Your confirmation is kept with the session.'}
      </FormHelperText>
      <Box>
        <Button size="small" onClick={() => setShowStatement((shown) => !shown)} aria-expanded={showStatement} aria-controls={statementId} sx={{ ml: -1 }}>
          {showStatement ? 'Hide what to say' : 'What to say'}
        </Button>
      </Box>
      <Collapse in={showStatement} id={statementId}>
        <Box component="blockquote" sx={{ m: 0, mt: 1, pl: 2, borderLeft: 4, borderColor: 'primary.main' }}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {statement}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          <Link component={RouterLink} to={`${paths.settings.getHref()}#consent-heading`}>
            Change it in Settings
          </Link>
        </Typography>
      </Collapse>
    </FormControl>
  );
}
