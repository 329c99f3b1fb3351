import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../functions/src/common/page-cursor.js';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer, uploadAudio } from '../support/sessions.js';

/**
 * Input that passes a shape check but that Firestore (or the runtime) refuses must be answered at once with
 * 400 naming the field: never a 500 after the Firestore client's retries (about 7 s).
 */
const { app } = emulatorApi();
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser();
  // The first request of a run warms up token verification and the Firestore client; not what is timed.
  await request(app).get('/api/v1/profile').set(bearer(user)).expect(200);
});

const post = (path: string, body: unknown) => request(app).post(`/api/v1${path}`).set(bearer(user)).send(body as object);

/** 400 invalid_argument naming `field`, well within a second. */
async function expectRefused(send: () => request.Test, field: unknown) {
  const started = Date.now();
  const res = await send();
  const took = Date.now() - started;
  expect({ status: res.status, code: res.body?.error?.code, field: res.body?.error?.field }).toEqual({ status: 400, code: 'invalid_argument', field });
  expect(took).toBeLessThan(1000);
  return res;
}

/** A lone high surrogate: JSON can carry it (as \ud800), Firestore cannot store it. */
const LONE_SURROGATE = 'Mar\ud800ía';

describe('Ids Firestore reserves', () => {
  const reserved = ['__foo__', '__.__'.replace('.', 'x'), '____'];

  it.each(reserved)('%s as a session id: 400 naming sessionId', async (id) => {
    await expectRefused(() => post('/session/session', { sessionId: id }), 'sessionId');
  });

  it('In every kind of id field, and in a path', async () => {
    await expectRefused(() => post('/session/delete_many', { sessionIds: ['ok-id', '__foo__'] }), 'sessionIds.1');
    await expectRefused(() => post('/documentation/by_id', { documentationId: '__foo__' }), 'documentationId');
    await expectRefused(() => post('/template/get_template', { templateId: '__foo__' }), 'templateId');
    await expectRefused(() => post('/template/published/get', { shareId: '__foo__' }), 'shareId');
    await expectRefused(() => post('/session/create_session', { patientName: 'A', templateId: '__foo__' }), 'templateId');
    await expectRefused(() => request(app).get('/api/v1/session/audio/__foo__').set(bearer(user)), 'sessionId');
    await expectRefused(() => uploadAudio(app, user, Buffer.from('x'), 'a.webm', { uploadId: '__foo__' }), 'uploadId');
  });

  it('An audio_uri naming a reserved upload id: 400 naming audio_uri', async () => {
    await expectRefused(() => post('/session/create_session', { patientName: 'A', templateId: 'soap', audio_uri: `local://users/${user.uid}/audio/__foo__.webm` }), 'audio_uri');
  });

  it('Inside a list cursor: 400 naming cursor', async () => {
    const cursor = encodeCursor({ timeMs: Date.now(), id: '__foo__' });
    await expectRefused(() => post('/session/sessions', { cursor }), 'cursor');
    await expectRefused(() => post('/template/get_templates', { cursor }), 'cursor');
    await expectRefused(() => post('/template/published/list', { cursor }), 'cursor');
  });
});

describe('Cursors with numbers out of range', () => {
  const crafted = (timeMs: number) => Buffer.from(JSON.stringify([timeMs, 'abc'])).toString('base64url');
  it.each([1e300, -1e20, 253402300800000, -62135596800001, Number.MAX_SAFE_INTEGER])('time %d: 400 naming cursor', async (timeMs) => {
    await expectRefused(() => post('/session/sessions', { cursor: crafted(timeMs) }), 'cursor');
    await expectRefused(() => post('/template/get_templates', { cursor: crafted(timeMs) }), 'cursor');
    await expectRefused(() => post('/template/published/list', { cursor: crafted(timeMs) }), 'cursor');
  });

  it('Counter dates outside what Firestore stores: 400 naming the field', async () => {
    const counter = (q: string) => () => request(app).get(`/api/v1/documentation/counter?${q}`).set(bearer(user));
    await expectRefused(counter('from=0000-01-01T00:00:00Z'), 'from');
    await expectRefused(counter('from=2020-01-01T00:00:00Z&to=9999-12-31T23:59:59-23:59'), 'to');
  });
});

describe('Text that is not well-formed Unicode (unpaired surrogates)', () => {
  it('In a stored field: 400 naming it, at once', async () => {
    await expectRefused(() => post('/session/create_session', { patientName: LONE_SURROGATE, templateId: 'soap' }), 'patientName');
    await expectRefused(() => request(app).put('/api/v1/profile').set(bearer(user)).send({ displayName: 'Dr \udc00' }), 'displayName');
    await expectRefused(
      () => post('/template/upsert_template', { template: { name: 'T', sections: [{ title: 'Plan' }, { title: 'S', instructions: LONE_SURROGATE }] } }),
      'template.sections.1.instructions',
    );
    await expectRefused(() => post('/creation', { patientName: 'A', templateId: 'soap', text: `notes ${LONE_SURROGATE}` }), 'text');
  });

  it('In a path parameter (percent-encoded, so not UTF-8): 400, not 500', async () => {
    for (const path of ['/session/audio/%ED%A0%80', '/profile/%ED%A0%80', '/subscription/%ff']) {
      const res = await request(app)[path.startsWith('/session') ? 'get' : 'delete'](`/api/v1${path}`).set(bearer(user));
      expect({ path, status: res.status, code: res.body?.error?.code }).toEqual({ path, status: 400, code: 'invalid_argument' });
    }
  });

  it('A paired surrogate (an emoji) is fine', async () => {
    const res = await request(app).put('/api/v1/profile').set(bearer(user)).send({ displayName: 'Dr 😀' });
    expect(res.status).toBe(200);
  });

  it('In a field name: 400, and the name is echoed without the broken half', async () => {
    const res = await expectRefused(() => post('/session/sessions', { ['x\ud800']: 1 }), 'x');
    expect(res.body.error.message).not.toMatch(/[\ud800-\udfff]/);
  });
});

describe('Wrong JSON types are refused, not coerced', () => {
  it.each([true, '5', '', null, 5.5, [5]])('limit %j: 400 naming limit', async (limit) => {
    await expectRefused(() => post('/session/sessions', { limit }), 'limit');
    await expectRefused(() => post('/template/get_templates', { limit }), 'limit');
    await expectRefused(() => post('/search/sessions_by_patient_name', { query: 'ma', limit }), 'limit');
  });

  it('A number limit still works', async () => {
    expect((await post('/session/sessions', { limit: 5 })).status).toBe(200);
  });

  it.each(['', ' 1', '1e3', '0x10', '-0', '01', '1.0'])('upload_audio chunkIndex %j: 400 naming chunkIndex', async (chunkIndex) => {
    await expectRefused(() => uploadAudio(app, user, Buffer.from('x'), 'a.webm', { uploadId: 'up-1', chunkIndex }), 'chunkIndex');
  });

  it('Unknown field names are echoed cut short, without control characters', async () => {
    const name = `evil\u0000\u001b[31m${'x'.repeat(5000)}`;
    const res = await expectRefused(() => post('/session/sessions', { [name]: 1 }), expect.any(String));
    expect(res.body.error.message.length).toBeLessThan(120);
    expect(res.body.error.field.length).toBeLessThanOrEqual(64);
    expect(JSON.stringify(res.body)).not.toMatch(/\\u00(0|1)/);
  });
});
