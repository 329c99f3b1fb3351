import Chip, { type ChipProps } from '@mui/material/Chip';
import { isProcessing, sessionStatusLabel, type Session, type SessionStatus } from '@charta/contract';
import { isHeldByPlanLimit } from '@/data/billing';

/** The colour says whether anything is needed from the clinician; the words are the contract's label. */
function chipColor(status: SessionStatus): ChipProps['color'] {
  if (status === 'ready') return 'success';
  if (status === 'failed') return 'error';
  return isProcessing(status) ? 'info' : 'default';
}

/**
 * A session's status, the same on the sessions list and the session page. A session the free plan's limit
 * stopped at its transcript is `failed` to the API, but nothing went wrong: it waits for an upgrade.
 */
export function SessionStatusChip({ status, error = null }: Pick<Session, 'status'> & { error?: Session['error'] }) {
  if (isHeldByPlanLimit({ status, error })) return <Chip size="small" label="Waiting for upgrade" color="warning" />;
  return <Chip size="small" label={sessionStatusLabel(status)} color={chipColor(status)} variant={status === 'draft' ? 'outlined' : 'filled'} />;
}
