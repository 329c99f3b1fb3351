import { FACT_FLAG_LABEL, FACT_KIND_LABELS } from '@charta/contract';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import { ConfirmDialog } from './ConfirmDialog';
import { factCount, type UnresolvedFact } from '@/lib/fact-flags';

interface UnresolvedFactsDialogProps {
  open: boolean;
  facts: readonly UnresolvedFact[];
  /** What would happen to the note: "Copy the note", "Fill the page". */
  action: string;
  /** The button that does it anyway ("Copy anyway"). */
  proceedLabel: string;
  onReview: () => void;
  onProceed: () => void;
  onClose: () => void;
}

/**
 * Asked before a note with unresolved flags leaves the app (copied, filled into an EHR page): each fact the
 * transcript does not support, where it is, and a choice between reviewing them and going on. Review has
 * the focus, so Enter never sends an unchecked dose on its way.
 */
export function UnresolvedFactsDialog({ open, facts, action, proceedLabel, onReview, onProceed, onClose }: UnresolvedFactsDialogProps) {
  const one = facts.length === 1;
  return (
    // ConfirmDialog's shape, with the safe choice drawn as the one to take (and one dialog chunk in the bundle).
    <ConfirmDialog
      open={open}
      title={`${action} with ${one ? 'a fact' : factCount(facts.length)} not found in the transcript?`}
      cancelLabel="Review"
      onCancel={onReview}
      emphasis="cancel"
      confirmLabel={proceedLabel}
      onConfirm={onProceed}
      onClose={onClose}
      maxWidth="sm"
    >
      {one ? 'This fact was' : 'These facts were'} not found in what was said. Check {one ? 'it' : 'them'} first, or confirm {one ? 'it' : 'each'} with “I confirm this”.
      <Box component="ul" aria-label="Facts not found in the transcript" className={NO_CAPTURE_CLASS} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
        {facts.map((fact) => (
          <Box component="li" key={`${fact.sectionId}:${fact.flagId}`} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.75 }}>
            <WarningAmberOutlined fontSize="small" color="warning" aria-hidden sx={{ mt: 0.25, flexShrink: 0 }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" color="text.primary">
                <strong>{fact.sectionTitle}:</strong> “{fact.text}” ({FACT_KIND_LABELS[fact.kind]}, {FACT_FLAG_LABEL.toLowerCase()})
              </Typography>
              {fact.sentence !== fact.text && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  In “{fact.sentence}”
                </Typography>
              )}
            </Box>
          </Box>
        ))}
      </Box>
    </ConfirmDialog>
  );
}

/**
 * Asks first when there are unresolved facts, and does the thing at once when there are none: `request(go)`
 * runs `go` now, or after "…anyway"; Review hands over to `onReview` (which shows the first flag).
 */
export function useUnresolvedFactsQuestion({ facts, action, proceedLabel, onReview }: { facts: readonly UnresolvedFact[]; action: string; proceedLabel: string; onReview: () => void }) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const request = (go: () => void) => {
    if (facts.length > 0) setPending(() => go);
    else go();
  };
  const dialog = (
    <UnresolvedFactsDialog
      open={pending !== null}
      facts={facts}
      action={action}
      proceedLabel={proceedLabel}
      onReview={() => {
        setPending(null);
        onReview();
      }}
      onProceed={() => {
        const go = pending;
        setPending(null);
        go?.();
      }}
      onClose={() => setPending(null)}
    />
  );
  return { request, dialog };
}
