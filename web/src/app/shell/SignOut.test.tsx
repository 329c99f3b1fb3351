// Signing out from the account menu, with recordings on this device (a fake IndexedDB): what the server has
// is deleted; what it does not is named in a confirmation first, and kept for this user alone.
import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signOutUser } from '@/features/auth';
import { openChunkStore, type ChunkStore } from '@/features/record/lib/chunk-store';
import { setViewportWidth } from '@/test/viewport';
import { renderShell } from './render-shell.test-support';

vi.mock('@/features/auth', () => ({
  useAuth: () => ({ user: { uid: 'u1', email: 'ada@example.com', emailVerified: true }, loading: false }),
  VerifyEmailBanner: () => null,
  signOutUser: vi.fn(() => Promise.resolve()),
}));

let store: ChunkStore;
let opened = false;

/** A recording an earlier page load left on this device. */
async function leftBehind(id: string, uid: string, patientName: string, chunks: { uploaded: boolean; final?: boolean }[]) {
  await store.putRecording({
    id, uid, sessionId: `s-${id}`, uploadId: `u-${id}`, patientName, templateId: 'soap', language: 'en-US', mimeType: 'audio/webm',
    startedAt: '2026-11-21T10:00:00.000Z', stoppedAt: null, elapsedMs: 125_000,
  });
  for (const [chunkIndex, chunk] of chunks.entries()) {
    await store.putChunk({
      recordingId: id, sessionId: `s-${id}`, uploadId: `u-${id}`, chunkIndex, data: new ArrayBuffer(4), size: 4,
      uploaded: chunk.uploaded, final: chunk.final ?? false, createdAt: '2026-11-21T10:00:00.000Z',
    });
  }
}

async function chooseSignOut() {
  await userEvent.click(screen.getByRole('button', { name: 'Account' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
}

beforeEach(async () => {
  setViewportWidth(1280);
  vi.mocked(signOutUser).mockClear();
  // One database for the file, as in a browser (the app's page-load manager keeps it open): emptied per test.
  if (!opened) store = await openChunkStore();
  opened = true;
  for (const uid of ['u1', 'u2']) for (const r of await store.listRecordings(uid)) await store.deleteRecording(r.id);
});

describe('signing out', () => {
  it('deletes uploaded recordings from this device and signs out at once when nothing else is kept', async () => {
    await leftBehind('done', 'u1', 'Ana Uploaded', [{ uploaded: true }, { uploaded: true, final: true }]);
    renderShell();

    await chooseSignOut();

    await vi.waitFor(() => expect(signOutUser).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await store.getRecording('done')).toBeNull();
    expect(await store.listChunks('done')).toEqual([]);
  });

  it('says what is kept, and for whom, before signing out; keeps it for that user only', async () => {
    await leftBehind('done', 'u1', 'Ana Uploaded', [{ uploaded: true }, { uploaded: true, final: true }]);
    await leftBehind('half', 'u1', 'Bea Pending', [{ uploaded: true }, { uploaded: false }]);
    await leftBehind('theirs', 'u2', 'Cy Other', [{ uploaded: false }]);
    renderShell();

    await chooseSignOut();
    const dialog = await screen.findByRole('dialog', { name: /not finished uploading/i });
    expect(within(dialog).getByText(/Bea Pending/)).toBeInTheDocument();
    expect(within(dialog).getAllByText(/ada@example\.com/).length).toBeGreaterThan(0);
    expect(within(dialog).queryByText(/Ana Uploaded|Cy Other/)).not.toBeInTheDocument();

    // Staying signed in changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(signOutUser).not.toHaveBeenCalled();
    expect(await store.getRecording('done')).not.toBeNull();

    await chooseSignOut();
    await userEvent.click(await screen.findByRole('button', { name: /Sign out and keep 1 recording/ }));

    await vi.waitFor(() => expect(signOutUser).toHaveBeenCalledTimes(1));
    expect(await store.getRecording('done')).toBeNull();
    expect((await store.listRecordings('u1')).map((r) => r.patientName)).toEqual(['Bea Pending']);
    expect((await store.listRecordings('u2')).map((r) => r.patientName)).toEqual(['Cy Other']);
  });
});
