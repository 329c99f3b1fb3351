import { randomInt } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../functions/src/config.js';
import { DEFAULT_LIMITS, type LimitsConfig } from '../../functions/src/limits/limits-config.js';
import { emulatorApi } from '../support/api-app.js';
import { fixtureBytes } from '../support/audio-fixtures.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer, uploadAudio } from '../support/sessions.js';

/**
 * The limits on what costs money or can be abused, with tight limits injected into the in-process app (the
 * test stack's own limits are generous, so other suites never meet them) and a clock the test moves.
 */
const TIGHT: LimitsConfig = {
  rates: {
    modelCall: [
      { limit: 3, windowSec: 60 },
      { limit: 5, windowSec: 86_400 },
    ],
    sessionCreation: [{ limit: 2, windowSec: 60 }],
    upload: [{ limit: 3, windowSec: 60 }],
    publicByAddress: [{ limit: 2, windowSec: 60 }],
    referralLookup: [{ limit: 2, windowSec: 60 }],
    codeSendEmail: [{ limit: 1, windowSec: 60 }],
    codeSendAddress: [{ limit: 2, windowSec: 60 }],
    codeVerifyAddress: [{ limit: 2, windowSec: 60 }],
    libraryReport: [{ limit: 2, windowSec: 60 }],
    billingCall: [{ limit: 2, windowSec: 60 }],
    liveTranscript: [{ limit: 2, windowSec: 60 }],
    auditReport: [{ limit: 2, windowSec: 60 }],
    auditAccountEvent: [{ limit: 2, windowSec: 60 }],
    auditExport: [{ limit: 2, windowSec: 60 }],
    dataExport: [{ limit: 2, windowSec: 60 }],
    // Met in tests/integration/clinics.test.ts, which injects its own.
    clinicInvitation: [{ limit: 2, windowSec: 60 }],
  },
  audioStorageBytesPerUser: DEFAULT_LIMITS.audioStorageBytesPerUser,
};

/** A clock at the start of a minute (so a burst never straddles a window), moved by hand. */
function testClock() {
  let nowMs = Math.ceil(Date.now() / 86_400_000) * 86_400_000 + 5_000;
  return { now: () => new Date(nowMs), advance: (ms: number) => (nowMs += ms) };
}

function limitedApi(limits: Partial<LimitsConfig> = {}, config: Parameters<typeof emulatorApi>[0] = {}) {
  const clock = testClock();
  const api = emulatorApi({ ...config, now: clock.now, config: { ...config.config, limits: { ...TIGHT, ...limits } } });
  return { ...api, clock };
}

const post = (app: Parameters<typeof request>[0], user: TestUser, path: string, body: object = {}) =>
  request(app).post(`/api/v1${path}`).set(bearer(user)).send(body);

const chat = (app: Parameters<typeof request>[0], user: TestUser) =>
  post(app, user, '/session/chat_with_session', { sessionId: 'no-such-session', question: 'Summarise' });

function expectRateLimited(res: request.Response) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ error: { code: 'rate_limited', message: expect.stringMatching(/at most \d+ per/) } });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  return retryAfter;
}

describe('Per-user limits on routes that call a model', () => {
  it('a burst past the limit gets 429 rate_limited with Retry-After; another user is unaffected; the window resets', async () => {
    const { app, clock } = limitedApi();
    const [ana, ben] = await Promise.all([createTestUser(), createTestUser()]);
    for (let i = 0; i < 3; i++) expect((await chat(app, ana)).status).toBe(404);
    const retryAfter = expectRateLimited(await chat(app, ana));
    expect(retryAfter).toBe(55);
    expect((await chat(app, ben)).status).toBe(404);

    clock.advance(retryAfter * 1000);
    expect((await chat(app, ana)).status).toBe(404);
  });

  it('the daily window holds after the minute resets, and says how long until it ends', async () => {
    const { app, clock } = limitedApi();
    const user = await createTestUser();
    for (let i = 0; i < 3; i++) expect((await chat(app, user)).status).toBe(404);
    expectRateLimited(await chat(app, user));
    clock.advance(60_000);
    for (let i = 0; i < 2; i++) expect((await chat(app, user)).status).toBe(404);
    const res = await chat(app, user);
    const retryAfter = expectRateLimited(res);
    expect(res.body.error.message).toContain('per day');
    expect(retryAfter).toBe(86_400 - 65);
  });

  it('a concurrent burst lets exactly the limit through: never more, and not none', async () => {
    const { app } = limitedApi({ rates: { ...TIGHT.rates, modelCall: [{ limit: 5, windowSec: 60 }] } });
    const user = await createTestUser();
    const answers = await Promise.all(Array.from({ length: 15 }, () => chat(app, user)));
    const passed = answers.filter((r) => r.status !== 429).length;
    expect(passed).toBe(5);
    for (const r of answers.filter((a) => a.status === 429)) expectRateLimited(r);
  });

  it.each([
    '/session/chat_with_session',
    '/session/regenerate_documentation',
    '/session/regenerate_documentation_section',
    '/session/customize_section',
    '/session/magic_edit_documentation',
    '/session/magic_edit_section',
    '/session/process',
    '/creation',
    '/template/preview_section',
    '/template/preview_template',
    '/template/generate_template_from_note',
    '/template/help_me_write_section',
  ])('%s is counted', async (path) => {
    const { app } = limitedApi({ rates: { ...TIGHT.rates, modelCall: [{ limit: 1, windowSec: 60 }] } });
    const user = await createTestUser();
    // Every request counts, whatever it answers: a client hammering with bad bodies is stopped too.
    expect((await post(app, user, path)).status).not.toBe(429);
    expectRateLimited(await post(app, user, path));
  });
});

describe('Per-user limits on sessions and uploads', () => {
  it('create_session and /creation share the session-creation limit', async () => {
    const { app } = limitedApi();
    const user = await createTestUser();
    const create = () => post(app, user, '/session/create_session', { patientName: 'Ana Ruiz', templateId: 'soap' });
    expect((await create()).status).toBe(201);
    expect((await post(app, user, '/creation', {})).status).toBe(400);
    expectRateLimited(await create());
    expectRateLimited(await post(app, user, '/creation', {}));
  });

  it('upload_audio is counted per request', async () => {
    const { app } = limitedApi();
    const user = await createTestUser();
    const wav = fixtureBytes('dialogue.wav');
    for (let i = 0; i < 3; i++) expect((await uploadAudio(app, user, wav, 'a.wav')).status).toBe(201);
    expectRateLimited(await uploadAudio(app, user, wav, 'a.wav'));
  });

  it('live_transcript (polled while recording) is counted per user', async () => {
    const { app } = limitedApi();
    const user = await createTestUser();
    const session = (await post(app, user, '/session/create_session', { patientName: 'Ana Ruiz', templateId: 'soap' })).body.session as { id: string };
    for (let i = 0; i < 2; i++) expect((await post(app, user, '/session/live_transcript', { sessionId: session.id })).status).toBe(200);
    expectRateLimited(await post(app, user, '/session/live_transcript', { sessionId: session.id }));
  });

  it('audio storage is capped per user: 403 permission_denied once the stored audio reaches the cap', async () => {
    const wav = fixtureBytes('dialogue.wav');
    const { app } = limitedApi({ audioStorageBytesPerUser: wav.length + 1, rates: { ...TIGHT.rates, upload: [{ limit: 100, windowSec: 60 }] } });
    const [user, other] = await Promise.all([createTestUser(), createTestUser()]);
    expect((await uploadAudio(app, user, wav, 'a.wav')).status).toBe(201);
    // Below the cap by one byte: one more request is let in (the cap is checked before a request is stored).
    expect((await uploadAudio(app, user, wav, 'b.wav')).status).toBe(201);
    const full = await uploadAudio(app, user, wav, 'c.wav');
    expect(full.status).toBe(403);
    expect(full.body.error).toMatchObject({ code: 'permission_denied', message: expect.stringMatching(/storage is full/) });
    expect((await uploadAudio(app, other, wav, 'a.wav')).status).toBe(201);
  });
});

describe('Public routes, per client address', () => {
  const addresses = () => `203.0.113.${randomInt(1, 250)}`;

  it('GET /health is limited per address, and a client cannot choose its address with X-Forwarded-For', async () => {
    // Deployed shape: Hosting appends the client's address, Google's front end appends Hosting's; the socket
    // peer here stands for that front end.
    const { app } = limitedApi({}, { config: { trustProxyHops: 2 } });
    const client = addresses();
    const viaHosting = (forged: string, address = client) =>
      request(app).get('/api/v1/health').set('X-Forwarded-For', `${forged}, ${address}, 10.1.2.3`);
    expect((await viaHosting('1.1.1.1')).status).toBe(200);
    expect((await viaHosting('2.2.2.2')).status).toBe(200);
    expectRateLimited(await viaHosting('3.3.3.3'));
    expect((await viaHosting('3.3.3.3', '198.51.100.9')).status).toBe(200);
  });
});

describe('Counters belong to their user and expire', () => {
  it('have ownerUid and an expiresAt Timestamp, and account deletion removes them', async () => {
    const { app, db } = limitedApi();
    const user = await createTestUser();
    await chat(app, user);
    await post(app, user, '/session/create_session', { patientName: 'Ana Ruiz', templateId: 'soap' });
    const owned = await db.collection('rateLimits').where('ownerUid', '==', user.uid).get();
    // Three windows counted (chat's minute, session creation's minute and day), each a counter and one place.
    expect(owned.size).toBe(6);
    for (const doc of owned.docs) {
      expect(doc.get('expiresAt').toDate().getTime()).toBeGreaterThan(Date.now());
      expect(doc.id).not.toContain(user.uid);
    }
    // On the real clock: deletion needs a sign-in from the last 5 minutes, and this app's clock runs ahead.
    await request(emulatorApi().app).delete(`/api/v1/profile/${user.uid}`).set(bearer(user)).expect(200);
    expect((await db.collection('rateLimits').where('ownerUid', '==', user.uid).get()).size).toBe(0);
  });
});

describe('Links and origins come from configuration, not from the request', () => {
  it('a share link is built on the configured app URL, whatever Host or X-Forwarded-Host say', async () => {
    const { app } = limitedApi({}, { config: { appUrl: 'https://app.charta.example', trustProxyHops: 2 } });
    const user = await createTestUser();
    const saved = await post(app, user, '/template/upsert_template', { template: { name: 'Mine', sections: [{ title: 'Plan', instructions: '' }] } }).expect(200);
    const shared = await request(app)
      .post('/api/v1/template/share_template')
      .set(bearer(user))
      .set('Host', 'evil.example')
      .set('X-Forwarded-Host', 'evil.example')
      .set('X-Forwarded-Proto', 'http')
      .send({ templateId: saved.body.template.id })
      .expect(200);
    expect(shared.body.url).toBe(`https://app.charta.example/templates/shared/${shared.body.shareId}`);
  });

  it('CORS fails closed: with CORS_ORIGINS unset no other origin is allowed', async () => {
    expect(configFromEnv({ GCLOUD_PROJECT: 'demo-charta' }).corsOrigins).toEqual([]);
    const { app } = limitedApi({}, { config: { corsOrigins: configFromEnv({ GCLOUD_PROJECT: 'demo-charta' }).corsOrigins } });
    const preflight = await request(app).options('/api/v1/profile').set('Origin', 'http://localhost:5000').set('Access-Control-Request-Method', 'PUT');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('configuration refuses malformed limits and URLs at start', () => {
    expect(() => configFromEnv({ GCLOUD_PROJECT: 'p', RATE_LIMIT_MODEL_CALLS: 'lots' })).toThrow(/RATE_LIMIT_MODEL_CALLS/);
    expect(() => configFromEnv({ GCLOUD_PROJECT: 'p', CHARTA_APP_URL: 'not a url' })).toThrow(/CHARTA_APP_URL/);
    expect(configFromEnv({ GCLOUD_PROJECT: 'p', RATE_LIMIT_UPLOADS: '30/m, 1000/1d' }).limits.rates.upload).toEqual([
      { limit: 30, windowSec: 60 },
      { limit: 1000, windowSec: 86_400 },
    ]);
    expect(configFromEnv({ GCLOUD_PROJECT: 'demo-charta' }).appUrl).toBe('https://demo-charta.web.app');
  });
});
