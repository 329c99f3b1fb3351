import { createHash, randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorApi, testAudioStore } from '../support/api-app.js';
import { chunkPath, joinedPartPath } from '../../functions/src/audio/audio-upload.js';
import type { AudioStore } from '../../functions/src/storage/audio-store.js';
import { fixture, fixtureBytes, measuredDurationSec, type FixtureName } from '../support/audio-fixtures.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer, createSession, uploadAudio } from '../support/sessions.js';

const { app, db, audioStore, services } = emulatorApi();
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let user: TestUser;
let referenceSec: number;

beforeAll(async () => {
  user = await createTestUser();
  referenceSec = measuredDurationSec(fixture('dialogue.wav'));
}, 60_000);

async function uploadDoc(uploadId: string) {
  return (await db.collection('audioUploads').doc(uploadId).get()).data();
}

describe('POST /session/upload_audio: whole files', () => {
  it.each<[FixtureName, string]>([
    ['dialogue.webm', 'webm'],
    ['dialogue.ogg', 'ogg'],
    ['dialogue.m4a', 'm4a'],
    ['dialogue.mp3', 'mp3'],
    ['dialogue.wav', 'wav'],
    ['dialogue.flac', 'flac'],
  ])('%s is accepted by content, measured and checksummed', async (name, ext) => {
    const data = fixtureBytes(name);
    // A misleading name: the type comes from the bytes.
    const res = await uploadAudio(app, user, data, 'recording.bin').expect(201);
    expect(res.body).toMatchObject({ complete: true, bytesReceived: data.length });
    expect(res.body.audio_uri).toMatch(new RegExp(`/users/${user.uid}/audio/${res.body.uploadId}\\.${ext}$`));
    const stored = await uploadDoc(res.body.uploadId);
    expect(stored).toMatchObject({ status: 'complete', sizeBytes: data.length, sha256: sha256(data), ownerUid: user.uid });
    // Browser-style WebM has no duration header; the probe must still find it.
    expect(Math.abs((stored?.['durationSec'] as number) - referenceSec)).toBeLessThan(0.15);
  });

  it('A text file named .webm: 415', async () => {
    const res = await uploadAudio(app, user, Buffer.from('Patient notes, not audio at all.\n'.repeat(100)), 'visit.webm').expect(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });

  it('An empty file: 400 naming file', async () => {
    const res = await uploadAudio(app, user, Buffer.alloc(0), 'empty.webm').expect(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_argument', field: 'file' });
  });

  it('No file part: 400 naming file', async () => {
    const res = await request(app).post('/api/v1/session/upload_audio').set(bearer(user)).field('name', 'x').expect(400);
    expect(res.body.error.field).toBe('file');
  });

  it('Over the per-request limit: 413', async () => {
    const big = Buffer.concat([fixtureBytes('dialogue.wav'), Buffer.alloc(9 * 1024 * 1024)]);
    const res = await uploadAudio(app, user, big, 'big.wav').expect(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('JSON instead of multipart: 415', async () => {
    const res = await request(app).post('/api/v1/session/upload_audio').set(bearer(user)).send({ file: 'x' }).expect(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });

  it('Bad form fields are named', async () => {
    const data = fixtureBytes('dialogue.webm');
    expect((await uploadAudio(app, user, data, 'a.webm', { uploadId: randomUUID(), chunkIndex: -1 }).expect(400)).body.error.field).toBe('chunkIndex');
    expect((await uploadAudio(app, user, data, 'a.webm', { uploadId: randomUUID(), final: 'yes' }).expect(400)).body.error.field).toBe('final');
    expect((await uploadAudio(app, user, data, 'a.webm', { uploadId: '../../x' }).expect(400)).body.error.field).toBe('uploadId');
  });
});

describe('POST /session/upload_audio: chunked recordings', () => {
  const original = () => fixtureBytes('long-speech.wav');
  const chunksOf = (data: Buffer, size: number) => Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size));

  it('Joins chunks in index order, whatever order they came in; a missing chunk answers 409 naming it', async () => {
    const data = original();
    expect(data.length).toBeGreaterThan(8 * 1024 * 1024);
    const [c0, c1, c2] = chunksOf(data, Math.ceil(data.length / 3)) as [Buffer, Buffer, Buffer];
    const uploadId = randomUUID();

    const early = await uploadAudio(app, user, c1, 'rec.wav', { uploadId, chunkIndex: 1 }).expect(201);
    expect(early.body).toMatchObject({ uploadId, complete: false, audio_uri: null, bytesReceived: c1.length });

    const gap = await uploadAudio(app, user, c2, 'rec.wav', { uploadId, chunkIndex: 2, final: true }).expect(409);
    expect(gap.body.error).toMatchObject({ code: 'conflict', field: 'chunkIndex' });
    expect(gap.body.error.message).toContain('Chunk 0 is missing');

    // The missing chunk arrives; the upload was already closed at 2, so this completes it.
    const done = await uploadAudio(app, user, c0, 'rec.wav', { uploadId, chunkIndex: 0 }).expect(201);
    expect(done.body).toMatchObject({ complete: true, bytesReceived: data.length });

    const path = audioStore.pathFromUri(done.body.audio_uri as string);
    expect(path).not.toBeNull();
    const joined = await audioStore.readRange(path!, 0, data.length + 10);
    expect(sha256(joined)).toBe(sha256(data));
    const stored = await uploadDoc(uploadId);
    expect(stored?.['durationSec']).toBeCloseTo(measuredDurationSec(fixture('long-speech.wav')), 1);
  });

  it('A repeated chunk is stored and counted once', async () => {
    const data = fixtureBytes('dialogue.webm');
    const [c0, c1] = chunksOf(data, Math.ceil(data.length / 2)) as [Buffer, Buffer];
    const uploadId = randomUUID();
    const first = await uploadAudio(app, user, c0, 'rec.webm', { uploadId, chunkIndex: 0 }).expect(201);
    const retry = await uploadAudio(app, user, c0, 'rec.webm', { uploadId, chunkIndex: 0 }).expect(201);
    expect(retry.body.bytesReceived).toBe(first.body.bytesReceived);
    const last = await uploadAudio(app, user, c1, 'rec.webm', { uploadId, chunkIndex: 1, final: true }).expect(201);
    expect(last.body).toMatchObject({ complete: true, bytesReceived: data.length });
    // Retrying the final chunk after completion answers the same, and changes nothing.
    const again = await uploadAudio(app, user, c1, 'rec.webm', { uploadId, chunkIndex: 1, final: true }).expect(201);
    expect(again.body).toEqual(last.body);
  });

  it('A chunk already received, sent again with final=true, closes the upload', async () => {
    const data = fixtureBytes('dialogue.webm');
    const [c0, c1] = chunksOf(data, Math.ceil(data.length / 2)) as [Buffer, Buffer];
    const uploadId = randomUUID();
    await uploadAudio(app, user, c0, 'rec.webm', { uploadId, chunkIndex: 0 }).expect(201);
    expect((await uploadAudio(app, user, c1, 'rec.webm', { uploadId, chunkIndex: 1 }).expect(201)).body.complete).toBe(false);
    const closed = await uploadAudio(app, user, c1, 'rec.webm', { uploadId, chunkIndex: 1, final: true }).expect(201);
    expect(closed.body).toMatchObject({ complete: true, bytesReceived: data.length });
    // Closing at an earlier chunk than one already received would drop audio: refused.
    const other = randomUUID();
    await uploadAudio(app, user, c0, 'rec.webm', { uploadId: other, chunkIndex: 0 }).expect(201);
    await uploadAudio(app, user, c1, 'rec.webm', { uploadId: other, chunkIndex: 1 }).expect(201);
    expect((await uploadAudio(app, user, c0, 'rec.webm', { uploadId: other, chunkIndex: 0, final: true }).expect(409)).body.error.field).toBe('chunkIndex');
  });

  it('Survives a restart of the API between chunks', async () => {
    const store = testAudioStore();
    const before = emulatorApi({ audioStore: store });
    const data = fixtureBytes('dialogue.webm');
    const [c0, c1] = chunksOf(data, Math.ceil(data.length / 2)) as [Buffer, Buffer];
    const uploadId = randomUUID();
    await uploadAudio(before.app, user, c0, 'rec.webm', { uploadId, chunkIndex: 0 }).expect(201);
    const after = emulatorApi({ audioStore: store });
    const res = await uploadAudio(after.app, user, c1, 'rec.webm', { uploadId, chunkIndex: 1, final: true }).expect(201);
    expect(res.body).toMatchObject({ complete: true, bytesReceived: data.length });
  });

  it('A first chunk that is not audio: 415', async () => {
    await uploadAudio(app, user, Buffer.from('{"not":"audio"}'), 'rec.webm', { uploadId: randomUUID(), chunkIndex: 0 }).expect(415);
  });

  it("Another user's uploadId: 404", async () => {
    const data = fixtureBytes('dialogue.webm');
    const uploadId = randomUUID();
    await uploadAudio(app, user, data.subarray(0, 1000), 'rec.webm', { uploadId, chunkIndex: 0 }).expect(201);
    const other = await createTestUser();
    const res = await uploadAudio(app, other, data.subarray(1000), 'rec.webm', { uploadId, chunkIndex: 1, final: true }).expect(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('With sessionId: the complete audio is attached, the session is uploaded and one audio-ready event is emitted', async () => {
    const session = await createSession(app, user, { patientName: 'Ana Patiño' });
    expect(session.status).toBe('draft');
    const data = fixtureBytes('dialogue.webm');
    const [c0, c1] = chunksOf(data, Math.ceil(data.length / 2)) as [Buffer, Buffer];
    const uploadId = randomUUID();
    await uploadAudio(app, user, c0, 'rec.webm', { uploadId, chunkIndex: 0, sessionId: session.id }).expect(201);
    const done = await uploadAudio(app, user, c1, 'rec.webm', { uploadId, chunkIndex: 1, final: true, sessionId: session.id }).expect(201);
    await uploadAudio(app, user, c1, 'rec.webm', { uploadId, chunkIndex: 1, final: true, sessionId: session.id }).expect(201);

    const res = await request(app).post('/api/v1/session/session').set(bearer(user)).send({ sessionId: session.id }).expect(200);
    // Attached and handed to the pipeline (the emulated stack's trigger may already be working on it).
    expect(res.body.session.audio_uri).toBe(done.body.audio_uri);
    expect(['uploaded', 'transcribing', 'generating', 'ready']).toContain(res.body.session.status);
    expect(Math.abs(res.body.session.audioDurationSec - referenceSec)).toBeLessThan(0.15);
    const events = await db.collection('pipelineEvents').where('sessionId', '==', session.id).get();
    expect(events.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ type: 'audio_ready', sessionId: session.id, uploadId, ownerUid: user.uid, audio_uri: done.body.audio_uri }),
    ]);
  });

  it("Someone else's sessionId: 404", async () => {
    const other = await createTestUser();
    const theirs = await createSession(app, other);
    await uploadAudio(app, user, fixtureBytes('dialogue.webm'), 'rec.webm', { sessionId: theirs.id }).expect(404);
  });
});

describe('A long recording joined a part at a time while it arrives', () => {
  const data = () => fixtureBytes('dialogue.wav');
  /** 70 chunks: two parts of 32 and 6 chunks after them. */
  const seventyChunks = (bytes: Buffer) => {
    const size = Math.ceil(bytes.length / 70);
    return Array.from({ length: 70 }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
  };

  it('Parts of 32 chunks, none past the first missing chunk; completion joins the parts and the rest, byte for byte, and keeps no chunk or part', async () => {
    const bytes = data();
    const chunks = seventyChunks(bytes);
    const uploadId = randomUUID();
    // Chunk 40 is late: only the first part can be joined.
    for (const [index, chunk] of chunks.entries()) {
      if (index === 40 || index === 69) continue;
      await uploadAudio(app, user, chunk, 'rec.wav', { uploadId, chunkIndex: index }).expect(201);
    }
    expect(await services.uploadService.joinArrivedChunks(uploadId)).toBe(1);
    expect(await services.uploadService.joinArrivedChunks(uploadId)).toBe(0);
    await uploadAudio(app, user, chunks[40]!, 'rec.wav', { uploadId, chunkIndex: 40 }).expect(201);
    expect(await services.uploadService.joinArrivedChunks(uploadId)).toBe(1);
    expect((await uploadDoc(uploadId))?.['partsJoined']).toBe(2);
    const part = await audioStore.readRange(joinedPartPath(user.uid, uploadId, 1), 0, bytes.length);
    expect(part.equals(Buffer.concat(chunks.slice(32, 64)))).toBe(true);

    const done = await uploadAudio(app, user, chunks[69]!, 'rec.wav', { uploadId, chunkIndex: 69, final: true }).expect(201);
    expect(done.body).toMatchObject({ complete: true, bytesReceived: bytes.length });
    expect(sha256(await audioStore.readRange(audioStore.pathFromUri(done.body.audio_uri as string)!, 0, bytes.length + 10))).toBe(sha256(bytes));
    for (const path of [joinedPartPath(user.uid, uploadId, 0), joinedPartPath(user.uid, uploadId, 1), chunkPath(user.uid, uploadId, 0), chunkPath(user.uid, uploadId, 69)]) {
      expect(await audioStore.size(path)).toBeNull();
    }
  });

  it('A part written after the recording completed is not kept', async () => {
    // The joiner's write is held until the final chunk has completed the upload (and deleted its chunks).
    let releaseJoin!: () => void;
    const joinMayGoOn = new Promise<void>((resolve) => (releaseJoin = resolve));
    let joinWaiting!: () => void;
    const joinHeld = new Promise<void>((resolve) => (joinWaiting = resolve));
    const inner = testAudioStore();
    const store: AudioStore = {
      ...inner,
      async concat(sources, dest, type) {
        if (dest.endsWith('/part-00000')) {
          // The chunks are read now; the part lands later (and the second part's chunks are gone by then).
          const bytes = Buffer.concat(await Promise.all(sources.map((s) => inner.readRange(s, 0, Number.MAX_SAFE_INTEGER))));
          joinWaiting();
          await joinMayGoOn;
          await inner.save(dest, bytes, type);
          return;
        }
        return inner.concat(sources, dest, type);
      },
    };
    const api = emulatorApi({ audioStore: store });
    const bytes = data();
    const chunks = seventyChunks(bytes);
    const uploadId = randomUUID();
    for (const [index, chunk] of chunks.slice(0, -1).entries()) await uploadAudio(api.app, user, chunk, 'rec.wav', { uploadId, chunkIndex: index }).expect(201);
    const joining = api.services.uploadService.joinArrivedChunks(uploadId);
    await joinHeld;
    await uploadAudio(api.app, user, chunks.at(-1)!, 'rec.wav', { uploadId, chunkIndex: chunks.length - 1, final: true }).expect(201);
    releaseJoin();
    expect(await joining).toBe(0);
    expect(await store.size(joinedPartPath(user.uid, uploadId, 0))).toBeNull();
    expect(await store.size(joinedPartPath(user.uid, uploadId, 1))).toBeNull();
  });
});
