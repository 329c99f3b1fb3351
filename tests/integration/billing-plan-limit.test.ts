import request from 'supertest';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMIT_SESSION_ERROR_CODE, type SessionStatus } from '@charta/contract';
import { emulatorApi, IN_PROCESS_PIPELINE_EVENTS } from '../support/api-app.js';
import { uniqueDialogueWav } from '../support/audio-fixtures.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer, createSession, uploadAudio } from '../support/sessions.js';
import { ownStripeAccount, receiveWebhooks, upgradeToPro } from '../support/stripe-emulator.js';

// A free plan of 1 documentation a month: the second recording of the month meets the limit. Its own Stripe
// account: the upgrade's webhooks come to this app only. Its own pipeline events: this file runs the
// pipeline itself, and the Functions emulator's trigger (under `npm test`) would otherwise race it for each
// session, under the stack's limit, and leave a session read mid-run (CI once read 'generating' after the
// upgrade's "process again").
const billing = { ...ownStripeAccount('plan_limit_suite'), freeDocumentationsPerMonth: 1 };
const { app, db, services } = emulatorApi({ config: { billing }, pipelineEventsCollection: IN_PROCESS_PIPELINE_EVENTS });
let webhooks: Awaited<ReturnType<typeof receiveWebhooks>>;

beforeAll(async () => {
  webhooks = await receiveWebhooks(app, 5413, billing);
});
afterAll(async () => {
  await webhooks.close();
});

interface SessionSeen {
  id: string;
  status: SessionStatus;
  error: { code: string; message: string } | null;
  documentationId: string | null;
}

/** A recorded session whose audio is complete, processed by the pipeline as the trigger would. */
async function recordedSession(user: TestUser): Promise<SessionSeen> {
  const upload = await uploadAudio(app, user, uniqueDialogueWav(), 'visit.wav').expect(201);
  const session = await createSession(app, user, { audio_uri: upload.body.audio_uri as string });
  await services.pipeline.process(session.id);
  return (await request(app).post('/api/v1/session/session').set(bearer(user)).send({ sessionId: session.id }).expect(200)).body.session as SessionSeen;
}

/** Documentations generated this month (what the monthly counter counts: owner and generation time), written directly. */
async function useUpMonth(user: TestUser, count: number) {
  const batch = db.batch();
  for (let i = 0; i < count; i++) batch.set(db.collection('documentation').doc(`used-${user.uid}-${i}`), { ownerUid: user.uid, generatedAt: Timestamp.now() });
  await batch.commit();
}

describe('the free plan’s monthly limit in the pipeline', () => {
  it('Past the limit a recording stops at its transcript, kept; it is documented once the user upgrades', async () => {
    const user = await createTestUser();
    await useUpMonth(user, 1);

    const held = await recordedSession(user);
    expect(held).toMatchObject({ status: 'failed', documentationId: null, error: { code: PLAN_LIMIT_SESSION_ERROR_CODE } });
    expect(held.error?.message).toMatch(/Your free plan includes \d+ documentations? a month/);
    // Nothing the clinician recorded is lost: the audio and the transcript are there.
    const transcript = await request(app).post('/api/v1/session/transcription').set(bearer(user)).send({ sessionId: held.id }).expect(200);
    expect(transcript.body.transcript.segments.length).toBeGreaterThan(0);
    expect((await db.collection('documentation').doc(held.id).get()).exists).toBe(false);

    // Retrying on the free plan answers the limit at once and leaves the session as it is.
    const refused = await request(app).post('/api/v1/session/process').set(bearer(user)).send({ sessionId: held.id }).expect(403);
    expect(refused.body.error).toMatchObject({ code: 'permission_denied', field: 'plan' });
    const regenerate = await request(app).post('/api/v1/session/regenerate_documentation').set(bearer(user)).send({ sessionId: held.id }).expect(403);
    expect(regenerate.body.error).toMatchObject({ code: 'permission_denied', field: 'plan' });

    await upgradeToPro(app, user);
    await request(app).post('/api/v1/session/process').set(bearer(user)).send({ sessionId: held.id }).expect(202);
    await services.pipeline.process(held.id);
    const done = (await request(app).post('/api/v1/session/session').set(bearer(user)).send({ sessionId: held.id }).expect(200)).body.session;
    expect(done).toMatchObject({ status: 'ready', error: null, documentationId: held.id });
  });

  it('Rewriting a documentation a session already has is not refused at the limit (it is counted once)', async () => {
    const user = await createTestUser();
    const ready = await recordedSession(user);
    expect(ready.status).toBe('ready');
    const { documentation } = (await request(app).post('/api/v1/documentation/by_session').set(bearer(user)).send({ sessionId: ready.id }).expect(200)).body;
    await request(app).post('/api/v1/session/regenerate_documentation').set(bearer(user)).send({ sessionId: ready.id, counter: documentation.counter }).expect(200);
    expect((await request(app).get('/api/v1/subscription/usage').set(bearer(user)).expect(200)).body.usage).toMatchObject({ documentationsThisMonth: 1, monthlyLimit: 1 });
  });

  it('/creation at the limit is 403 and stores nothing', async () => {
    const user = await createTestUser();
    await recordedSession(user);
    const before = (await db.collection('sessions').where('ownerUid', '==', user.uid).get()).size;
    const res = await request(app).post('/api/v1/creation').set(bearer(user)).send({ patientName: 'Ana López', templateId: 'soap', text: 'Clinician: Any pain? Patient: No.' }).expect(403);
    expect(res.body.error).toMatchObject({ code: 'permission_denied', field: 'plan' });
    expect((await db.collection('sessions').where('ownerUid', '==', user.uid).get()).size).toBe(before);
  });
});
