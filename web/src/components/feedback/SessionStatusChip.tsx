import Chip, { type ChipProps } from '@mui/material/Chip';
import { isProcessing, sessionStatusLabel, type SessionStatus } from '@charta/contract';

/** The colour says whether anything is needed from the clinician; the words are the contract's label. */
function chipColor(status: SessionStatus): ChipProps['color'] {
  if (status === 'ready') return 'success';
  if (status === 'failed') return 'error';
  return isProcessing(status) ? 'info' : 'default';
}

/** A session's status, the same on the sessions list and the session page. */
export function SessionStatusChip({ status }: { status: SessionStatus }) {
  return <Chip size="small" label={sessionStatusLabel(status)} color={chipColor(status)} variant={status === 'draft' ? 'outlined' : 'filled'} />;
}
