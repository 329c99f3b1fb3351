import { ENGINE_QUALITY_ADVICE, ENGINE_QUALITY_LABELS } from '@charta/contract';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';

/**
 * Copying a simulated note asks first (the clipboard is how a note reaches a record). The copy it makes
 * starts with `header` (the contract's provenanceHeader: what the note is), so it still says so once pasted;
 * null for a note that is not simulated, which copies at once.
 */
export function useDemoCopyConfirmation(header: string | null) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const request = (copy: () => void) => {
    if (header) setPending(() => copy);
    else copy();
  };
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={`Copy a ${ENGINE_QUALITY_LABELS.simulated.toLowerCase()} note?`}
      confirmLabel={`Copy ${ENGINE_QUALITY_LABELS.simulated.toLowerCase()} note`}
      onConfirm={() => {
        pending?.();
        setPending(null);
      }}
      onClose={() => setPending(null)}
    >
      {ENGINE_QUALITY_ADVICE.simulated} The copy starts with the line “{header}”, so it still says what it is once pasted.
    </ConfirmDialog>
  );
  return { request, dialog };
}
