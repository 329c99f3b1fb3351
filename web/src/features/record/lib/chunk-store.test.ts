import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { openChunkStore, type ChunkStore, type StoredChunk, type StoredRecording } from './chunk-store';

const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const text = (data: ArrayBuffer) => new TextDecoder().decode(data);

function recording(overrides: Partial<StoredRecording> = {}): StoredRecording {
  return {
    id: 'rec-1',
    uid: 'user-a',
    sessionId: 'session-1',
    uploadId: 'upload-1',
    patientName: 'María García',
    templateId: 'soap',
    language: 'es-ES',
    mimeType: 'audio/webm;codecs=opus',
    startedAt: '2026-11-21T10:00:00.000Z',
    stoppedAt: null,
    elapsedMs: 0,
    ...overrides,
  };
}

function chunk(index: number, overrides: Partial<StoredChunk> = {}): StoredChunk {
  const data = bytes(`chunk-${index}`);
  return {
    recordingId: 'rec-1',
    sessionId: 'session-1',
    uploadId: 'upload-1',
    chunkIndex: index,
    data,
    size: data.byteLength,
    uploaded: false,
    final: false,
    createdAt: '2026-11-21T10:00:02.000Z',
    ...overrides,
  };
}

let store: ChunkStore;
let factory: IDBFactory;

beforeEach(async () => {
  // A fresh database per test: nothing leaks from one test into the next.
  factory = new IDBFactory();
  store = await openChunkStore({ factory });
});

describe('chunk store', () => {
  it('keeps a recording and its chunks, in chunk order, with their bytes', async () => {
    await store.putRecording(recording());
    // Written out of order on purpose: the listing orders by chunkIndex, numerically (10 after 2).
    for (const index of [2, 0, 10, 1]) await store.putChunk(chunk(index));

    expect(await store.getRecording('rec-1')).toEqual(recording());
    const infos = await store.listChunks('rec-1');
    expect(infos.map((c) => c.chunkIndex)).toEqual([0, 1, 2, 10]);
    expect(infos[0]).not.toHaveProperty('data');
    expect(infos[0]).toMatchObject({ uploadId: 'upload-1', sessionId: 'session-1', size: 7, uploaded: false, final: false });

    const stored = await store.getChunk('rec-1', 10);
    expect(text(stored!.data)).toBe('chunk-10');
  });

  it('survives being closed and opened again (a reload)', async () => {
    await store.putRecording(recording());
    await store.putChunk(chunk(0));
    store.close();

    const reopened = await openChunkStore({ factory });
    expect(await reopened.listRecordings('user-a')).toHaveLength(1);
    expect(text((await reopened.getChunk('rec-1', 0))!.data)).toBe('chunk-0');
  });

  it('marks chunks uploaded (and final) without touching the others', async () => {
    await store.putRecording(recording());
    await store.putChunk(chunk(0));
    await store.putChunk(chunk(1));

    await store.markUploaded('rec-1', 1, true);
    await store.markUploaded('rec-1', 7); // unknown chunk: nothing happens

    const infos = await store.listChunks('rec-1');
    expect(infos.map((c) => [c.chunkIndex, c.uploaded, c.final])).toEqual([
      [0, false, false],
      [1, true, true],
    ]);
    expect(text((await store.getChunk('rec-1', 1))!.data)).toBe('chunk-1');
  });

  it('lists only the given user’s recordings, oldest first', async () => {
    await store.putRecording(recording({ id: 'late', startedAt: '2026-11-21T12:00:00.000Z' }));
    await store.putRecording(recording({ id: 'early', startedAt: '2026-11-21T09:00:00.000Z' }));
    await store.putRecording(recording({ id: 'someone-else', uid: 'user-b' }));

    expect((await store.listRecordings('user-a')).map((r) => r.id)).toEqual(['early', 'late']);
    expect((await store.listRecordings('user-b')).map((r) => r.id)).toEqual(['someone-else']);
  });

  it('updates some fields of a recording', async () => {
    await store.putRecording(recording({ sessionId: null }));

    const updated = await store.updateRecording('rec-1', { sessionId: 'session-9', elapsedMs: 4000 });

    expect(updated).toMatchObject({ id: 'rec-1', sessionId: 'session-9', elapsedMs: 4000, patientName: 'María García' });
    expect(await store.getRecording('rec-1')).toEqual(updated);
    expect(await store.updateRecording('missing', { elapsedMs: 1 })).toBeNull();
    expect(await store.getRecording('missing')).toBeNull();
  });

  it('deletes a recording with all its chunks, and only those', async () => {
    await store.putRecording(recording());
    await store.putRecording(recording({ id: 'rec-2' }));
    await store.putChunk(chunk(0));
    await store.putChunk(chunk(1));
    await store.putChunk(chunk(0, { recordingId: 'rec-2' }));

    await store.deleteRecording('rec-1');

    expect(await store.getRecording('rec-1')).toBeNull();
    expect(await store.listChunks('rec-1')).toEqual([]);
    expect(await store.getChunk('rec-1', 0)).toBeNull();
    expect((await store.listChunks('rec-2')).map((c) => c.chunkIndex)).toEqual([0]);
  });

  it('keeps recordings with similar ids apart', async () => {
    // "rec-1" and "rec-10" must not share chunks through a prefix range.
    await store.putChunk(chunk(0, { recordingId: 'rec-1' }));
    await store.putChunk(chunk(0, { recordingId: 'rec-10' }));

    await store.deleteRecording('rec-1');

    expect(await store.listChunks('rec-10')).toHaveLength(1);
  });
});
