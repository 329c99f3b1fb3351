import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser } from '../support/auth-users.js';

const { app } = emulatorApi();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('PUT /profile at once', () => {
  it('20 concurrent edits: none fails, each answers quickly, and the last one written is what is kept', async () => {
    const user = await createTestUser();
    await request(app).get('/api/v1/profile').set(bearer(user.idToken)).expect(200);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => request(app).put('/api/v1/profile').set(bearer(user.idToken)).send({ specialty: `Specialty ${i}`, organization: `Org ${i}` })),
    );
    const statuses = answers.map((a) => a.status);
    // Contention may be answered 503 with Retry-After, never 500; here it is retried until it succeeds.
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(10_000);
    const final = await request(app).get('/api/v1/profile').set(bearer(user.idToken)).expect(200);
    // Each edit is whole: the specialty and organization kept come from the same request.
    expect(final.body.profile.specialty.replace('Specialty', '')).toBe(final.body.profile.organization.replace('Org', ''));
  }, 30_000);

  it('20 concurrent first edits of a profile that does not exist yet: all succeed, one profile', async () => {
    const user = await createTestUser();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => request(app).put('/api/v1/profile').set(bearer(user.idToken)).send({ specialty: `S${i}` })));
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    expect(new Set(answers.map((a) => a.body.profile.referralCode)).size).toBe(1);
  }, 30_000);
});
