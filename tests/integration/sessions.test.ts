import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorApi } from '../support/api-app.js';
import { fixtureBytes } from '../support/audio-fixtures.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer, createSession, uploadAudio } from '../support/sessions.js';

const { app, db, audioStore } = emulatorApi();
const post = (user: TestUser, path: string, body: unknown) => request(app).post(`/api/v1${path}`).set(bearer(user)).send(body as object);

let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([createTestUser(), createTestUser()]);
});

describe('POST /session/create_session', () => {
  it('Success: a draft with the default title and the profile language', async () => {
    await request(app).put('/api/v1/profile').set(bearer(owner)).send({ defaultLanguage: 'es-MX' }).expect(200);
    const session = await createSession(app, owner, { patientName: 'María García' });
    expect(session).toMatchObject({ patientName: 'María García', templateId: 'soap', language: 'es-MX', status: 'draft', audio_uri: null, audioDurationSec: null, error: null, documentationId: null });
    expect(session['title']).toMatch(/^María García · \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    // The contract's fields, and our extensions: `doneAt` (null until the clinician marks the note done),
    // `consent` (the patient's, as the helper records it) and `deletedByRetention` (nothing yet).
    expect(Object.keys(session).sort()).toEqual(['audioDurationSec', 'audio_uri', 'consent', 'createdAt', 'deletedByRetention', 'documentationId', 'doneAt', 'error', 'id', 'language', 'patientName', 'status', 'templateId', 'title', 'updatedAt']);
    expect(session['deletedByRetention']).toEqual({ audio: null, transcript: null });
    expect(session['doneAt']).toBeNull();
  });

  it('With audio: uploaded at once, with its duration', async () => {
    const upload = await uploadAudio(app, owner, fixtureBytes('dialogue.mp3'), 'visit.mp3').expect(201);
    const session = await createSession(app, owner, { audio_uri: upload.body.audio_uri as string, language: 'en-GB' });
    expect(session).toMatchObject({ status: 'uploaded', audio_uri: upload.body.audio_uri, language: 'en-GB' });
    // (The emulated stack's pipeline trigger takes it from here; see pipeline.test.ts.)
    expect(session['audioDurationSec']).toBeGreaterThan(5);
    const events = await db.collection('pipelineEvents').where('sessionId', '==', session.id).get();
    expect(events.size).toBe(1);
  });

  it('JSON bodies are accepted too', async () => {
    const res = await post(owner, '/session/create_session', { patientName: 'Jo Park', templateId: 'dap' }).expect(201);
    expect(res.body.session.status).toBe('draft');
  });

  it.each([
    [{ templateId: 'soap' }, 'patientName'],
    [{ patientName: '   ', templateId: 'soap' }, 'patientName'],
    [{ patientName: 'x'.repeat(201), templateId: 'soap' }, 'patientName'],
    [{ patientName: 'Ana' }, 'templateId'],
    [{ patientName: 'Ana', templateId: 'no-such-template' }, 'templateId'],
    [{ patientName: 'Ana', templateId: 'soap', language: 'klingon!' }, 'language'],
    [{ patientName: 'Ana', templateId: 'soap', audio_uri: 'gs://elsewhere/file.webm' }, 'audio_uri'],
    [{ patientName: 'Ana', templateId: 'soap', color: 'blue' }, 'color'],
  ])('Bad input %j: 400 naming %s', async (fields, field) => {
    let req = request(app).post('/api/v1/session/create_session').set(bearer(owner));
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    const res = await req.expect(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_argument', field });
  });

  it("Someone else's audio_uri: 400 naming audio_uri, like one that does not exist", async () => {
    const theirs = await uploadAudio(app, stranger, fixtureBytes('dialogue.webm'), 'theirs.webm').expect(201);
    let req = request(app).post('/api/v1/session/create_session').set(bearer(owner));
    for (const [k, v] of Object.entries({ patientName: 'Ana', templateId: 'soap', audio_uri: theirs.body.audio_uri as string })) req = req.field(k, v);
    const res = await req.expect(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_argument', field: 'audio_uri' });
  });

  it('Without a token: 401', async () => {
    await request(app).post('/api/v1/session/create_session').field('patientName', 'A').field('templateId', 'soap').expect(401);
  });
});

describe('Reading sessions', () => {
  it('POST /session/session: own session; 404 for a stranger and for a missing id', async () => {
    const session = await createSession(app, owner);
    const res = await post(owner, '/session/session', { sessionId: session.id }).expect(200);
    expect(res.body.session.id).toBe(session.id);
    const theirs = await post(stranger, '/session/session', { sessionId: session.id }).expect(404);
    const missing = await post(owner, '/session/session', { sessionId: 'does-not-exist' }).expect(404);
    expect(theirs.body).toEqual(missing.body);
    await post(owner, '/session/session', {}).expect(400);
  });

  it('POST /session/sessions walks every page exactly once, newest first; GET last five', async () => {
    const user = await createTestUser();
    const created: string[] = [];
    for (let i = 0; i < 23; i++) created.push((await createSession(app, user, { patientName: `Patient ${i}` })).id);
    await createSession(app, stranger, { patientName: 'Not yours' });

    const seen: { id: string; createdAt: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await post(user, '/session/sessions', { limit: 5, ...(cursor ? { cursor } : {}) }).expect(200);
      seen.push(...(res.body.sessions as { id: string; createdAt: string }[]));
      cursor = res.body.nextCursor as string | null;
      pages++;
    } while (cursor && pages < 20);
    expect(pages).toBe(5);
    expect(seen.map((s) => s.id).sort()).toEqual([...created].sort());
    expect(new Set(seen.map((s) => s.id)).size).toBe(23);
    for (let i = 1; i < seen.length; i++) expect(Date.parse(seen[i - 1]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(seen[i]!.createdAt));

    const lastFive = await request(app).get('/api/v1/session/get_last_five_sessions').set(bearer(user)).expect(200);
    expect(lastFive.body.sessions.map((s: { id: string }) => s.id)).toEqual(seen.slice(0, 5).map((s) => s.id));
  });

  it('Status filter, default limit and bad list input', async () => {
    const user = await createTestUser();
    const draft = await createSession(app, user);
    const upload = await uploadAudio(app, user, fixtureBytes('dialogue.webm'), 'a.webm').expect(201);
    await createSession(app, user, { audio_uri: upload.body.audio_uri as string });
    // Drafts stay drafts (the session with audio moves on through the pipeline meanwhile).
    const drafts = await post(user, '/session/sessions', { status: 'draft' }).expect(200);
    expect(drafts.body.sessions.map((s: { id: string }) => s.id)).toEqual([draft.id]);
    expect(drafts.body.nextCursor).toBeNull();
    expect((await post(user, '/session/sessions', { limit: 0 }).expect(400)).body.error.field).toBe('limit');
    expect((await post(user, '/session/sessions', { limit: 101 }).expect(400)).body.error.field).toBe('limit');
    expect((await post(user, '/session/sessions', { status: 'done' }).expect(400)).body.error.field).toBe('status');
    expect((await post(user, '/session/sessions', { cursor: 'garbage' }).expect(400)).body.error.field).toBe('cursor');
  });
});

describe('Changing sessions', () => {
  it('POST /session/update: name (and its search), template, language, audio', async () => {
    const session = await createSession(app, owner, { patientName: 'Old Name' });
    const upload = await uploadAudio(app, owner, fixtureBytes('dialogue.wav'), 'a.wav').expect(201);
    const res = await post(owner, '/session/update', { sessionId: session.id, patientName: 'Zoë Ñúñez', templateId: 'birp', language: 'fr-FR', audio_uri: upload.body.audio_uri }).expect(200);
    expect(res.body.session).toMatchObject({ patientName: 'Zoë Ñúñez', templateId: 'birp', language: 'fr-FR', status: 'uploaded', audio_uri: upload.body.audio_uri });
    // From here the emulated stack's trigger processes it: uploaded, transcribing, generating or ready, never draft.
    const found = await post(owner, '/search/sessions_by_patient_name', { query: 'nunez' }).expect(200);
    expect(found.body.sessions.map((s: { id: string }) => s.id)).toContain(session.id);
    // Audio cannot be swapped under a session that is being processed.
    const other = await uploadAudio(app, owner, fixtureBytes('dialogue.mp3'), 'b.mp3').expect(201);
    expect((await post(owner, '/session/update', { sessionId: session.id, audio_uri: other.body.audio_uri }).expect(409)).body.error.field).toBe('audio_uri');
  });

  it('POST /session/update: bad input and strangers', async () => {
    const session = await createSession(app, owner);
    expect((await post(owner, '/session/update', { sessionId: session.id, templateId: 'nope' }).expect(400)).body.error.field).toBe('templateId');
    expect((await post(owner, '/session/update', { sessionId: session.id, patientName: '' }).expect(400)).body.error.field).toBe('patientName');
    expect((await post(owner, '/session/update', { sessionId: session.id, status: 'ready' }).expect(400)).body.error.field).toBe('status');
    await post(stranger, '/session/update', { sessionId: session.id, patientName: 'Hijack' }).expect(404);
  });

  it('POST /session/update_title', async () => {
    const session = await createSession(app, owner);
    const res = await post(owner, '/session/update_title', { sessionId: session.id, title: '  Follow-up, knee  ' }).expect(200);
    expect(res.body.session.title).toBe('Follow-up, knee');
    expect((await post(owner, '/session/update_title', { sessionId: session.id, title: '' }).expect(400)).body.error.field).toBe('title');
    await post(stranger, '/session/update_title', { sessionId: session.id, title: 'Mine now' }).expect(404);
  });
});

describe('GET /session/audio/:sessionId (playback)', () => {
  it('The owner gets the audio bytes with their type; a stranger, a draft and a bad id get 404/400', async () => {
    const data = fixtureBytes('dialogue.mp3');
    const upload = await uploadAudio(app, owner, data, 'a.mp3').expect(201);
    const session = await createSession(app, owner, { audio_uri: upload.body.audio_uri as string });
    const res = await request(app).get(`/api/v1/session/audio/${session.id}`).set(bearer(owner)).buffer(true).parse((r, done) => {
      const parts: Buffer[] = [];
      r.on('data', (p: Buffer) => parts.push(p));
      r.on('end', () => done(null, Buffer.concat(parts)));
    }).expect(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(Buffer.compare(res.body as Buffer, data)).toBe(0);
    await request(app).get(`/api/v1/session/audio/${session.id}`).set(bearer(stranger)).expect(404);
    const draft = await createSession(app, owner);
    await request(app).get(`/api/v1/session/audio/${draft.id}`).set(bearer(owner)).expect(404);
    await request(app).get('/api/v1/session/audio/bad..id').set(bearer(owner)).expect(400);
  });
});

describe('Deleting sessions', () => {
  it('POST /session/delete removes the session and its audio; a stranger gets 404', async () => {
    const upload = await uploadAudio(app, owner, fixtureBytes('dialogue.webm'), 'a.webm').expect(201);
    const session = await createSession(app, owner, { audio_uri: upload.body.audio_uri as string });
    const path = audioStore.pathFromUri(upload.body.audio_uri as string)!;
    expect(await audioStore.size(path)).toBeGreaterThan(0);

    await post(stranger, '/session/delete', { sessionId: session.id }).expect(404);
    expect(await post(owner, '/session/delete', { sessionId: session.id }).expect(200).then((r) => r.body)).toEqual({ deleted: 1 });
    await post(owner, '/session/session', { sessionId: session.id }).expect(404);
    expect(await audioStore.size(path)).toBeNull();
    expect((await db.collection('audioUploads').doc(upload.body.uploadId as string).get()).exists).toBe(false);
    await post(owner, '/session/delete', { sessionId: session.id }).expect(404);
  });

  it("POST /session/delete_many counts only the caller's", async () => {
    const mine = [await createSession(app, owner), await createSession(app, owner)];
    const theirs = await createSession(app, stranger);
    const res = await post(owner, '/session/delete_many', { sessionIds: [mine[0]!.id, mine[1]!.id, theirs.id, 'missing'] }).expect(200);
    expect(res.body).toEqual({ deleted: 2 });
    await post(stranger, '/session/session', { sessionId: theirs.id }).expect(200);
    expect((await post(owner, '/session/delete_many', { sessionIds: [] }).expect(400)).body.error.field).toBe('sessionIds');
    expect((await post(owner, '/session/delete_many', { sessionIds: Array.from({ length: 101 }, (_, i) => `s${i}`) }).expect(400)).body.error.field).toBe('sessionIds');
  });

  it('Account deletion removes sessions, uploads and audio', async () => {
    const user = await createTestUser();
    const upload = await uploadAudio(app, user, fixtureBytes('dialogue.webm'), 'a.webm').expect(201);
    await createSession(app, user, { audio_uri: upload.body.audio_uri as string });
    await createSession(app, user);
    const orphan = await uploadAudio(app, user, fixtureBytes('dialogue.mp3'), 'b.mp3').expect(201);
    await request(app).delete(`/api/v1/profile/${user.uid}`).set(bearer(user)).expect(200);
    expect((await db.collection('sessions').where('ownerUid', '==', user.uid).get()).size).toBe(0);
    expect((await db.collection('audioUploads').where('ownerUid', '==', user.uid).get()).size).toBe(0);
    expect(await audioStore.size(audioStore.pathFromUri(upload.body.audio_uri as string)!)).toBeNull();
    expect(await audioStore.size(audioStore.pathFromUri(orphan.body.audio_uri as string)!)).toBeNull();
  });
});

describe('POST /search/sessions_by_patient_name', () => {
  it('Case- and accent-insensitive prefix match on any word, newest first, only the caller’s', async () => {
    const user = await createTestUser();
    const maria = await createSession(app, user, { patientName: 'María García' });
    const garfield = await createSession(app, user, { patientName: 'Jon Garfield' });
    await createSession(app, user, { patientName: 'Peter Smith' });
    await createSession(app, stranger, { patientName: 'Gareth Stranger' });
    const search = async (query: string) => (await post(user, '/search/sessions_by_patient_name', { query }).expect(200)).body.sessions.map((s: { id: string }) => s.id);

    expect(await search('gar')).toEqual([garfield.id, maria.id]);
    expect(await search('GARC')).toEqual([maria.id]);
    expect(await search('garcía')).toEqual([maria.id]);
    expect(await search('mar')).toEqual([maria.id]);
    expect(await search('maria gar')).toEqual([maria.id]);
    expect(await search('zzz')).toEqual([]);
    expect(await search('!!!')).toEqual([]);
    expect((await post(user, '/search/sessions_by_patient_name', { query: '' }).expect(400)).body.error.field).toBe('query');
    expect((await post(user, '/search/sessions_by_patient_name', { query: 'a', limit: 1000 }).expect(400)).body.error.field).toBe('limit');
  });
});
