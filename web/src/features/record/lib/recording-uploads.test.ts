import 'fake-indexeddb/auto';
import '@/test/blob-reading';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ApiNetworkError } from '@/lib/api-client';
import type { Session } from '@charta/contract';
import type { AudioPart, UploadReceipt } from '../api/upload-audio';
import { openChunkStore, type ChunkStore } from './chunk-store';
import { createRecordingUploads, type RecordingUploads, type RecordingUploadsDeps } from './recording-uploads';

/** upload_audio in miniature: stores chunks, completes when 0..final are in, remembers what it was sent. */
function fakeServer() {
  const uploads = new Map<string, { chunks: Map<number, string>; finalIndex: number | null; complete: boolean; sessionId: string | null }>();
  const log: string[] = [];
  const uploadPart = vi.fn(async (part: AudioPart): Promise<UploadReceipt> => {
    const text = await part.data.text();
    log.push(`${part.chunkIndex}${part.final ? 'F' : ''}:${text}`);
    const upload = uploads.get(part.uploadId) ?? { chunks: new Map(), finalIndex: null, complete: false, sessionId: part.sessionId };
    uploads.set(part.uploadId, upload);
    if (!upload.chunks.has(part.chunkIndex)) {
      upload.chunks.set(part.chunkIndex, text);
      if (part.final) upload.finalIndex = part.chunkIndex;
    }
    if (upload.finalIndex !== null && [...Array(upload.finalIndex + 1).keys()].every((i) => upload.chunks.has(i))) upload.complete = true;
    return { audio_uri: upload.complete ? 'local://x' : null, uploadId: part.uploadId, bytesReceived: 0, complete: upload.complete };
  });
  const audioOf = (uploadId: string) => {
    const upload = uploads.get(uploadId)!;
    return [...upload.chunks.entries()].sort(([a], [b]) => a - b).map(([, t]) => t).join('');
  };
  return { uploadPart, log, uploads, audioOf };
}

function session(id: string): Session {
  return {
    id,
    patientName: 'Ana',
    templateId: 'soap',
    language: 'en-US',
    title: 'Ana',
    audio_uri: null,
    audioDurationSec: null,
    status: 'draft',
    error: null,
    documentationId: null,
    createdAt: '',
    updatedAt: '',
  };
}

const blob = (text: string) => new Blob([text], { type: 'audio/webm' });

let factory: IDBFactory;
let server: ReturnType<typeof fakeServer>;
let online: boolean;
let deps: RecordingUploadsDeps;
let manager: RecordingUploads;
let inspect: ChunkStore;

function makeManager() {
  return createRecordingUploads(deps);
}

beforeEach(async () => {
  factory = new IDBFactory();
  server = fakeServer();
  online = true;
  deps = {
    openStore: () => openChunkStore({ factory }),
    createSession: vi.fn(() => Promise.resolve(session('made-later'))),
    deleteSession: vi.fn(() => Promise.resolve()),
    uploadPart: server.uploadPart,
    isOnline: () => online,
    queueOptions: { sleep: () => Promise.resolve(), random: () => 0.5 },
  };
  manager = makeManager();
  inspect = await openChunkStore({ factory });
});

const base = {
  id: 'rec-1',
  uid: 'user-a',
  sessionId: 'session-1',
  uploadId: 'upload-1',
  patientName: 'Ana Patiño',
  templateId: 'soap',
  language: 'en-US',
  mimeType: 'audio/webm;codecs=opus',
  startedAt: '2026-11-21T10:00:00.000Z',
};

async function settled(m: RecordingUploads, id: string) {
  await vi.waitFor(() => {
    const phase = m.getSnapshot().find((e) => e.recordingId === id)?.phase;
    if (phase !== 'complete' && phase !== 'failed') throw new Error(`still ${phase}`);
  });
  return m.getSnapshot().find((e) => e.recordingId === id)!;
}

describe('recording uploads', () => {
  it('stores each chunk before uploading it, finishes with the final, then clears the device', async () => {
    await manager.begin(base);
    // The server sees a chunk only after it is on disk.
    const upload = server.uploadPart.getMockImplementation()!;
    server.uploadPart.mockImplementation(async (part) => {
      expect(await inspect.getChunk('rec-1', part.chunkIndex)).not.toBeNull();
      return upload(part);
    });
    await manager.addChunk('rec-1', blob('A'), 2000);
    await manager.addChunk('rec-1', blob(''), 3000); // MediaRecorder's empty last data: no index
    await manager.addChunk('rec-1', blob('B'), 4000);
    await manager.addChunk('rec-1', blob('C'), 5000);
    expect((await inspect.listChunks('rec-1')).map((c) => c.chunkIndex)).toEqual([0, 1, 2]);

    await manager.finish('rec-1', 5500);
    const entry = await settled(manager, 'rec-1');

    expect(entry).toMatchObject({ phase: 'complete', sessionId: 'session-1', queue: { confirmed: { count: 3 } } });
    expect(server.log).toEqual(['0:A', '1:B', '2F:C']);
    expect(server.uploadPart.mock.calls.every(([part]) => part.sessionId === 'session-1' && part.uploadId === 'upload-1')).toBe(true);
    await vi.waitFor(async () => expect(await inspect.getRecording('rec-1')).toBeNull());
    expect(await inspect.listChunks('rec-1')).toEqual([]);
  });

  it('keeps everything on the device while the upload cannot finish', async () => {
    online = false;
    await manager.begin(base);
    await manager.addChunk('rec-1', blob('A'), 2000);
    await manager.addChunk('rec-1', blob('B'), 4000);
    await manager.finish('rec-1', 4000);

    await vi.waitFor(() => expect(manager.getSnapshot()[0]?.queue.status).toBe('offline'));
    expect(server.log).toEqual([]);
    expect(await inspect.getRecording('rec-1')).toMatchObject({ elapsedMs: 4000 });
    expect((await inspect.listChunks('rec-1')).map((c) => c.uploaded)).toEqual([false, false]);

    online = true;
    manager.setOnline(true);
    expect((await settled(manager, 'rec-1')).phase).toBe('complete');
    expect(server.audioOf('upload-1')).toBe('AB');
  });

  it('recovers a recording another page load left behind: uploads the rest and closes on the highest chunk', async () => {
    // The first page load stored four chunks and uploaded two, then the tab was reloaded.
    await manager.begin(base);
    for (const [i, t] of ['A', 'B', 'C', 'D'].entries()) await manager.addChunk('rec-1', blob(t), (i + 1) * 2000);
    await vi.waitFor(() => expect(server.log).toEqual(['0:A', '1:B', '2:C']));
    // (The page dies here: no finish(), D never went up.)

    const afterReload = makeManager();
    const unfinished = await afterReload.findUnfinished('user-a');
    expect(unfinished).toHaveLength(1);
    expect(unfinished[0]).toMatchObject({ chunkCount: 4, uploadedCount: 3, recording: { id: 'rec-1', patientName: 'Ana Patiño', elapsedMs: 8000 } });
    expect(await afterReload.findUnfinished('user-b')).toEqual([]);

    await afterReload.recover('rec-1');
    const entry = await settled(afterReload, 'rec-1');

    expect(entry).toMatchObject({ phase: 'complete', recovered: true });
    expect(server.log).toEqual(['0:A', '1:B', '2:C', '3F:D']);
    expect(server.audioOf('upload-1')).toBe('ABCD');
    expect(await afterReload.findUnfinished('user-a')).toEqual([]);
  });

  it('does not offer a recording that this page is still working on', async () => {
    await manager.begin(base);
    await manager.addChunk('rec-1', blob('A'), 2000);
    expect(await manager.findUnfinished('user-a')).toEqual([]);
  });

  it('creates the session first when the recording started without one (offline at the start), with the consent confirmed before it', async () => {
    await manager.begin({ ...base, sessionId: null, consent: 'written' });
    await manager.addChunk('rec-1', blob('A'), 2000);
    await manager.finish('rec-1', 2000);

    const entry = await settled(manager, 'rec-1');

    expect(deps.createSession).toHaveBeenCalledWith({ patientName: 'Ana Patiño', templateId: 'soap', language: 'en-US', consent: 'written' });
    expect(entry.sessionId).toBe('made-later');
    expect(server.uploadPart.mock.calls[0]![0].sessionId).toBe('made-later');
  });

  it('shows a failure, keeps the audio, and uploads on retry', async () => {
    server.uploadPart.mockRejectedValueOnce(new ApiError({ status: 404, code: 'not_found', message: 'No such session' }));
    await manager.begin(base);
    await manager.addChunk('rec-1', blob('A'), 2000);
    await manager.finish('rec-1', 2000);

    const failed = await settled(manager, 'rec-1');
    expect(failed.phase).toBe('failed');
    expect(failed.queue.error).toBeInstanceOf(ApiError);
    expect(await inspect.listChunks('rec-1')).toHaveLength(1);

    manager.retry('rec-1');
    await vi.waitFor(() => expect(manager.getSnapshot()[0]?.phase).toBe('complete'));
  });

  it('retries network failures by itself', async () => {
    server.uploadPart.mockRejectedValueOnce(new ApiNetworkError()).mockRejectedValueOnce(new ApiNetworkError());
    await manager.begin(base);
    await manager.addChunk('rec-1', blob('A'), 2000);
    await manager.finish('rec-1', 2000);
    expect((await settled(manager, 'rec-1')).phase).toBe('complete');
  });

  it('discards a recording: the device copy and the empty session go', async () => {
    await manager.begin(base);
    await manager.addChunk('rec-1', blob('A'), 2000);
    const afterReload = makeManager();

    await afterReload.discard('rec-1');

    expect(await inspect.getRecording('rec-1')).toBeNull();
    expect(await inspect.listChunks('rec-1')).toEqual([]);
    expect(deps.deleteSession).toHaveBeenCalledWith('session-1');
  });

  it('stops working on another user’s recording, leaving it on the device for them', async () => {
    online = false; // nothing goes up meanwhile
    await manager.begin(base);
    await manager.addChunk('rec-1', blob('A'), 2000);
    await manager.finish('rec-1', 2000);

    manager.forgetOthers('user-b');

    expect(manager.getSnapshot()).toEqual([]);
    online = true;
    manager.setOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.log).toEqual([]);
    expect(await manager.findUnfinished('user-a')).toHaveLength(1);
  });

  it('drops a recording that captured nothing', async () => {
    await manager.begin(base);
    await manager.addChunk('rec-1', blob(''), 0);
    await manager.finish('rec-1', 300);
    expect(manager.getSnapshot()).toEqual([]);
    expect(await inspect.getRecording('rec-1')).toBeNull();
    expect(server.log).toEqual([]);
  });

  it('still uploads when the device refuses to store chunks, and says so', async () => {
    deps.openStore = () => Promise.reject(new DOMException('nope', 'InvalidStateError'));
    const noStorage = makeManager();
    await noStorage.begin(base);
    await noStorage.addChunk('rec-1', blob('A'), 2000);
    await noStorage.addChunk('rec-1', blob('B'), 4000);
    await noStorage.finish('rec-1', 4000);

    const entry = await settled(noStorage, 'rec-1');
    expect(entry.phase).toBe('complete');
    expect(entry.storageProblem).toMatch(/not being saved on this device/);
    expect(server.audioOf('upload-1')).toBe('AB');
  });
});

describe('signing out', () => {
  /** A recording as an earlier page load left it on this device, its chunks uploaded as given. */
  async function leftBehind(id: string, uid: string, patientName: string, chunks: { uploaded: boolean; final?: boolean }[]) {
    await inspect.putRecording({ ...base, id, uid, uploadId: `upload-${id}`, patientName, stoppedAt: null, elapsedMs: 60_000 });
    for (const [chunkIndex, chunk] of chunks.entries()) {
      await inspect.putChunk({
        recordingId: id, sessionId: 'session-1', uploadId: `upload-${id}`, chunkIndex, data: new ArrayBuffer(4), size: 4,
        uploaded: chunk.uploaded, final: chunk.final ?? false, createdAt: base.startedAt,
      });
    }
  }

  it('deletes the user’s recordings the server has in full and keeps, for that user only, what is not uploaded', async () => {
    await leftBehind('done', 'user-a', 'Ana Uploaded', [{ uploaded: true }, { uploaded: true, final: true }]); // its local delete failed
    await leftBehind('empty', 'user-a', 'Ana Nothing', []);
    await leftBehind('half', 'user-a', 'Ana Half', [{ uploaded: true }, { uploaded: false }]);
    await leftBehind('theirs', 'user-b', 'Bo Other', [{ uploaded: false }]);
    online = false;
    await manager.begin({ ...base, id: 'live', uploadId: 'upload-live', patientName: 'Ana Live' });
    await manager.addChunk('live', blob('A'), 2000);
    await manager.finish('live', 2000);

    const kept = await manager.keptAtSignOut('user-a');
    expect(kept.map((k) => k.patientName).sort()).toEqual(['Ana Half', 'Ana Live']);

    expect((await manager.signOut('user-a')).map((k) => k.patientName).sort()).toEqual(['Ana Half', 'Ana Live']);

    expect(await inspect.getRecording('done')).toBeNull();
    expect(await inspect.listChunks('done')).toEqual([]);
    expect(await inspect.getRecording('empty')).toBeNull();
    expect(await inspect.getRecording('half')).not.toBeNull();
    expect(await inspect.getRecording('live')).not.toBeNull();
    expect(await inspect.getRecording('theirs')).not.toBeNull();
    // Nothing of theirs stays in this tab, and nothing goes up any more.
    expect(manager.getSnapshot()).toEqual([]);
    online = true;
    manager.setOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.log).toEqual([]);
    // Another user signing in here is offered only their own; the user gets theirs back.
    const nextSignIn = makeManager();
    expect((await nextSignIn.findUnfinished('user-b')).map((u) => u.recording.patientName)).toEqual(['Bo Other']);
    expect((await nextSignIn.findUnfinished('user-a')).map((u) => u.recording.patientName).sort()).toEqual(['Ana Half', 'Ana Live']);
  });

  it('keeps nothing when everything is uploaded', async () => {
    await manager.begin(base);
    await manager.addChunk('rec-1', blob('A'), 2000);
    await manager.finish('rec-1', 2000);
    await settled(manager, 'rec-1');
    expect(await manager.signOut('user-a')).toEqual([]);
    expect(await inspect.listRecordings('user-a')).toEqual([]);
  });

  it('never uploads a recording, or makes its session, while someone else is signed in', async () => {
    let signedIn: string | null = 'user-a';
    deps.currentUid = () => signedIn;
    const guarded = makeManager();
    online = false;
    await guarded.begin({ ...base, sessionId: null });
    await guarded.addChunk('rec-1', blob('A'), 2000);
    await guarded.finish('rec-1', 2000);

    signedIn = 'user-b'; // signed out elsewhere (another tab), and someone else signed in
    online = true;
    guarded.setOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(server.log).toEqual([]);
    expect(deps.createSession).not.toHaveBeenCalled();
    expect(await inspect.getRecording('rec-1')).not.toBeNull();
  });
});
