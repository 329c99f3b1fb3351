/**
 * The pipeline sweeper (functions/src/pipeline/pipeline-sweeper.ts), run in-process against the emulators the
 * way the scheduled function runs it: sessions whose run was killed (lease expired) are resumed through the
 * outbox, or failed with a readable reason once they keep stopping; live runs are left alone; outbox events
 * carry a TTL; uploads nobody finished are deleted with their chunks.
 *
 * A stuck session is made by hand (tests/support/stalled-sessions.ts). With the emulated stack up (`npm test`)
 * its trigger also consumes the events the sweeper emits; the test runs the trigger's work itself as well,
 * and the pipeline's claim makes one of them the winner either way. pipeline-sweeper-stack.test.ts shows the
 * trigger alone finishing a resumed session.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { chunkPath } from '../../functions/src/audio/audio-upload.js';
import { PIPELINE_EVENT_TTL_MS } from '../../functions/src/pipeline/audio-ready-event.js';
import { SWEEP_POLICY } from '../../functions/src/pipeline/pipeline-sweeper.js';
import { emulatorApi } from '../support/api-app.js';
import { fixtureBytes } from '../support/audio-fixtures.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer, createSession, uploadAudio } from '../support/sessions.js';
import { sessionLeftByKilledRun } from '../support/stalled-sessions.js';

const { app, db, audioStore, services } = emulatorApi();
const sweeper = services.pipelineSweeper;
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser();
}, 60_000);

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const minutesAhead = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const sessionDoc = (id: string) => db.collection('sessions').doc(id);
const eventsOf = async (sessionId: string) => (await db.collection('pipelineEvents').where('sessionId', '==', sessionId).get()).docs.map((d) => d.data());

const sessionLeftBy = (status: 'transcribing' | 'generating', leaseUntil: string, extra: Record<string, unknown> = {}) =>
  sessionLeftByKilledRun({ app, db }, user, status, leaseUntil, extra);

async function waitForSessionStatus(sessionId: string, statuses: string[], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const data = (await sessionDoc(sessionId).get()).data() ?? {};
    if (statuses.includes(String(data['status']))) return data;
    if (Date.now() > deadline) throw new Error(`session ${sessionId} still ${String(data['status'])}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('Pipeline sweeper: sessions whose run stopped', () => {
  it('An expired lease while transcribing: resumed through the outbox, and the resumed run makes it ready', async () => {
    const sessionId = await sessionLeftBy('transcribing', minutesAgo(1));

    const report = await sweeper.sweep();
    expect(report.resumed).toContain(sessionId);
    const resumed = (await sessionDoc(sessionId).get()).data() ?? {};
    // Handed back to the pipeline like a Retry: the dead run's id no longer matches, so nothing it might still write lands.
    expect(resumed['processingResumes']).toBe(1);
    expect(['uploaded', 'transcribing', 'generating', 'ready']).toContain(resumed['status']);
    expect(String(resumed['processingRunId'])).not.toMatch(/^killed-/);
    const events = await eventsOf(sessionId);
    expect(events).toEqual([expect.objectContaining({ type: 'resume_requested', sessionId, ownerUid: user.uid })]);

    // What the trigger does with that event (the stack's trigger may be doing it too: one of them wins).
    await services.pipeline.process(sessionId);
    const ready = await waitForSessionStatus(sessionId, ['ready', 'failed']);
    expect(ready['status']).toBe('ready');
    expect(ready['error']).toBeNull();
  });

  it('A live lease is left alone', async () => {
    const sessionId = await sessionLeftBy('generating', minutesAhead(5));
    const before = (await sessionDoc(sessionId).get()).data();

    const report = await sweeper.sweep();
    expect(report.resumed).not.toContain(sessionId);
    expect(report.failed).not.toContain(sessionId);
    expect((await sessionDoc(sessionId).get()).data()).toEqual(before);
    expect(await eventsOf(sessionId)).toEqual([]);
  });

  it('Uploaded but never picked up (the event was lost): resumed once it has waited too long, not before', async () => {
    const waitingId = await sessionLeftBy('transcribing', minutesAgo(1));
    await sessionDoc(waitingId).update({ status: 'uploaded', processingRunId: null, processingLeaseUntil: null, updatedAt: Timestamp.fromMillis(Date.now() - SWEEP_POLICY.uploadedStaleAfterMs - 60_000) });
    const freshId = await sessionLeftBy('transcribing', minutesAgo(1));
    await sessionDoc(freshId).update({ status: 'uploaded', processingRunId: null, processingLeaseUntil: null, updatedAt: Timestamp.now() });

    const report = await sweeper.sweep();
    expect(report.resumed).toContain(waitingId);
    expect(report.resumed).not.toContain(freshId);
    expect(await eventsOf(waitingId)).toEqual([expect.objectContaining({ type: 'resume_requested' })]);
    expect(await eventsOf(freshId)).toEqual([]);
  });

  it('Stopping again after the last resume: failed with a readable reason, and Retry starts it afresh', async () => {
    const sessionId = await sessionLeftBy('generating', minutesAgo(3), { processingResumes: SWEEP_POLICY.maxResumes });

    const report = await sweeper.sweep();
    expect(report.failed).toContain(sessionId);
    const res = await request(app).post('/api/v1/session/session').set(bearer(user)).send({ sessionId }).expect(200);
    expect(res.body.session).toMatchObject({ status: 'failed', error: { code: 'processing_stalled', message: expect.stringMatching(/stopped .* Press Retry/) } });
    const failed = (await sessionDoc(sessionId).get()).data() ?? {};
    expect(failed).toMatchObject({ processingRunId: null, processingLeaseUntil: null, processingResumes: 0 });
    expect(await eventsOf(sessionId)).toEqual([]);

    // Failed is final for the sweeper: the next sweep leaves it; the clinician's Retry restarts it.
    expect((await sweeper.sweep()).failed).not.toContain(sessionId);
    const restarted = await request(app).post('/api/v1/session/process').set(bearer(user)).send({ sessionId }).expect(202);
    expect(restarted.body.session.status).toBe('uploaded');
  });

  it('A session deleted meanwhile is not brought back', async () => {
    const sessionId = await sessionLeftBy('transcribing', minutesAgo(1));
    await sessionDoc(sessionId).delete();
    const report = await sweeper.sweep();
    expect(report.resumed).not.toContain(sessionId);
    expect((await sessionDoc(sessionId).get()).exists).toBe(false);
  });
});

describe('Outbox events expire', () => {
  it('Events carry an expiresAt Timestamp for the TTL policy, a week after they were written', async () => {
    const session = await createSession(app, user);
    const before = Date.now();
    await uploadAudio(app, user, fixtureBytes('dialogue.wav'), 'visit.wav', { sessionId: session.id }).expect(201);
    const [event] = await eventsOf(session.id);
    expect(event?.['type']).toBe('audio_ready');
    const expiresAt = event?.['expiresAt'] as unknown;
    expect(expiresAt).toBeInstanceOf(Timestamp);
    const ms = (expiresAt as Timestamp).toMillis();
    expect(ms).toBeGreaterThanOrEqual(before + PIPELINE_EVENT_TTL_MS - 1000);
    expect(ms).toBeLessThanOrEqual(Date.now() + PIPELINE_EVENT_TTL_MS);
  });
});

describe('Abandoned uploads are deleted with their chunks', () => {
  const longAgo = () => new Date(Date.now() - SWEEP_POLICY.abandonedUploadAfterMs - 60_000).toISOString();
  const uploadDoc = (uploadId: string) => db.collection('audioUploads').doc(uploadId);

  it('A recording left receiving for longer than the limit goes, chunks and record; a recent one stays', async () => {
    const data = fixtureBytes('dialogue.webm');
    const [abandoned, recent] = [randomUUID(), randomUUID()];
    for (const uploadId of [abandoned, recent]) {
      await uploadAudio(app, user, data.subarray(0, 4096), 'rec.webm', { uploadId, chunkIndex: 0 }).expect(201);
      await uploadAudio(app, user, data.subarray(4096, 8192), 'rec.webm', { uploadId, chunkIndex: 1 }).expect(201);
    }
    await uploadDoc(abandoned).update({ updatedAt: longAgo() });
    expect(await audioStore.size(chunkPath(user.uid, abandoned, 1))).toBe(4096);

    const report = await sweeper.sweep();
    expect(report.uploadsDeleted).toContain(abandoned);
    expect(report.uploadsDeleted).not.toContain(recent);
    expect((await uploadDoc(abandoned).get()).exists).toBe(false);
    expect(await audioStore.size(chunkPath(user.uid, abandoned, 0))).toBeNull();
    expect(await audioStore.size(chunkPath(user.uid, abandoned, 1))).toBeNull();
    expect((await uploadDoc(recent).get()).exists).toBe(true);
    expect(await audioStore.size(chunkPath(user.uid, recent, 1))).toBe(4096);
  });

  it('Complete audio that never became a session goes too; audio a session uses stays', async () => {
    const loose = await uploadAudio(app, user, fixtureBytes('dialogue.wav'), 'visit.wav').expect(201);
    const session = await createSession(app, user);
    const used = await uploadAudio(app, user, fixtureBytes('dialogue.wav'), 'visit.wav', { sessionId: session.id }).expect(201);
    for (const res of [loose, used]) await uploadDoc(res.body.uploadId as string).update({ updatedAt: longAgo() });
    const loosePath = audioStore.pathFromUri(loose.body.audio_uri as string) ?? '';
    const usedPath = audioStore.pathFromUri(used.body.audio_uri as string) ?? '';
    expect(await audioStore.size(loosePath)).toBeGreaterThan(0);

    const report = await sweeper.sweep();
    expect(report.uploadsDeleted).toContain(loose.body.uploadId);
    expect(report.uploadsDeleted).not.toContain(used.body.uploadId);
    expect((await uploadDoc(loose.body.uploadId as string).get()).exists).toBe(false);
    expect(await audioStore.size(loosePath)).toBeNull();
    expect(await audioStore.size(usedPath)).toBeGreaterThan(0);
  });
});
