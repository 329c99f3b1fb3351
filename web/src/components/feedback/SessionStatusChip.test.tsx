import { PLAN_LIMIT_SESSION_ERROR_CODE } from '@charta/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionStatusChip } from './SessionStatusChip';

describe('SessionStatusChip', () => {
  it('calls a session the plan limit holds what it is, not a failure', () => {
    render(<SessionStatusChip status="failed" error={{ code: PLAN_LIMIT_SESSION_ERROR_CODE, message: 'limit' }} />);
    expect(screen.getByText('Waiting for upgrade')).toBeInTheDocument();
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
  });

  it('still calls a real failure a failure', () => {
    render(<SessionStatusChip status="failed" error={{ code: 'transcription_failed', message: 'x' }} />);
    expect(screen.getByText('Failed')).toBeInTheDocument();
  });
});
