// Patient data is tied to an identity: an account whose email is not verified can sign in and use the app,
// but creating sessions or documentation (or storing patient audio) answers 403 until it is, read from the
// ID token on the server. Deleting the account needs a sign-in from the last 5 minutes (auth_time).
import { EMAIL_NOT_VERIFIED_MESSAGE, RECENT_SIGN_IN_MAX_AGE_MS } from '@charta/contract';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { emulatorApi } from '../support/api-app.js';
import { uniqueDialogueWav } from '../support/audio-fixtures.js';
import { createTestUser, signIn } from '../support/auth-users.js';
import { bearer, createSession } from '../support/sessions.js';

const { app, auth } = emulatorApi();

function expectVerifyFirst(res: request.Response) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.error).toEqual({ code: 'permission_denied', message: EMAIL_NOT_VERIFIED_MESSAGE });
}

describe('An unverified email', () => {
  it('Signs in and sees the app, but every route that creates sessions or documentation answers 403 "verify your email first"', async () => {
    const user = await createTestUser({ emailVerified: false });
    const headers = bearer(user);
    await request(app).get('/api/v1/profile').set(headers).expect(200);
    await request(app).post('/api/v1/template/get_templates').set(headers).send({}).expect(200);
    await request(app).post('/api/v1/session/sessions').set(headers).send({}).expect(200);

    expectVerifyFirst(await request(app).post('/api/v1/session/create_session').set(headers).field('patientName', 'Ana Patiño').field('templateId', 'soap'));
    expectVerifyFirst(await request(app).post('/api/v1/creation').set(headers).send({ patientName: 'Ana Patiño', templateId: 'soap', text: 'Dry cough for three days.' }));
    expectVerifyFirst(await request(app).post('/api/v1/session/upload_audio').set(headers).field('name', 'visit.wav').attach('file', uniqueDialogueWav(), 'visit.wav'));
    expectVerifyFirst(await request(app).post('/api/v1/session/process').set(headers).send({ sessionId: 'any-session' }));
    expectVerifyFirst(await request(app).post('/api/v1/session/regenerate_documentation').set(headers).send({ sessionId: 'any-session' }));
    expectVerifyFirst(
      await request(app).post('/api/v1/session/regenerate_documentation_section').set(headers).send({ documentationId: 'any-doc', sectionId: 'subjective' }),
    );
  });

  it('Is let through once verified, with a fresh token (no new account, no new password)', async () => {
    const user = await createTestUser({ emailVerified: false });
    expectVerifyFirst(await request(app).post('/api/v1/session/create_session').set(bearer(user)).field('patientName', 'Jo Park').field('templateId', 'soap'));
    await auth.updateUser(user.uid, { emailVerified: true });
    // What the web app does after the link is opened: reload the user and take a new ID token.
    const verified = { ...user, idToken: await signIn(user) };
    const session = await createSession(app, verified, { patientName: 'Jo Park' });
    expect(session.status).toBe('draft');
  });
});

describe('Deleting the account needs a recent sign-in', () => {
  it('Answers 403 reauthentication_required with a sign-in older than 5 minutes, and deletes nothing', async () => {
    const user = await createTestUser();
    const later = emulatorApi({ now: () => new Date(Date.now() + RECENT_SIGN_IN_MAX_AGE_MS + 60_000) });
    const res = await request(later.app).delete(`/api/v1/profile/${user.uid}`).set(bearer(user));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('reauthentication_required');
    expect((await auth.getUser(user.uid)).uid).toBe(user.uid);
    await request(later.app).get('/api/v1/profile').set(bearer(user)).expect(200);
  });

  it('Still answers 404 for another user\u2019s id, however old the sign-in', async () => {
    const [user, other] = await Promise.all([createTestUser(), createTestUser()]);
    const later = emulatorApi({ now: () => new Date(Date.now() + RECENT_SIGN_IN_MAX_AGE_MS + 60_000) });
    await request(later.app).delete(`/api/v1/profile/${other.uid}`).set(bearer(user)).expect(404);
  });

  it('Deletes with a sign-in from the last 5 minutes', async () => {
    const user = await createTestUser();
    await request(app).delete(`/api/v1/profile/${user.uid}`).set(bearer(user)).expect(200, { deleted: true });
  });
});
