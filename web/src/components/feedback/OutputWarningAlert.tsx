import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { OutputWarning } from '@/lib/output-quality';

/**
 * Says that a transcript or note is not a real model's, above it, in words a clinician cannot miss: filled
 * for simulated output (never for a record), outlined for demo quality (check it word by word).
 */
export function OutputWarningAlert({ warning }: { warning: OutputWarning | null }) {
  if (!warning) return null;
  return (
    <Alert severity="warning" variant={warning.level === 'simulated' ? 'filled' : 'standard'} data-output-quality={warning.level}>
      <AlertTitle>{warning.title}</AlertTitle>
      {warning.detail}
    </Alert>
  );
}
