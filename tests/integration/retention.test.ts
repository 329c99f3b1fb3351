/**
 * Retention (docs/privacy.md "Retention"), with a movable clock: the API and its services take `now`, so a test makes
 * sessions "today" and then moves the clock to a boundary. Audio and transcripts are deleted exactly when their
 * setting says (counted from when the note was first ready), whole sessions as deleting them does (nothing
 * left behind, Cloud Storage included), and what is younger stays. The daily sweep is resumable: a run
 * killed half-way is finished by the next, which neither redoes nor skips anything.
 *
 * Each test sweeps only its own users (an owner list of its own and a checkpoint of its own), since other
 * suites share the emulators and a moved clock would otherwise reach their sessions.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DAY_MS, type Session } from '@charta/contract';
import { uploadChunksPrefix } from '../../functions/src/audio/audio-upload.js';
import { memoryLogger } from '../../functions/src/logging/logger.js';
import { OwnerRetention } from '../../functions/src/retention/owner-retention.js';
import { RetentionCheckpoints } from '../../functions/src/retention/retention-checkpoint.js';
import { RETENTION_POLICY } from '../../functions/src/retention/retention-policy.js';
import { RetentionSweeper } from '../../functions/src/retention/retention-sweeper.js';
import { emulatorApi } from '../support/api-app.js';
import { fixtureBytes } from '../support/audio-fixtures.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer, sessionWaitingForPipeline, uploadAudio } from '../support/sessions.js';

let clock = new Date();
const api = emulatorApi({ now: () => new Date(clock.getTime()) });
const { app, db, services, audioStore } = api;

const post = (user: TestUser, path: string, body: object) => request(app).post(`/api/v1${path}`).set(bearer(user)).send(body);
const put = (user: TestUser, path: string, body: object) => request(app).put(`/api/v1${path}`).set(bearer(user)).send(body);

/** Starts a test's day: now, to the millisecond (every later time is this plus a number of days). */
function startOfTest(): number {
  clock = new Date();
  return clock.getTime();
}
const setClock = (ms: number) => (clock = new Date(ms));

const NOTES = 'Clinician: What brings you in?\nPatient: A dry cough for three days and a mild fever.\nClinician: Rest and fluids; come back in a week if not better.';

/** A ready session from pasted text (its transcript), made at the clock's time. */
async function textSession(user: TestUser, patientName = 'Jo Park'): Promise<string> {
  const res = await post(user, '/creation', { patientName, templateId: 'soap', text: NOTES }).expect(201);
  expect(res.body.session.status).toBe('ready');
  return res.body.session.id as string;
}

/**
 * A ready session with recorded audio: uploaded, then the pipeline run here (no audio-ready event, so no
 * other run races it), its note ready at the clock's time.
 */
async function audioSession(user: TestUser): Promise<{ sessionId: string; uploadId: string; audioPath: string }> {
  const upload = await uploadAudio(app, user, fixtureBytes('dialogue.wav'), 'visit.wav').expect(201);
  const sessionId = await sessionWaitingForPipeline(db, user, upload.body);
  await db.collection('audioUploads').doc(upload.body.uploadId as string).update({ sessionId });
  await services.pipeline.process(sessionId);
  const session = await sessionOf(user, sessionId);
  expect(session.status).toBe('ready');
  return { sessionId, uploadId: upload.body.uploadId as string, audioPath: audioStore.pathFromUri(upload.body.audio_uri as string)! };
}

async function sessionOf(user: TestUser, sessionId: string): Promise<Session> {
  return (await post(user, '/session/session', { sessionId }).expect(200)).body.session as Session;
}

function ownerRetention(probe?: ConstructorParameters<typeof OwnerRetention>[0]['probe']) {
  return new OwnerRetention({ settings: services.privacySettings, queries: services.retentionQueries, sessions: services.retentionDeletions, logger: memoryLogger(), probe });
}

const sweepOwner = (user: TestUser) => ownerRetention().sweepOwner(user.uid, clock);

/** A sweep over these users only (in uid order, as the real one goes), on a checkpoint of its own. */
function sweeperOf(users: TestUser[], opts: { probe?: Parameters<typeof ownerRetention>[0]; checkpointId: string }) {
  const uids = users.map((u) => u.uid).sort();
  const visited: string[] = [];
  const sweeper = new RetentionSweeper({
    checkpoints: new RetentionCheckpoints(db),
    owners: {
      nextOwnerAfter: (afterUid) => Promise.resolve(uids.find((uid) => afterUid === null || uid > afterUid) ?? null),
    },
    retention: ownerRetention(opts.probe),
    logger: memoryLogger(),
    now: () => new Date(clock.getTime()),
    checkpointId: opts.checkpointId,
  });
  return { sweeper, uids, visited };
}

const checkpointId = () => `test-${Math.random().toString(36).slice(2)}`;

describe('Retention with a movable clock', () => {
  it('Audio: kept until 7 days after the note is ready, then deleted with its upload (objects too); the session and note stay', async () => {
    const user = await createTestUser();
    const t0 = startOfTest();
    const { sessionId, uploadId, audioPath } = await audioSession(user);

    setClock(t0 + 7 * DAY_MS - 1);
    expect(await sweepOwner(user)).toEqual({ sessions: 0, audio: 0, transcripts: 0 });
    expect(await audioStore.size(audioPath)).toBeGreaterThan(0);
    await request(app).get(`/api/v1/session/audio/${sessionId}`).set(bearer(user)).expect(200);

    setClock(t0 + 7 * DAY_MS);
    expect(await sweepOwner(user)).toEqual({ sessions: 0, audio: 1, transcripts: 0 });
    expect(await audioStore.size(audioPath)).toBeNull();
    expect(await audioStore.deletePrefix(uploadChunksPrefix(user.uid, uploadId))).toBe(0);
    expect((await db.collection('audioUploads').doc(uploadId).get()).exists).toBe(false);

    const session = await sessionOf(user, sessionId);
    expect(session).toMatchObject({ status: 'ready', audio_uri: null, deletedByRetention: { audio: { deletedAt: new Date(t0 + 7 * DAY_MS).toISOString(), afterDays: 7 }, transcript: null } });
    expect(session.audioDurationSec).toBeGreaterThan(0);
    await post(user, '/documentation/by_session', { sessionId }).expect(200);
    await post(user, '/session/transcription', { sessionId }).expect(200);
    const play = await request(app).get(`/api/v1/session/audio/${sessionId}`).set(bearer(user)).expect(410);
    expect(play.body.error.code).toBe('deleted_by_retention');
    expect(play.body.error.message).toMatch(/^Audio deleted on \d{1,2} [A-Z][a-z]{2}( \d{4})? \(your 7-day setting\)/);

    // Swept again: nothing left to do.
    expect(await sweepOwner(user)).toEqual({ sessions: 0, audio: 0, transcripts: 0 });
  });

  it('Transcript: kept until 30 days, then deleted; the note stays, nothing flagged, and what needs the transcript says why', async () => {
    const user = await createTestUser();
    const t0 = startOfTest();
    const sessionId = await textSession(user);

    setClock(t0 + 30 * DAY_MS - 1);
    expect(await sweepOwner(user)).toEqual({ sessions: 0, audio: 0, transcripts: 0 });
    await post(user, '/session/transcription', { sessionId }).expect(200);
    await post(user, '/session/chat_with_session', { sessionId, question: 'Any fever?' }).expect(200);
    expect((await db.collection('sessionChats').doc(sessionId).get()).exists).toBe(true);

    setClock(t0 + 30 * DAY_MS);
    expect(await sweepOwner(user)).toEqual({ sessions: 0, audio: 0, transcripts: 1 });
    expect((await db.collection('transcripts').doc(sessionId).get()).exists).toBe(false);
    // The chat's answers quote the transcript: they go with it.
    expect((await db.collection('sessionChats').doc(sessionId).get()).exists).toBe(false);
    expect((await post(user, '/session/chat_history', { sessionId }).expect(200)).body.messages).toEqual([]);
    expect((await sessionOf(user, sessionId)).deletedByRetention).toEqual({ audio: null, transcript: { deletedAt: new Date(t0 + 30 * DAY_MS).toISOString(), afterDays: 30 } });

    const note = await post(user, '/documentation/by_session', { sessionId }).expect(200);
    expect(note.body.documentation.sections.length).toBeGreaterThan(0);
    for (const section of note.body.documentation.sections) expect(section.flags).toEqual([]);
    for (const [path, body] of [
      ['/session/transcription', { sessionId }],
      ['/session/regenerate_documentation', { sessionId, counter: note.body.documentation.counter, confirmReplaceEdited: true }],
      ['/session/chat_with_session', { sessionId, question: 'Any fever?' }],
    ] as const) {
      const res = await post(user, path, body).expect(410);
      expect(res.body.error).toMatchObject({ code: 'deleted_by_retention', message: expect.stringMatching(/^Transcript deleted on .* \(your 30-day setting\)/) });
    }
  });

  it('Sessions: deleted whole 90 days after they were made, the way deleting one does (Storage too); a younger one stays', async () => {
    const user = await createTestUser();
    const t0 = startOfTest();
    // Audio and transcripts kept, so what goes is the sessions' own deletion's doing.
    await put(user, '/profile/retention', { audioDays: null, transcriptDays: null }).expect(200);
    const old = await textSession(user, 'Old One');
    const oldWithAudio = await audioSessionMadeAt(user);
    setClock(t0 + DAY_MS);
    const younger = await textSession(user, 'Young One');

    setClock(t0 + 90 * DAY_MS - 1);
    expect(await sweepOwner(user)).toEqual({ sessions: 0, audio: 0, transcripts: 0 });

    setClock(t0 + 90 * DAY_MS);
    expect(await sweepOwner(user)).toEqual({ sessions: 2, audio: 0, transcripts: 0 });
    for (const sessionId of [old, oldWithAudio.sessionId]) {
      await post(user, '/session/session', { sessionId }).expect(404);
      expect(await leftOf(sessionId)).toEqual({ session: false, tombstone: false, transcript: false, documentation: 0, uploads: 0 });
    }
    expect(await audioStore.size(oldWithAudio.audioPath)).toBeNull();
    expect((await sessionOf(user, younger)).deletedByRetention).toEqual({ audio: null, transcript: null });
    await post(user, '/documentation/by_session', { sessionId: younger }).expect(200);
    await post(user, '/session/transcription', { sessionId: younger }).expect(200);
  });

  it('Keep: nothing is deleted, however old', async () => {
    const user = await createTestUser();
    const t0 = startOfTest();
    await put(user, '/profile/retention', { audioDays: null, transcriptDays: null, sessionDays: null }).expect(200);
    const { sessionId, audioPath } = await audioSession(user);
    setClock(t0 + 3650 * DAY_MS);
    expect(await sweepOwner(user)).toEqual({ sessions: 0, audio: 0, transcripts: 0 });
    expect(await audioStore.size(audioPath)).toBeGreaterThan(0);
    expect((await sessionOf(user, sessionId)).deletedByRetention).toEqual({ audio: null, transcript: null });
  });

  it('"When the note is ready": the audio and the transcript go as the pipeline writes the note', async () => {
    const user = await createTestUser();
    startOfTest();
    await put(user, '/profile/retention', { audioDays: 0, transcriptDays: 0, confirmShorter: true }).expect(200);
    const { sessionId, uploadId, audioPath } = await audioSession(user);
    const session = await sessionOf(user, sessionId);
    expect(session.deletedByRetention).toEqual({ audio: { deletedAt: clock.toISOString(), afterDays: 0 }, transcript: { deletedAt: clock.toISOString(), afterDays: 0 } });
    expect(await audioStore.size(audioPath)).toBeNull();
    expect((await db.collection('audioUploads').doc(uploadId).get()).exists).toBe(false);
    expect((await db.collection('transcripts').doc(sessionId).get()).exists).toBe(false);
    await post(user, '/documentation/by_session', { sessionId }).expect(200);
  });

  it('A setting lengthened while a sweep goes on wins: each deletion reads the setting again', async () => {
    const user = await createTestUser();
    const t0 = startOfTest();
    const first = await textSession(user, 'First');
    const second = await textSession(user, 'Second');
    setClock(t0 + 30 * DAY_MS);
    // After the first deletion the clinician chooses to keep transcripts: the sweep, which read 30 days when it began, keeps the second.
    const retention = ownerRetention({ afterDeletion: async () => void (await put(user, '/profile/retention', { transcriptDays: null }).expect(200)) });
    expect(await retention.sweepOwner(user.uid, clock)).toEqual({ sessions: 0, audio: 0, transcripts: 1 });
    const stillThere = await Promise.all([first, second].map(async (id) => (await db.collection('transcripts').doc(id).get()).exists));
    expect(stillThere.filter(Boolean)).toHaveLength(1);
  });
});

/** A session with audio made through the API at the clock's time (createdAt), its note ready then too. */
async function audioSessionMadeAt(user: TestUser) {
  const upload = await uploadAudio(app, user, fixtureBytes('dialogue.wav'), 'visit.wav').expect(201);
  const created = await post(user, '/session/create_session', { patientName: 'Audio One', templateId: 'soap', consent: 'verbal' }).expect(201);
  const sessionId = created.body.session.id as string;
  // Attached without the audio-ready event (a stack's trigger would race this test's run with its own clock).
  await db.collection('audioUploads').doc(upload.body.uploadId as string).update({ sessionId });
  await db.collection('sessions').doc(sessionId).update({ status: 'uploaded', audio_uri: upload.body.audio_uri, audioUploadId: upload.body.uploadId, audioDurationSec: 3 });
  await services.pipeline.process(sessionId);
  expect((await sessionOf(user, sessionId)).status).toBe('ready');
  return { sessionId, audioPath: audioStore.pathFromUri(upload.body.audio_uri as string)! };
}

async function leftOf(sessionId: string) {
  const [session, tombstone, transcript, documentation, uploads] = await Promise.all([
    db.collection('sessions').doc(sessionId).get(),
    db.collection('sessionDeletions').doc(sessionId).get(),
    db.collection('transcripts').doc(sessionId).get(),
    db.collection('documentation').where('sessionId', '==', sessionId).get(),
    db.collection('audioUploads').where('sessionId', '==', sessionId).get(),
  ]);
  return { session: session.exists, tombstone: tombstone.exists, transcript: transcript.exists, documentation: documentation.size, uploads: uploads.size };
}

describe('Shortening a setting', () => {
  it('The count of sessions it affects first; then it must be confirmed', async () => {
    const user = await createTestUser();
    const t0 = startOfTest();
    await textSession(user, 'A');
    await textSession(user, 'B');
    await audioSession(user);
    setClock(t0 + 10 * DAY_MS);
    const newer = await textSession(user, 'C');

    const impact = (body: object) => post(user, '/profile/retention/impact', body).expect(200).then((r) => r.body.impact);
    // Transcripts 7 days after the note: the three older sessions' (not the one made today).
    expect(await impact({ transcriptDays: 7 })).toEqual({ audio: 0, transcript: 3, sessions: 0 });
    expect(await impact({ audioDays: 1, transcriptDays: 0 })).toEqual({ audio: 1, transcript: 4, sessions: 0 });
    expect(await impact({ sessionDays: 30 })).toEqual({ audio: 0, transcript: 0, sessions: 0 });
    // Longer, or the same: nothing.
    expect(await impact({ audioDays: 90, transcriptDays: 30, sessionDays: null })).toEqual({ audio: 0, transcript: 0, sessions: 0 });
    expect((await post(user, '/profile/retention/impact', { audioDays: 3 }).expect(400)).body.error.field).toBe('audioDays');

    const unconfirmed = await put(user, '/profile/retention', { transcriptDays: 7 }).expect(409);
    expect(unconfirmed.body.error).toMatchObject({ code: 'conflict', field: 'confirmShorter' });
    expect((await request(app).get('/api/v1/profile').set(bearer(user)).expect(200)).body.profile.retention).toEqual({ audioDays: 7, transcriptDays: 30, sessionDays: 90 });
    const saved = await put(user, '/profile/retention', { transcriptDays: 7, confirmShorter: true }).expect(200);
    expect(saved.body.profile.retention).toEqual({ audioDays: 7, transcriptDays: 7, sessionDays: 90 });
    // Lengthening needs no confirmation.
    await put(user, '/profile/retention', { sessionDays: 365 }).expect(200);
    expect(newer).toBeTruthy();
  });
});

describe('The daily sweep', () => {
  it('A run killed half-way is resumed by the next, which neither redoes nor skips anything', async () => {
    const users = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    const t0 = startOfTest();
    const sessions = new Map<string, string[]>();
    for (const user of users) sessions.set(user.uid, [await textSession(user, 'Old A'), await textSession(user, 'Old B')]);
    setClock(t0 + 20 * DAY_MS);
    const young = await textSession(users[0], 'Young');
    setClock(t0 + 30 * DAY_MS);

    const id = checkpointId();
    const [first, second, third] = users.map((u) => u.uid).sort() as [string, string, string];
    // The run dies right after its first deletion for the second user, as a killed process would.
    let killed = false;
    const killing = sweeperOf(users, {
      checkpointId: id,
      probe: {
        afterDeletion: (_kind, sessionId) => {
          if (!killed && sessions.get(second)!.includes(sessionId)) {
            killed = true;
            return Promise.reject(new Error('killed'));
          }
          return Promise.resolve();
        },
      },
    });
    await expect(killing.sweeper.run()).rejects.toThrow('killed');
    const left = await new RetentionCheckpoints(db).find(id);
    expect(left.pass).toMatchObject({ afterUid: first, owners: 1, transcripts: 2 });

    // Its hold has not ended: another run leaves the pass alone.
    const next = sweeperOf(users, { checkpointId: id });
    expect((await next.sweeper.run()).outcome).toBe('busy');

    // Once it has, the next run goes on from the user after the last one finished.
    setClock(t0 + 30 * DAY_MS + RETENTION_POLICY.leaseMs + 1);
    const resumed = await next.sweeper.run();
    expect(resumed).toMatchObject({ outcome: 'finished', owners: [second, third], transcripts: 1 + 2, audio: 0, sessions: 0 });

    for (const ids of sessions.values()) {
      for (const sessionId of ids) expect((await db.collection('transcripts').doc(sessionId).get()).exists).toBe(false);
    }
    expect((await db.collection('transcripts').doc(young).get()).exists).toBe(true);
    const done = await new RetentionCheckpoints(db).find(id);
    expect(done).toMatchObject({ pass: null, runId: null, lastPassStartedAt: new Date(t0 + 30 * DAY_MS).toISOString() });

    // Today's pass is done: a later run the same day does nothing.
    expect((await next.sweeper.run()).outcome).toBe('not_due');
  });

  it('An audio deletion stopped between its steps is finished by the next run', async () => {
    const user = await createTestUser();
    const t0 = startOfTest();
    const { sessionId, uploadId, audioPath } = await audioSession(user);
    // As a run killed after deciding leaves it: the session says the audio is deleted, the upload is still there.
    const decidedAt = new Date(t0 + 7 * DAY_MS).toISOString();
    await db.collection('sessions').doc(sessionId).update({ deletedByRetention: { audio: { deletedAt: decidedAt, afterDays: 7 }, transcript: null } });
    await request(app).get(`/api/v1/session/audio/${sessionId}`).set(bearer(user)).expect(410);

    setClock(t0 + 8 * DAY_MS);
    expect(await sweepOwner(user)).toMatchObject({ audio: 1 });
    expect(await audioStore.size(audioPath)).toBeNull();
    expect((await db.collection('audioUploads').doc(uploadId).get()).exists).toBe(false);
    expect((await sessionOf(user, sessionId)).deletedByRetention?.audio).toEqual({ deletedAt: decidedAt, afterDays: 7 });
  });

  it('Two runs at once: one holds the pass, the other leaves', async () => {
    const users = await Promise.all([createTestUser(), createTestUser()]);
    startOfTest();
    const id = checkpointId();
    const runs = await Promise.all([sweeperOf(users, { checkpointId: id }).sweeper.run(), sweeperOf(users, { checkpointId: id }).sweeper.run()]);
    // The other one found the pass held (busy), or already done for the day (not_due) if it came second.
    const [winner, other] = [...runs].sort((a) => (a.outcome === 'finished' ? -1 : 1));
    expect(winner?.outcome).toBe('finished');
    expect(['busy', 'not_due']).toContain(other?.outcome);
    expect([...runs.flatMap((r) => r.owners)].sort()).toEqual(users.map((u) => u.uid).sort());
  });

  it('Every user with sessions, in uid order: the pass’s own list', async () => {
    const users = await Promise.all([createTestUser(), createTestUser()]);
    startOfTest();
    for (const user of users) await textSession(user);
    const [low, high] = users.map((u) => u.uid).sort() as [string, string];
    const afterLow = await services.retentionQueries.nextOwnerAfter(low);
    expect(afterLow! > low).toBe(true);
    expect(afterLow! <= high).toBe(true);
    // From just before a user, the next one found is that user or one between.
    const beforeLow = low.slice(0, -1);
    const fromBefore = await services.retentionQueries.nextOwnerAfter(beforeLow);
    expect(fromBefore! > beforeLow && fromBefore! <= low).toBe(true);
  });
});
