import { createHash, randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorApi } from '../support/api-app.js';
import { fixtureBytes } from '../support/audio-fixtures.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer, createSession, uploadAudio } from '../support/sessions.js';
import { MAX_CHUNKS_AHEAD } from '../../functions/src/audio/chunk-rules.js';

/** Races and out-of-order requests on chunked uploads: each has one winner, and nothing is counted unstored. */
const { app, db, audioStore } = emulatorApi();
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const chunksOf = (data: Buffer, count: number) => {
  const size = Math.ceil(data.length / count);
  return Array.from({ length: count }, (_, i) => data.subarray(i * size, (i + 1) * size));
};
/** The same length with other bytes: PCM samples stay valid WAV whatever they are. */
const otherBytes = (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x55));

let user: TestUser;
beforeAll(async () => {
  user = await createTestUser();
}, 60_000);

async function uploadDoc(uploadId: string) {
  return (await db.collection('audioUploads').doc(uploadId).get()).data();
}

async function sessionOf(sessionId: string) {
  return (await request(app).post('/api/v1/session/session').set(bearer(user)).send({ sessionId }).expect(200)).body.session;
}

describe('The same chunk twice at once', () => {
  it('With different bytes: the first stored wins for the bytes and the count; the other answers 409', async () => {
    const data = fixtureBytes('dialogue.wav');
    const [c0, c1, c2, c3] = chunksOf(data, 4) as [Buffer, Buffer, Buffer, Buffer];
    const uploadId = randomUUID();
    await uploadAudio(app, user, c0, 'rec.wav', { uploadId, chunkIndex: 0 }).expect(201);
    // Two chunks raced at once, each with two different bodies.
    const variants = { 1: [c1, otherBytes(c1)], 2: [c2, otherBytes(c2)] } as const;
    const raced = await Promise.all(
      ([1, 2] as const).flatMap((index) => variants[index].map((body) => uploadAudio(app, user, body, 'rec.wav', { uploadId, chunkIndex: index }).then((res) => ({ index, body, res })))),
    );
    const winners = new Map<number, Buffer>();
    for (const index of [1, 2]) {
      const answers = raced.filter((r) => r.index === index);
      expect(answers.map((a) => a.res.status).sort()).toEqual([201, 409]);
      const loser = answers.find((a) => a.res.status === 409);
      expect(loser?.res.body.error).toMatchObject({ code: 'conflict', field: 'chunkIndex' });
      winners.set(index, answers.find((a) => a.res.status === 201)!.body);
    }
    const done = await uploadAudio(app, user, c3, 'rec.wav', { uploadId, chunkIndex: 3, final: true }).expect(201);
    const expected = Buffer.concat([c0, winners.get(1)!, winners.get(2)!, c3]);
    expect(done.body).toMatchObject({ complete: true, bytesReceived: expected.length });
    const joined = await audioStore.readRange(audioStore.pathFromUri(done.body.audio_uri as string)!, 0, expected.length + 10);
    expect(sha256(joined)).toBe(sha256(expected));
    expect(await uploadDoc(uploadId)).toMatchObject({ sha256: sha256(expected), sizeBytes: expected.length });
  });

  it('With the same bytes (a retry): both are answered 201 and the chunk is counted once', async () => {
    const [c0, c1] = chunksOf(fixtureBytes('dialogue.wav'), 2) as [Buffer, Buffer];
    const uploadId = randomUUID();
    const answers = await Promise.all([0, 1, 2].map(() => uploadAudio(app, user, c0, 'rec.wav', { uploadId, chunkIndex: 0 })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const done = await uploadAudio(app, user, c1, 'rec.wav', { uploadId, chunkIndex: 1, final: true }).expect(201);
    expect(done.body).toMatchObject({ complete: true, bytesReceived: c0.length + c1.length });
  });

  it('A chunk sent again later with other bytes: 409, the first is kept', async () => {
    const [c0, c1] = chunksOf(fixtureBytes('dialogue.wav'), 2) as [Buffer, Buffer];
    const uploadId = randomUUID();
    await uploadAudio(app, user, c0, 'rec.wav', { uploadId, chunkIndex: 0 }).expect(201);
    await uploadAudio(app, user, c1, 'rec.wav', { uploadId, chunkIndex: 1 }).expect(201);
    const other = await uploadAudio(app, user, otherBytes(c1), 'rec.wav', { uploadId, chunkIndex: 1 }).expect(409);
    expect(other.body.error.field).toBe('chunkIndex');
    const done = await uploadAudio(app, user, c1, 'rec.wav', { uploadId, chunkIndex: 1, final: true }).expect(201);
    expect(done.body).toMatchObject({ complete: true, bytesReceived: c0.length + c1.length });
  });
});

describe('final=true with sessionId on a chunk already received', () => {
  it('Attaches the audio: the session is uploaded', async () => {
    const session = await createSession(app, user);
    const [c0, c1] = chunksOf(fixtureBytes('dialogue.webm'), 2) as [Buffer, Buffer];
    const uploadId = randomUUID();
    await uploadAudio(app, user, c0, 'rec.webm', { uploadId, chunkIndex: 0 }).expect(201);
    await uploadAudio(app, user, c1, 'rec.webm', { uploadId, chunkIndex: 1 }).expect(201);
    const done = await uploadAudio(app, user, c1, 'rec.webm', { uploadId, chunkIndex: 1, final: true, sessionId: session.id }).expect(201);
    expect(done.body.complete).toBe(true);
    const attached = await sessionOf(session.id);
    expect(attached.audio_uri).toBe(done.body.audio_uri);
    expect(attached.status).not.toBe('draft');
  });

  it('On an upload already complete without a session: attaches it then', async () => {
    const session = await createSession(app, user);
    const [c0, c1] = chunksOf(fixtureBytes('dialogue.webm'), 2) as [Buffer, Buffer];
    const uploadId = randomUUID();
    await uploadAudio(app, user, c0, 'rec.webm', { uploadId, chunkIndex: 0 }).expect(201);
    const done = await uploadAudio(app, user, c1, 'rec.webm', { uploadId, chunkIndex: 1, final: true }).expect(201);
    expect(done.body.complete).toBe(true);
    await uploadAudio(app, user, c1, 'rec.webm', { uploadId, chunkIndex: 1, final: true, sessionId: session.id }).expect(201);
    expect((await sessionOf(session.id)).audio_uri).toBe(done.body.audio_uri);
    const events = await db.collection('pipelineEvents').where('sessionId', '==', session.id).get();
    expect(events.size).toBe(1);
  });

  it('Naming another session than the upload already names: 409 naming sessionId', async () => {
    const [first, second] = [await createSession(app, user), await createSession(app, user)];
    const [c0, c1] = chunksOf(fixtureBytes('dialogue.webm'), 2) as [Buffer, Buffer];
    const uploadId = randomUUID();
    await uploadAudio(app, user, c0, 'rec.webm', { uploadId, chunkIndex: 0, sessionId: first.id }).expect(201);
    const res = await uploadAudio(app, user, c1, 'rec.webm', { uploadId, chunkIndex: 1, final: true, sessionId: second.id }).expect(409);
    expect(res.body.error).toMatchObject({ code: 'conflict', field: 'sessionId' });
    expect((await sessionOf(second.id)).status).toBe('draft');
  });
});

describe('Gaps', () => {
  it('A chunk far beyond the last one: 409 naming chunkIndex, and it is not counted', async () => {
    const [c0, c1] = chunksOf(fixtureBytes('dialogue.wav'), 2) as [Buffer, Buffer];
    const uploadId = randomUUID();
    await uploadAudio(app, user, c0, 'rec.wav', { uploadId, chunkIndex: 0 }).expect(201);
    const far = await uploadAudio(app, user, c1, 'rec.wav', { uploadId, chunkIndex: 5000 }).expect(409);
    expect(far.body.error).toMatchObject({ code: 'conflict', field: 'chunkIndex' });
    expect(far.body.error.message).toContain('5000');
    const done = await uploadAudio(app, user, c1, 'rec.wav', { uploadId, chunkIndex: 1, final: true }).expect(201);
    expect(done.body).toMatchObject({ complete: true, bytesReceived: c0.length + c1.length });
  });

  it('A final chunk before a chunk already received: 409, nothing is dropped', async () => {
    const [c0, c1, c2] = chunksOf(fixtureBytes('dialogue.wav'), 3) as [Buffer, Buffer, Buffer];
    const uploadId = randomUUID();
    await uploadAudio(app, user, c0, 'rec.wav', { uploadId, chunkIndex: 0 }).expect(201);
    await uploadAudio(app, user, c2, 'rec.wav', { uploadId, chunkIndex: 3 }).expect(201);
    const early = await uploadAudio(app, user, c1, 'rec.wav', { uploadId, chunkIndex: 1, final: true }).expect(409);
    expect(early.body.error).toMatchObject({ code: 'conflict', field: 'chunkIndex' });
    expect((await uploadDoc(uploadId))?.['status']).toBe('receiving');
  });
});

describe('The upload record does not grow with the recording', () => {
  it('After 40 chunks it is no larger than after 1 (a 12-hour recording is 21,600 chunks of 2 s)', async () => {
    const data = fixtureBytes('dialogue.wav');
    const chunks = chunksOf(data, 40);
    const uploadId = randomUUID();
    const sizeNow = async () => JSON.stringify(await uploadDoc(uploadId)).length;
    await uploadAudio(app, user, chunks[0]!, 'rec.wav', { uploadId, chunkIndex: 0 }).expect(201);
    const afterOne = await sizeNow();
    for (let i = 1; i < chunks.length - 1; i++) await uploadAudio(app, user, chunks[i]!, 'rec.wav', { uploadId, chunkIndex: i }).expect(201);
    // Byte counts grow by a digit or two; a per-chunk entry would add about 100 bytes a chunk.
    expect((await sizeNow()) - afterOne).toBeLessThan(16);
    const done = await uploadAudio(app, user, chunks[39]!, 'rec.wav', { uploadId, chunkIndex: 39, final: true }).expect(201);
    expect(done.body).toMatchObject({ complete: true, bytesReceived: data.length });
  });
});

describe('Many chunks of one upload at once', () => {
  /**
   * All chunks but the last sent at once, as a client that overlaps its requests would: each answer is 201,
   * or 409 for a chunk too far ahead of the first missing one (as documented), never a 5xx; the client then
   * sends again what was refused, and the joined recording is exactly what was sent.
   */
  async function sendAtOnce(count: number) {
    const data = fixtureBytes('dialogue.wav');
    const chunks = chunksOf(data, count);
    const uploadId = randomUUID();
    const answers = await Promise.all(chunks.slice(0, -1).map((chunk, i) => uploadAudio(app, user, chunk, 'rec.wav', { uploadId, chunkIndex: i })));
    const statuses = answers.map((a) => a.status);
    for (const [i, res] of answers.entries()) {
      expect([201, 409, 429], `chunk ${i}: ${res.status} ${res.text}`).toContain(res.status);
      if (res.status === 409) expect(res.body.error).toMatchObject({ code: 'conflict', field: 'chunkIndex' });
      if (res.status === 429) expect(res.headers['retry-after']).toBeDefined();
    }
    // What was refused is sent again in order, a window of MAX_CHUNKS_AHEAD at a time (within what is accepted).
    const refused = [...answers.entries()].filter(([, res]) => res.status !== 201).map(([i]) => i);
    for (let at = 0; at < refused.length; at += MAX_CHUNKS_AHEAD) {
      const window = refused.slice(at, at + MAX_CHUNKS_AHEAD);
      await Promise.all(window.map((i) => uploadAudio(app, user, chunks[i]!, 'rec.wav', { uploadId, chunkIndex: i }).expect(201)));
    }
    const done = await uploadAudio(app, user, chunks[count - 1]!, 'rec.wav', { uploadId, chunkIndex: count - 1, final: true }).expect(201);
    expect(done.body).toMatchObject({ complete: true, bytesReceived: data.length });
    const joined = await audioStore.readRange(audioStore.pathFromUri(done.body.audio_uri as string)!, 0, data.length + 10);
    expect(sha256(joined)).toBe(sha256(data));
    return statuses;
  }

  it('50 chunks: 201 or 409 as documented, never a 5xx; the recording is whole', async () => {
    const statuses = await sendAtOnce(51);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(32);
  }, 120_000);

  it('200 chunks: the same', async () => {
    await sendAtOnce(201);
  }, 240_000);
});
