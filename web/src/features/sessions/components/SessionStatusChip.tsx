import Chip, { type ChipProps } from '@mui/material/Chip';
import type { SessionStatus } from '@charta/contract';

/** The status in a clinician's words, with a colour that says whether anything is needed from them. */
export function sessionStatusLabel(status: SessionStatus): { label: string; color: ChipProps['color'] } {
  switch (status) {
    case 'draft':
      return { label: 'Waiting for audio', color: 'default' };
    case 'uploaded':
      return { label: 'Audio uploaded', color: 'info' };
    case 'transcribing':
      return { label: 'Transcribing', color: 'info' };
    case 'generating':
      return { label: 'Writing notes', color: 'info' };
    case 'ready':
      return { label: 'Ready', color: 'success' };
    case 'failed':
      return { label: 'Failed', color: 'error' };
  }
}

export function SessionStatusChip({ status }: { status: SessionStatus }) {
  const { label, color } = sessionStatusLabel(status);
  return <Chip size="small" label={label} color={color} variant={status === 'draft' ? 'outlined' : 'filled'} />;
}
