/**
 * The patient's consent to being recorded (docs/privacy.md "Consent"): "Ask for the patient's consent before
 * recording" is on by default, and while it is on the API refuses audio for a session without recorded
 * consent, on every way audio reaches a session (upload_audio naming it, create_session and update with an
 * audio_uri), before anything is stored. Consent is kept on the session: how, when, and who confirmed it.
 * Pasted text is not a recording and needs none.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONSENT_STATEMENT } from '@charta/contract';
import { emulatorApi } from '../support/api-app.js';
import { fixtureBytes } from '../support/audio-fixtures.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer, createSession, uploadAudio } from '../support/sessions.js';

const { app, db } = emulatorApi();
const post = (user: TestUser, path: string, body: object) => request(app).post(`/api/v1${path}`).set(bearer(user)).send(body);
const put = (user: TestUser, path: string, body: object) => request(app).put(`/api/v1${path}`).set(bearer(user)).send(body);
const wav = () => fixtureBytes('dialogue.wav');

async function uploadsNaming(sessionId: string) {
  return (await db.collection('audioUploads').where('sessionId', '==', sessionId).get()).size;
}

function expectConsentRequired(res: request.Response) {
  expect(res.status).toBe(409);
  expect(res.body.error).toMatchObject({ code: 'consent_required', field: 'consent' });
  expect(res.body.error.message).toMatch(/consent/);
}

describe('The consent setting', () => {
  it('On by default, with a statement to read aloud; both can be changed', async () => {
    const user = await createTestUser({ displayName: 'Dr Ana Ruiz' });
    const first = await request(app).get('/api/v1/profile').set(bearer(user)).expect(200);
    expect(first.body.profile.consent).toEqual({ required: true, statement: DEFAULT_CONSENT_STATEMENT });

    const statement = 'Charta will record this visit to draft my notes.\nMay I record?';
    const changed = await put(user, '/profile/consent', { required: false, statement: `  ${statement}  ` }).expect(200);
    expect(changed.body.profile.consent).toEqual({ required: false, statement });
    // Field by field: turning it on again keeps the statement.
    const again = await put(user, '/profile/consent', { required: true }).expect(200);
    expect(again.body.profile.consent).toEqual({ required: true, statement });
  });

  it.each([
    [{}, 'required'],
    [{ required: 'yes' }, 'required'],
    [{ statement: '   ' }, 'statement'],
    [{ statement: 'x'.repeat(1001) }, 'statement'],
    [{ statement: 'Ask first\u0000' }, 'statement'],
    [{ required: true, extra: 1 }, 'extra'],
  ])('PUT /profile/consent %j: 400 naming %s', async (body, field) => {
    const user = await createTestUser();
    const res = await put(user, '/profile/consent', body).expect(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_argument', field });
  });
});

describe('Audio without consent, while the setting is on', () => {
  it('upload_audio naming the session: 409 consent_required, and nothing is stored', async () => {
    const user = await createTestUser();
    const session = await createSession(app, user, { consent: '' });
    expect(session['consent']).toBeNull();
    expectConsentRequired(await uploadAudio(app, user, wav(), 'visit.wav', { sessionId: session.id }));
    // A recording's first chunk is refused the same way, before it is stored.
    expectConsentRequired(await uploadAudio(app, user, wav().subarray(0, 40_000), 'rec.wav', { uploadId: randomUUID(), chunkIndex: 0, sessionId: session.id }));
    expect(await uploadsNaming(session.id)).toBe(0);
    const after = await post(user, '/session/session', { sessionId: session.id }).expect(200);
    expect(after.body.session).toMatchObject({ status: 'draft', audio_uri: null, consent: null });
  });

  it('create_session or update with an audio_uri: 409 consent_required; the audio stays unattached', async () => {
    const user = await createTestUser();
    const upload = await uploadAudio(app, user, wav(), 'visit.wav').expect(201);
    const audio_uri = upload.body.audio_uri as string;
    expectConsentRequired(await post(user, '/session/create_session', { patientName: 'Jo Park', templateId: 'soap', audio_uri }));
    const draft = await createSession(app, user, { consent: '' });
    expectConsentRequired(await post(user, '/session/update', { sessionId: draft.id, audio_uri }));
    expect((await db.collection('audioUploads').doc(upload.body.uploadId as string).get()).get('sessionId')).toBeNull();
  });
});

describe('Audio with consent', () => {
  it('Recorded on the session (POST /session/consent): then the upload is accepted', async () => {
    const user = await createTestUser({ displayName: 'Dr Ana Ruiz' });
    await request(app).get('/api/v1/profile').set(bearer(user)).expect(200);
    const session = await createSession(app, user, { consent: '' });
    const before = Date.now();
    const consented = await post(user, '/session/consent', { sessionId: session.id, method: 'verbal' }).expect(200);
    expect(consented.body.session.consent).toMatchObject({ method: 'verbal', confirmedByUid: user.uid, confirmedByName: 'Dr Ana Ruiz' });
    expect(Date.parse(consented.body.session.consent.confirmedAt)).toBeGreaterThanOrEqual(before - 1000);

    const done = await uploadAudio(app, user, wav(), 'visit.wav', { sessionId: session.id }).expect(201);
    expect(done.body.complete).toBe(true);
    const listed = await post(user, '/session/sessions', {}).expect(200);
    expect(listed.body.sessions.find((s: { id: string }) => s.id === session.id)).toMatchObject({ status: expect.stringMatching(/uploaded|transcribing|generating|ready/), consent: { method: 'verbal' } });
  });

  it('Given with create_session (written): kept, and a second record changes nothing', async () => {
    const user = await createTestUser();
    const upload = await uploadAudio(app, user, wav(), 'visit.wav').expect(201);
    const created = await post(user, '/session/create_session', { patientName: 'Jo Park', templateId: 'soap', audio_uri: upload.body.audio_uri, consent: 'written' }).expect(201);
    expect(created.body.session).toMatchObject({ status: 'uploaded', consent: { method: 'written', confirmedByUid: user.uid } });
    // No profile name yet: the email stands for the clinician.
    expect(created.body.session.consent.confirmedByName).toBe(user.email);
    const again = await post(user, '/session/consent', { sessionId: created.body.session.id, method: 'verbal' }).expect(200);
    expect(again.body.session.consent).toEqual(created.body.session.consent);
  });

  it('Another user’s session: 404; a method that is not one: 400', async () => {
    const [owner, stranger] = await Promise.all([createTestUser(), createTestUser()]);
    const session = await createSession(app, owner, { consent: '' });
    await post(stranger, '/session/consent', { sessionId: session.id, method: 'verbal' }).expect(404);
    expect((await post(owner, '/session/consent', { sessionId: session.id, method: 'nodded' }).expect(400)).body.error.field).toBe('method');
    const form = await request(app).post('/api/v1/session/create_session').set(bearer(owner)).field('patientName', 'A').field('templateId', 'soap').field('consent', 'maybe');
    expect(form.status).toBe(400);
    expect(form.body.error.field).toBe('consent');
  });
});

describe('With the setting off', () => {
  it('Audio is accepted without consent, on every route', async () => {
    const user = await createTestUser();
    await put(user, '/profile/consent', { required: false }).expect(200);
    const session = await createSession(app, user, { consent: '' });
    await uploadAudio(app, user, wav(), 'visit.wav', { sessionId: session.id }).expect(201);
    const upload = await uploadAudio(app, user, wav(), 'visit.wav').expect(201);
    const created = await post(user, '/session/create_session', { patientName: 'Jo Park', templateId: 'soap', audio_uri: upload.body.audio_uri }).expect(201);
    expect(created.body.session).toMatchObject({ status: 'uploaded', consent: null });
  });
});

describe('Pasted text is not a recording', () => {
  it('/creation needs no consent, the setting on', async () => {
    const user = await createTestUser();
    const res = await post(user, '/creation', { patientName: 'Jo Park', templateId: 'soap', text: 'Clinician: How are you?\nPatient: A dry cough for three days.' }).expect(201);
    expect(res.body.session.consent).toBeNull();
  });
});
