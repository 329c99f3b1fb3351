import DialogTitle from '@mui/material/DialogTitle';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LazyDialog } from './LazyDialog';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <LazyDialog open={open} onClose={() => setOpen(false)} aria-labelledby="title">
        <DialogTitle id="title">Discard this recording?</DialogTitle>
        <button onClick={() => setOpen(false)}>Cancel</button>
      </LazyDialog>
    </>
  );
}

describe('LazyDialog', () => {
  it('draws nothing while closed, opens as MUI’s Dialog once its code is in, and closes again', async () => {
    render(<Opener />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => {
      await import('@mui/material/Dialog');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this recording?' });
    // MUI's: a modal dialog, the page behind it hidden from assistive technology.
    expect(dialog).toBeVisible();
    expect(screen.getByRole('button', { name: 'Open', hidden: true }).closest('[aria-hidden="true"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens when asked before its code has arrived: it is drawn as soon as it has', async () => {
    // A fresh copy of the module: its Dialog not loaded yet.
    vi.resetModules();
    const { LazyDialog: FreshLazyDialog } = await import('./LazyDialog');
    render(
      <FreshLazyDialog open aria-labelledby="consent-title">
        <DialogTitle id="consent-title">Does the patient agree to be recorded?</DialogTitle>
      </FreshLazyDialog>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Does the patient agree to be recorded?' })).toBeVisible();
  });
});
