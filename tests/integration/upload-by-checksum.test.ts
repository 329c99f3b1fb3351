/**
 * The same file uploaded again (docs/api.md "Sessions"): a file's parts carry its SHA-256, and
 * POST /session/upload_by_checksum answers with the caller's own latest upload of it within the last 24 hours
 * whose session still exists, so the web app asks before making a second session from it.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIO_UPLOAD_LIMITS } from '@charta/contract';
import { emulatorApi } from '../support/api-app.js';
import { fixtureBytes } from '../support/audio-fixtures.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer, createSession, uploadAudio } from '../support/sessions.js';

// The API's clock, moved on by the tests (a day passing).
let clock = new Date();
const { app } = emulatorApi({ now: () => clock });
const HOUR = 60 * 60 * 1000;

let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([createTestUser(), createTestUser()]);
}, 60_000);

beforeEach(() => {
  clock = new Date();
});

/** A file no other test uploads: the fixture with its last samples (16 bytes of PCM) its own. */
function uniqueFile(): { data: Buffer; sha256: string } {
  const data = Buffer.from(fixtureBytes('dialogue.wav'));
  randomBytes(16).copy(data, data.length - 16);
  return { data, sha256: createHash('sha256').update(data).digest('hex') };
}

/** As the web app uploads a picked file: a session, then the file (one part here) with its checksum. */
async function uploadFile(user: TestUser, file: { data: Buffer; sha256: string }, patientName = 'María García') {
  const session = await createSession(app, user, { patientName });
  await uploadAudio(app, user, file.data, 'visit.wav', { uploadId: randomUUID(), chunkIndex: 0, final: true, sessionId: session.id, sha256: file.sha256 }).expect(201);
  return session.id;
}

const lookUp = (user: TestUser, sha256: string) => request(app).post('/api/v1/session/upload_by_checksum').set(bearer(user)).send({ sha256 });

describe('POST /session/upload_by_checksum', () => {
  it('Finds the caller’s upload of the same file within a day: its session, patient, when, and that it is complete', async () => {
    const file = uniqueFile();
    expect((await lookUp(owner, file.sha256).expect(200)).body).toEqual({ upload: null });
    const uploadedAt = clock.toISOString();
    const sessionId = await uploadFile(owner, file, 'Ana Patiño');

    clock = new Date(clock.getTime() + (AUDIO_UPLOAD_LIMITS.duplicateWindowHours - 1) * HOUR);
    const res = await lookUp(owner, file.sha256).expect(200);
    expect(res.body).toEqual({ upload: { sessionId, patientName: 'Ana Patiño', uploadedAt, complete: true } });
  });

  it('Finds an upload only begun (its first part in), as not complete', async () => {
    const file = uniqueFile();
    const session = await createSession(app, owner);
    const uploadId = randomUUID();
    await uploadAudio(app, owner, file.data.subarray(0, 4096), 'visit.wav', { uploadId, chunkIndex: 0, sessionId: session.id, sha256: file.sha256 }).expect(201);
    expect((await lookUp(owner, file.sha256).expect(200)).body.upload).toMatchObject({ sessionId: session.id, complete: false });
  });

  it('Answers the latest of two uploads of the same file', async () => {
    const file = uniqueFile();
    await uploadFile(owner, file, 'First Patient');
    clock = new Date(clock.getTime() + HOUR);
    const second = await uploadFile(owner, file, 'Second Patient');
    expect((await lookUp(owner, file.sha256).expect(200)).body.upload).toMatchObject({ sessionId: second, patientName: 'Second Patient' });
  });

  it('Forgets it after a day', async () => {
    const file = uniqueFile();
    await uploadFile(owner, file);
    clock = new Date(clock.getTime() + AUDIO_UPLOAD_LIMITS.duplicateWindowHours * HOUR + 60_000);
    expect((await lookUp(owner, file.sha256).expect(200)).body).toEqual({ upload: null });
  });

  it('Never reveals another user’s upload of the same file', async () => {
    const file = uniqueFile();
    await uploadFile(owner, file, 'Private Person');
    const res = await lookUp(stranger, file.sha256).expect(200);
    expect(res.body).toEqual({ upload: null });
    expect(JSON.stringify(res.body)).not.toContain('Private Person');
  });

  it('Forgets it once its session is deleted', async () => {
    const file = uniqueFile();
    const sessionId = await uploadFile(owner, file);
    await request(app).post('/api/v1/session/delete').set(bearer(owner)).send({ sessionId }).expect(200);
    expect((await lookUp(owner, file.sha256).expect(200)).body).toEqual({ upload: null });
  });

  it('Once complete, finds the upload by the checksum of what arrived, not by what the client said', async () => {
    const file = uniqueFile();
    const claimed = uniqueFile().sha256;
    const session = await createSession(app, owner);
    await uploadAudio(app, owner, file.data, 'visit.wav', { uploadId: randomUUID(), chunkIndex: 0, final: true, sessionId: session.id, sha256: claimed }).expect(201);
    expect((await lookUp(owner, file.sha256).expect(200)).body.upload).toMatchObject({ sessionId: session.id, complete: true });
    expect((await lookUp(owner, claimed).expect(200)).body).toEqual({ upload: null });
  });

  it('Refuses what is not a SHA-256, naming the field; a file part with a bad checksum likewise', async () => {
    expect((await lookUp(owner, 'abc').expect(400)).body.error).toMatchObject({ code: 'invalid_argument', field: 'sha256' });
    expect((await lookUp(owner, 'A'.repeat(64)).expect(400)).body.error.field).toBe('sha256');
    await request(app).post('/api/v1/session/upload_by_checksum').send({ sha256: uniqueFile().sha256 }).expect(401);
    const res = await uploadAudio(app, owner, fixtureBytes('dialogue.wav'), 'visit.wav', { sha256: 'not-a-checksum' }).expect(400);
    expect(res.body.error.field).toBe('sha256');
  });
});
