import { useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { SIMULATED_COPY_HEADER } from '../lib/simulated-output';

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
