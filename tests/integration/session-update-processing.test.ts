import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer, createSession } from '../support/sessions.js';

/** /session/update while the pipeline works on the session: what it reads must not change under it. */
const { app, db } = emulatorApi();
let owner: TestUser;
beforeAll(async () => {
  owner = await createTestUser();
});

const update = (body: object) => request(app).post('/api/v1/session/update').set(bearer(owner)).send(body);

/** Puts a session in a pipeline step as a running pipeline would (this in-process API has no trigger). */
async function inStep(status: 'transcribing' | 'generating') {
  const session = await createSession(app, owner, { patientName: 'Ana Patiño', templateId: 'soap', language: 'en-US' });
  const leaseUntil = new Date(Date.now() + 10 * 60_000);
  await db.collection('sessions').doc(session.id).update({ status, processingRunId: 'run-test', processingLeaseUntil: leaseUntil.toISOString() });
  return session;
}

describe('POST /session/update while the pipeline runs', () => {
  it.each([
    ['transcribing', { templateId: 'dap' }, 'templateId'],
    ['generating', { templateId: 'dap' }, 'templateId'],
    ['transcribing', { language: 'es-MX' }, 'language'],
    ['generating', { language: 'es-MX' }, 'language'],
  ] as const)('%s, changing %j: 409 naming %s, and nothing changes', async (status, change, field) => {
    const session = await inStep(status);
    const res = await update({ sessionId: session.id, ...change }).expect(409);
    expect(res.body.error).toMatchObject({ code: 'conflict', field });
    const stored = (await db.collection('sessions').doc(session.id).get()).data();
    expect(stored).toMatchObject({ templateId: 'soap', language: 'en-US', status });
  });

  it('The patient name may change; template and language sent unchanged are fine', async () => {
    const session = await inStep('transcribing');
    const res = await update({ sessionId: session.id, patientName: 'Ana Patiño Ruiz', templateId: 'soap', language: 'en-US' }).expect(200);
    expect(res.body.session).toMatchObject({ patientName: 'Ana Patiño Ruiz', status: 'transcribing' });
  });
});
