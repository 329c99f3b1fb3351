import IconButton from '@mui/material/IconButton';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LazyTooltip } from './LazyTooltip';

describe('LazyTooltip', () => {
  it('shows its control at once, working and labelled, and its tooltip once Tooltip has loaded', async () => {
    const onClick = vi.fn();
    render(
      <LazyTooltip title="Use dark theme">
        <IconButton aria-label="Use dark theme" onClick={onClick}>
          D
        </IconButton>
      </LazyTooltip>,
    );
    // Rendered in the same pass, before the tooltip's chunk has arrived, and it works then.
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use dark theme' }));
    expect(onClick).toHaveBeenCalledTimes(1);

    // Once the chunk is in, the same control is wrapped by the tooltip.
    await act(async () => {
      await import('@mui/material/Tooltip');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await userEvent.hover(screen.getByRole('button', { name: 'Use dark theme' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Use dark theme');
  });
});
