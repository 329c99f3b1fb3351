import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { SIMULATED_COPY_HEADER, type OutputWarning } from '../lib/simulated-output';

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

/**
 * Copying a simulated note asks first (the clipboard is how a note reaches a record). The copy it makes
 * starts with SIMULATED_COPY_HEADER, so it still says what it is once pasted.
 */
export function useDemoCopyConfirmation(simulated: boolean) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const request = (copy: () => void) => {
    if (simulated) setPending(() => copy);
    else copy();
  };
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title="Copy a demo note?"
      confirmLabel="Copy demo note"
      onConfirm={() => {
        pending?.();
        setPending(null);
      }}
      onClose={() => setPending(null)}
    >
      This note was not written from this recording by an AI model: it is simulated output for trying Charta. Do not paste it into a patient record. The copy
      starts with the line “{SIMULATED_COPY_HEADER}”.
    </ConfirmDialog>
  );
  return { request, dialog };
}
