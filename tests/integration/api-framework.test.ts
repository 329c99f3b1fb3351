import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser } from '../support/auth-users.js';

const { app, logger } = emulatorApi();

describe('API framework', () => {
  it('Health answers without a token, with the spec version', async () => {
    const res = await request(app).get('/api/v1/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', version: '0.2.11' });
  });

  it('Security headers, no-store and a request id on every response', async () => {
    const res = await request(app).get('/api/v1/health');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('Keeps a plain incoming request id and replaces an unsafe one', async () => {
    const kept = await request(app).get('/api/v1/health').set('X-Request-Id', 'trace-12345678');
    expect(kept.headers['x-request-id']).toBe('trace-12345678');
    const replaced = await request(app).get('/api/v1/health').set('X-Request-Id', 'María García <script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('Unknown route: 404 in the contract shape, not an HTML page', async () => {
    const res = await request(app).post('/api/v1/no/such/route').send({}).expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'No such route: POST /api/v1/no/such/route' } });
  });

  it('Outside /api/v1: 404 in the contract shape', async () => {
    const res = await request(app).get('/index.html').expect(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('Malformed JSON: 400 invalid_argument', async () => {
    const user = await createTestUser();
    const res = await request(app)
      .put('/api/v1/profile')
      .set('Authorization', `Bearer ${user.idToken}`)
      .set('Content-Type', 'application/json')
      .send('{"displayName": "Dr')
      .expect(400);
    expect(res.body).toEqual({ error: { code: 'invalid_argument', message: 'Request body is not valid JSON' } });
  });

  it('Oversize body: 413 payload_too_large', async () => {
    const user = await createTestUser();
    const res = await request(app)
      .put('/api/v1/profile')
      .set('Authorization', `Bearer ${user.idToken}`)
      .send({ displayName: 'x'.repeat(2 * 1024 * 1024) })
      .expect(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('A body that is not JSON: 415', async () => {
    const user = await createTestUser();
    const res = await request(app)
      .put('/api/v1/profile')
      .set('Authorization', `Bearer ${user.idToken}`)
      .set('Content-Type', 'text/plain')
      .send('displayName=Dr Who')
      .expect(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });

  it('CORS: a configured origin is allowed, another origin is not', async () => {
    // CORS_ORIGINS unset allows no origin at all (tests/integration/rate-limits.test.ts); here one is configured.
    const { app } = emulatorApi({ config: { corsOrigins: ['http://localhost:5000'] } });
    const allowed = await request(app).options('/api/v1/profile').set('Origin', 'http://localhost:5000').set('Access-Control-Request-Method', 'PUT');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5000');
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    const denied = await request(app).options('/api/v1/profile').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'PUT');
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('Logs every request by route and ids, never the body', async () => {
    const user = await createTestUser();
    await request(app).put('/api/v1/profile').set('Authorization', `Bearer ${user.idToken}`).send({ displayName: 'Dr Ana Patiño' }).expect(200);
    const line = logger.entries.find((e) => e.event === 'request_completed' && e.fields['uid'] === user.uid);
    expect(line?.fields).toMatchObject({ method: 'PUT', route: '/api/v1/profile/', status: 200 });
    const everything = JSON.stringify(logger.entries);
    expect(everything).not.toContain('Patiño');
    expect(everything).not.toContain(user.email);
  });
});
