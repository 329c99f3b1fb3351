import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorApi } from '../support/api-app.js';
import { fixtureBytes } from '../support/audio-fixtures.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer, createSession, uploadAudio } from '../support/sessions.js';

/** Audio is recognised by its whole structure, not by the magic numbers of its first bytes. */
const { app } = emulatorApi();
let user: TestUser;
beforeAll(async () => {
  user = await createTestUser();
}, 60_000);

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n'.repeat(200));
const CLUSTER_ID = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);

describe('A real header followed by something else: 415', () => {
  it('A WAV header (its sizes from the real file) followed by HTML', async () => {
    const wav = fixtureBytes('dialogue.wav');
    const res = await uploadAudio(app, user, Buffer.concat([wav.subarray(0, 44), HTML]), 'visit.wav').expect(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });

  it('A WAV header whose sizes were made to fit HTML', async () => {
    const header = Buffer.from(fixtureBytes('dialogue.wav').subarray(0, 44));
    header.writeUInt32LE(36 + HTML.length, 4);
    header.writeUInt32LE(HTML.length, 40);
    // Structurally a WAV (any bytes are PCM samples): it is audio, and is only ever served as audio/wav.
    const upload = await uploadAudio(app, user, Buffer.concat([header, HTML]), 'visit.wav').expect(201);
    const session = await createSession(app, user, { audio_uri: upload.body.audio_uri as string });
    const res = await request(app).get(`/api/v1/session/audio/${session.id}`).set(bearer(user)).buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('A complete WAV with HTML after it', async () => {
    await uploadAudio(app, user, Buffer.concat([fixtureBytes('dialogue.wav'), HTML]), 'visit.wav').expect(415);
  });

  it('A WebM header (EBML, Segment, Tracks) followed by HTML', async () => {
    const webm = fixtureBytes('dialogue.webm');
    const head = webm.subarray(0, webm.indexOf(CLUSTER_ID));
    await uploadAudio(app, user, Buffer.concat([head, HTML]), 'visit.webm').expect(415);
  });

  it('A WebM recording with HTML after its last cluster', async () => {
    await uploadAudio(app, user, Buffer.concat([fixtureBytes('dialogue.webm'), HTML]), 'visit.webm').expect(415);
  });

  it('A chunked recording whose later chunks are HTML', async () => {
    const webm = fixtureBytes('dialogue.webm');
    const uploadId = crypto.randomUUID();
    await uploadAudio(app, user, webm.subarray(0, webm.indexOf(CLUSTER_ID) + 2000), 'rec.webm', { uploadId, chunkIndex: 0 }).expect(201);
    await uploadAudio(app, user, HTML, 'rec.webm', { uploadId, chunkIndex: 1, final: true }).expect(415);
  });
});

describe('GET /session/audio/:sessionId', () => {
  it('Serves the audio with its real type and nosniff', async () => {
    const upload = await uploadAudio(app, user, fixtureBytes('dialogue.mp3'), 'visit.bin').expect(201);
    const session = await createSession(app, user, { audio_uri: upload.body.audio_uri as string });
    const res = await request(app).get(`/api/v1/session/audio/${session.id}`).set(bearer(user)).buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(fixtureBytes('dialogue.mp3').length);
  });
});
