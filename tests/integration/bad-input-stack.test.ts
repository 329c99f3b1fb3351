import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { STACK_URL } from '../support/stack.js';

/**
 * Malformed JSON through the Functions runtime (Hosting → Functions emulator → its runtime). The runtime
 * parses JSON bodies before the app sees them and answers a parse failure itself, with Express's default
 * handler: a stack trace with file paths unless NODE_ENV is production (functions/.env sets it; Google's
 * Node.js buildpack sets it for deployed functions anyway). What a client gets must hold no internals.
 */
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser();
});

const INTERNALS = /SyntaxError|JSON\.parse|node_modules|body-parser|\.js:\d+|\bat [\w.<>]+ \(/;

describe('Malformed JSON through the Functions runtime', () => {
  it.each([
    ['cut short', '{"displayName": "Dr'],
    ['not JSON at all', 'displayName=Dr Who'],
    ['a bare value', '"text"'],
  ])('%s: 400, no stack trace, no file paths', async (_what, body) => {
    const res = await request(STACK_URL)
      .put('/api/v1/profile')
      .set('Authorization', `Bearer ${user.idToken}`)
      .set('Content-Type', 'application/json')
      .send(body);
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(INTERNALS);
  });

  it('A well-formed body still reaches the app and is answered in the contract shape', async () => {
    const res = await request(STACK_URL).post('/api/v1/session/session').set('Authorization', `Bearer ${user.idToken}`).send({ sessionId: '__foo__' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'invalid_argument', field: 'sessionId' } });
  });
});
