import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_LINK_TTL_MS, type DataExport } from '@charta/contract';
import { configFromEnv } from '../../functions/src/config.js';
import { COLLECTIONS } from '../../functions/src/firestore/collections.js';
import { zipEntries } from '../../functions/src/export/zip-entries.test-support.js';
import { emulatorApi } from '../support/api-app.js';
import { fixtureBytes } from '../support/audio-fixtures.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { builtExport as exportBuiltByAnyone } from '../support/data-exports.js';
import { bearer, createSession, uploadAudio } from '../support/sessions.js';

/**
 * Real time plus what the test moved it by (links expire a day after the build). It keeps running, as the
 * Functions emulator's clock does: an export its trigger built expires a day after *its* now, which a
 * clock frozen at this file's start would not reach by moving a day.
 */
function movableClock() {
  let offsetMs = 0;
  return { now: () => new Date(Date.now() + offsetMs), advance: (ms: number) => (offsetMs += ms) };
}

const clock = movableClock();
const { app, services, db, audioStore, logger } = emulatorApi({ now: clock.now });

const startExport = (user: TestUser) => request(app).post('/api/v1/export').set(bearer(user)).send({});
const getExport = (user: TestUser, id: string) => request(app).get(`/api/v1/export/${id}`).set(bearer(user));
/** The link as the browser follows it: no sign-in, the path the API gave. */
const download = (path: string) => request(app).get(`/api/v1${path}`).buffer(true).parse((res, done) => {
  const parts: Buffer[] = [];
  res.on('data', (c: Buffer) => parts.push(c));
  res.on('end', () => done(null, Buffer.concat(parts)));
});

/** Built by this test's services or the Functions emulator's trigger, whichever claimed it (support/data-exports.ts). */
const untilBuilt = (user: TestUser, id: string) => exportBuiltByAnyone(services, user.uid, id);

async function builtExport(user: TestUser): Promise<DataExport> {
  const started = await startExport(user).expect(202);
  return untilBuilt(user, started.body.export.id);
}

let owner: TestUser;
let other: TestUser;
let ready: DataExport;
const mp3 = fixtureBytes('dialogue.mp3');
const sessionIds: Record<'typed' | 'audio' | 'audioGone', string> = { typed: '', audio: '', audioGone: '' };

beforeAll(async () => {
  [owner, other] = await Promise.all([createTestUser(), createTestUser()]);
  // A documented session made from typed notes, one with its audio, one whose audio retention deleted.
  const typed = await request(app).post('/api/v1/creation').set(bearer(owner)).send({ patientName: 'Ana Ruiz', templateId: 'soap', text: 'Doctor: How is the cough?\nPatient: Better since Monday.' }).expect(201);
  sessionIds.typed = typed.body.session.id;
  for (const [key, name] of [['audio', 'Ben Osei'], ['audioGone', 'Cleo Marsh']] as const) {
    const upload = await uploadAudio(app, owner, mp3, 'visit.mp3').expect(201);
    sessionIds[key] = (await createSession(app, owner, { audio_uri: upload.body.audio_uri as string, patientName: name })).id;
    if (key === 'audioGone') await audioStore.delete(audioStore.pathFromUri(upload.body.audio_uri as string) ?? '');
  }
  ready = await builtExport(owner);
});

describe('Download my data', () => {
  it('builds in the background a ZIP of every session with its transcript, note and audio, saying what is not kept', async () => {
    expect(ready).toMatchObject({ status: 'ready', sessionsDone: 3, sessionsTotal: 3, downloadPath: expect.stringMatching(/^\/export\/download\//) });
    expect(Date.parse(ready.expiresAt ?? '') - clock.now().getTime()).toBeGreaterThan(DATA_EXPORT_LINK_TTL_MS - 60_000);
    const res = await download(ready.downloadPath ?? '').expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('no-store');
    const entries = await zipEntries(res.body as Buffer);
    const folderOf = (id: string) => [...entries.keys()].find((name) => name.endsWith(`(${id})/session.txt`))?.replace(/\/session\.txt$/, '') ?? `missing ${id}`;
    const typed = folderOf(sessionIds.typed);
    expect(typed).toMatch(/^sessions\/\d{4}-\d{2}-\d{2} Ana Ruiz \(/);
    expect(entries.get(`${typed}/transcript.txt`)?.toString()).toContain('Better since Monday.');
    // The AI emulator wrote it: the note says so first, in the app's words (contract/src/provenance.ts), then the patient.
    expect(entries.get(`${typed}/note.txt`)?.toString()).toMatch(/^\[Simulated note: [^\]\n]+\]\n\nAna Ruiz\n\d{4}-\d{2}-\d{2} · SOAP/);
    expect(entries.get(`${typed}/session.txt`)?.toString()).toContain('Audio: none (the session was made from typed notes)');
    const withAudio = folderOf(sessionIds.audio);
    expect(entries.get(`${withAudio}/audio.mp3`)?.equals(mp3)).toBe(true);
    const gone = folderOf(sessionIds.audioGone);
    expect(entries.has(`${gone}/audio.mp3`)).toBe(false);
    expect(entries.get(`${gone}/session.txt`)?.toString()).toContain('Audio: not kept (deleted under your retention settings)');
    expect(entries.has('README.txt')).toBe(true);
  });

  it('starting and downloading are in the audit trail, for the owner, with ids only', async () => {
    const trailOf = async () => (await db.collection(COLLECTIONS.auditTrail).where('actorUid', '==', owner.uid).where('action', '==', 'data.exported').get()).docs.map((d) => d.data());
    // The download's entry is written once its stream has finished, after the test had its bytes: wait for it
    // (a fresh run on a loaded machine read the trail before it landed).
    await expect.poll(async () => (await trailOf()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const trail = await trailOf();
    expect(JSON.stringify(trail)).not.toContain('Ana Ruiz');
  });

  it('another user’s export is 404, its progress and its file; a wrong token is 404', async () => {
    await getExport(other, ready.id).expect(404);
    expect((await request(app).get('/api/v1/export/latest').set(bearer(other)).expect(200)).body).toEqual({ export: null });
    expect((await request(app).get('/api/v1/export/latest').set(bearer(owner)).expect(200)).body.export.id).toBe(ready.id);
    const wrong = (ready.downloadPath ?? '').replace(/token=[^&]+/, `token=${'x'.repeat(43)}`);
    expect((await download(wrong).expect(404)).body).toBeInstanceOf(Buffer);
    await request(app).get(`/api/v1/export/download/${ready.id}`).expect(400);
  });

  it('a retry while one is under way answers that one; two racing starts make one export', async () => {
    const user = await createTestUser();
    // Five at once (CI once saw two racing starts both create: a query in a transaction does not conflict with a
    // document the other transaction creates; the user's start marker does).
    const starts = await Promise.all(Array.from({ length: 5 }, () => startExport(user)));
    // Should one answer 500 again (CI saw it once, the SDK giving up with a code the service did not expect), the
    // failure says what the server logged: the error's name, code and stack, no patient data.
    const serverErrors = JSON.stringify(logger.entries.filter((entry) => entry.level === 'error').map((entry) => entry.fields));
    expect(starts.map((s) => s.status).sort(), serverErrors).toEqual([200, 200, 200, 200, 202]);
    const a = starts[0]!;
    expect(new Set(starts.map((s) => s.body.export.id)).size).toBe(1);
    expect((await db.collection(COLLECTIONS.dataExports).where('ownerUid', '==', user.uid).get()).size).toBe(1);
    // An account without sessions gets an archive with its README only.
    const built = await untilBuilt(user, a.body.export.id);
    expect(built).toMatchObject({ status: 'ready', sessionsTotal: 0 });
    expect([...(await zipEntries((await download(built.downloadPath ?? '').expect(200)).body as Buffer)).keys()]).toEqual(['README.txt']);
    // A redelivered build event is a no-op: the export stays as built.
    await services.dataExportService.build(a.body.export.id);
    expect((await getExport(user, a.body.export.id).expect(200)).body.export.downloadPath).toBe(built.downloadPath);
  });

  it('the link expires: a day later it is 404 and the file is gone; a new export replaces the old one and its file', async () => {
    const user = await createTestUser();
    await request(app).post('/api/v1/creation').set(bearer(user)).send({ patientName: 'Dee Lowe', templateId: 'soap', text: 'Patient: Fine.' }).expect(201);
    const first = await builtExport(user);
    const objectPath = `users/${user.uid}/exports/${first.id}.zip`;
    expect(await audioStore.size(objectPath)).toBeGreaterThan(0);
    clock.advance(DATA_EXPORT_LINK_TTL_MS + 1000);
    try {
      const res = await download(first.downloadPath ?? '').expect(404);
      expect(JSON.parse((res.body as Buffer).toString())).toMatchObject({ error: { code: 'not_found', message: expect.stringContaining('expired') } });
      expect(await audioStore.size(objectPath)).toBeNull();
      expect((await getExport(user, first.id).expect(200)).body.export.downloadPath).toBeNull();
      const second = await builtExport(user);
      expect(second.id).not.toBe(first.id);
      await getExport(user, first.id).expect(404);
      expect(await audioStore.size(`users/${user.uid}/exports/${second.id}.zip`)).toBeGreaterThan(0);
    } finally {
      clock.advance(-(DATA_EXPORT_LINK_TTL_MS + 1000));
    }
  });

  it('starting exports is limited per user: 429 with Retry-After', async () => {
    const base = configFromEnv().limits;
    const limited = emulatorApi({ config: { limits: { ...base, rates: { ...base.rates, dataExport: [{ limit: 2, windowSec: 3600 }] } } } });
    const user = await createTestUser();
    for (let i = 0; i < 2; i++) expect([200, 202]).toContain((await request(limited.app).post('/api/v1/export').set(bearer(user)).send({})).status);
    const refused = await request(limited.app).post('/api/v1/export').set(bearer(user)).send({}).expect(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
