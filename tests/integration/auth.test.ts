import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, signIn } from '../support/auth-users.js';

const { app, auth } = emulatorApi();

function expectUnauthenticated(res: request.Response) {
  expect(res.status).toBe(401);
  expect(res.body.error.code).toBe('unauthenticated');
  expect(typeof res.body.error.message).toBe('string');
}

describe('Authentication', () => {
  it('Missing token', async () => {
    expectUnauthenticated(await request(app).get('/api/v1/profile'));
  });

  it('Not a bearer token', async () => {
    expectUnauthenticated(await request(app).get('/api/v1/profile').set('Authorization', 'Basic dXNlcjpwYXNz'));
  });

  it('Garbage token', async () => {
    expectUnauthenticated(await request(app).get('/api/v1/profile').set('Authorization', 'Bearer not.a.jwt'));
  });

  it('Token of a deleted user', async () => {
    const user = await createTestUser();
    await auth.deleteUser(user.uid);
    expectUnauthenticated(await request(app).get('/api/v1/subscription').set('Authorization', `Bearer ${user.idToken}`));
  });

  it('Revoked token; a new sign-in works again', async () => {
    const user = await createTestUser();
    // Revocation compares whole seconds: let the token's issue time fall before it.
    await new Promise((r) => setTimeout(r, 1100));
    await auth.revokeRefreshTokens(user.uid);
    expectUnauthenticated(await request(app).get('/api/v1/subscription').set('Authorization', `Bearer ${user.idToken}`));
    await new Promise((r) => setTimeout(r, 1100));
    const fresh = await signIn(user);
    await request(app).get('/api/v1/subscription').set('Authorization', `Bearer ${fresh}`).expect(200);
  });
});
