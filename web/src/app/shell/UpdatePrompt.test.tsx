// "A new version is ready" (web/src/lib/service-worker.ts): the clinician chooses when, or it comes with their
// next move to another page; never while a recording is under way, whose page a reload would cut short.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RecordShell from '@/features/record/shell';
import { applyUpdate, newVersionInControl, resetUpdateState, updateWaiting } from '@/lib/service-worker';
import { renderShell } from './render-shell.test-support';

const recording = vi.hoisted(() => ({ active: false, uploadsPending: false, patientName: '' }));

vi.mock('@/features/auth', () => ({
  useAuth: () => ({ user: { uid: 'u1', email: 'ada@example.com', emailVerified: true }, loading: false }),
  VerifyEmailBanner: () => null,
  signOutUser: vi.fn(() => Promise.resolve()),
}));

// The shell's recorder, as the prompt reads it: recording or not is this test's to say.
vi.mock('@/features/record/shell', async (importOriginal) => {
  const actual = await importOriginal<typeof RecordShell>();
  return {
    ...actual,
    useRecorderSession: () => {
      const session = actual.useRecorderSession();
      return { ...session, active: recording.active, uploadsPending: recording.uploadsPending, draft: { ...session.draft, patientName: recording.patientName } };
    },
  };
});

const activate = vi.fn(() => Promise.resolve());

beforeEach(() => {
  resetUpdateState();
  activate.mockClear();
  recording.active = false;
  recording.uploadsPending = false;
  recording.patientName = '';
});
afterEach(() => resetUpdateState());

describe('UpdatePrompt', () => {
  it('says nothing until a new version is waiting', () => {
    renderShell();
    expect(screen.queryByText('A new version is ready')).not.toBeInTheDocument();
  });

  it('says a new version is ready and installs it when the clinician chooses', async () => {
    renderShell();
    act(() => updateWaiting({ activate }));
    const prompt = await screen.findByRole('status');
    expect(prompt).toHaveTextContent('A new version is ready');
    await userEvent.click(screen.getByRole('button', { name: 'Update now' }));
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it('installs it when the clinician next moves to another page', async () => {
    renderShell();
    act(() => updateWaiting({ activate }));
    await screen.findByText('A new version is ready');
    expect(activate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Settings' }));
    await screen.findByText('Settings page');
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it('while recording, offers no button and waits: moving between pages does not install it', async () => {
    recording.active = true;
    renderShell();
    act(() => updateWaiting({ activate }));
    expect(await screen.findByRole('status')).toHaveTextContent('It will be installed once this recording has finished and uploaded. Nothing is interrupted.');
    expect(screen.queryByRole('button', { name: 'Update now' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Settings' }));
    await screen.findByText('Settings page');
    expect(activate).not.toHaveBeenCalled();
  });

  it('while audio is still to upload, waits too', async () => {
    recording.uploadsPending = true;
    renderShell();
    act(() => updateWaiting({ activate }));
    await screen.findByText('A new version is ready');
    expect(screen.queryByRole('button', { name: 'Update now' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Settings' }));
    await screen.findByText('Settings page');
    expect(activate).not.toHaveBeenCalled();
  });

  it('with a patient’s name typed on the Record tab (kept across pages, lost by a reload), waits too', async () => {
    recording.patientName = 'María García';
    renderShell();
    act(() => updateWaiting({ activate }));
    expect(await screen.findByRole('status')).toHaveTextContent('so nothing you typed is lost');
    expect(screen.queryByRole('button', { name: 'Update now' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Settings' }));
    await screen.findByText('Settings page');
    expect(activate).not.toHaveBeenCalled();
  });

  it('when another tab installs it during a recording, this one does not reload: it says so and waits', async () => {
    const reload = vi.fn();
    recording.active = true;
    renderShell();
    act(() => newVersionInControl(reload));
    expect(await screen.findByRole('status')).toHaveTextContent('A new version is ready');
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Settings' }));
    await screen.findByText('Settings page');
    expect(reload).not.toHaveBeenCalled();
    // Once free, choosing it reloads into the new version.
    await applyUpdate(reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('when another tab installs it and this one is not recording, reloads at once', () => {
    const reload = vi.fn();
    renderShell();
    newVersionInControl(reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
