import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { STACK_URL } from '../support/stack.js';
import { multipartContentType, multipartRouteCases, sendEveryCut } from '../support/truncated-multipart.js';

/**
 * Multipart bodies cut short at every offset, through the deployed shape (Hosting → the Functions emulator,
 * whose runtime reads the whole body into `rawBody` before the app parses it): a 4xx in the contract's
 * shape for each, and the API still serving after all of them. A body cut short once made busboy emit an
 * error that nothing heard, and Node ended the process serving every request of that instance.
 */
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser();
});

describe('Multipart bodies cut short, through the Functions emulator', () => {
  it.each(multipartRouteCases().map((c) => [c.path, c] as const))('%s: every cut answered with a 4xx, the API still serving', async (_path, { path, body }) => {
    const send = (cut: Buffer) => request(STACK_URL).post(`/api/v1${path}`).set('Authorization', `Bearer ${user.idToken}`).set('Content-Type', multipartContentType).send(cut);
    await sendEveryCut(body, send);
    const health = await request(STACK_URL).get('/api/v1/health');
    expect(health.status).toBe(200);
    // The whole body is still accepted: the instance that answered all of the above is whole.
    expect((await send(body)).status).toBe(201);
  }, 300_000);
});
