/**
 * Deleting a session while something is still writing for it (its pipeline, POST /creation, an upload
 * completing) leaves nothing behind. Each race is reproduced deterministically: the writer is held until
 * the deletion is part-way through (a probe added to what a session's deletion reaches), or the deletion
 * happens while the writer is held.
 */
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AiServices } from '../../functions/src/ai/ai-services.js';
import { audioPath, chunkPath, uploadChunksPrefix } from '../../functions/src/audio/audio-upload.js';
import type { AudioStore } from '../../functions/src/storage/audio-store.js';
import type { AppConfig } from '../../functions/src/config.js';
import { emulatedAi, emulatorApi, IN_PROCESS_PIPELINE_EVENTS, testAudioStore } from '../support/api-app.js';
import { fixtureBytes } from '../support/audio-fixtures.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer, createSession, sessionWaitingForPipeline, uploadAudio } from '../support/sessions.js';
import { TONE_CONSULTATION, toneSpeechAs, toneSpeechWav } from '../support/tone-speech.js';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}
function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The AI services, with the transcriber and the writing model each held at a gate until the test opens it. */
function heldAi() {
  const real = emulatedAi();
  const transcriberCalled = deferred();
  const transcriberGo = deferred();
  const modelCalled = deferred();
  const modelGo = deferred();
  const ai: AiServices = {
    transcriber: {
      readsStorageUris: real.transcriber.readsStorageUris,
      parallelWindows: real.transcriber.parallelWindows,
      async transcribe(req) {
        transcriberCalled.resolve();
        await transcriberGo.promise;
        return real.transcriber.transcribe(req);
      },
    },
    model: {
      model: real.model.model,
      async generateJson(req) {
        modelCalled.resolve();
        await modelGo.promise;
        return real.model.generateJson(req);
      },
    },
  };
  return { ai, transcriberCalled, transcriberGo, modelCalled, modelGo };
}

function apiWith(opts: { ai?: AiServices; audioStore?: AudioStore; config?: Partial<AppConfig>; pipelineEventsCollection?: string }) {
  const api = emulatorApi(opts);
  const post = (user: TestUser, path: string, body: object) => request(api.app).post(`/api/v1${path}`).set(bearer(user)).send(body);
  /**
   * A probe at the end of what a session's deletion reaches: when the deletion gets there, `onReached` runs
   * and the deletion waits for what it returns (the writer the test lets run in that window).
   */
  const holdDeletionAtTheEnd = (onReached: () => Promise<unknown>) => {
    api.services.sessionOwnedData.push({ name: 'test probe', deleteForSession: async () => void (await onReached()) });
  };
  return { ...api, post, holdDeletionAtTheEnd };
}

/** Everything stored about a session, by its id, that should be gone once it is deleted. */
async function leftOf(db: ReturnType<typeof emulatorApi>['db'], sessionId: string) {
  const [session, transcript, documentation, events, uploads] = await Promise.all([
    db.collection('sessions').doc(sessionId).get(),
    db.collection('transcripts').doc(sessionId).get(),
    db.collection('documentation').where('sessionId', '==', sessionId).get(),
    Promise.all(['pipelineEvents', IN_PROCESS_PIPELINE_EVENTS].map((events) => db.collection(events).where('sessionId', '==', sessionId).get())).then(([a, b]) => ({ size: a!.size + b!.size })),
    db.collection('audioUploads').where('sessionId', '==', sessionId).get(),
  ]);
  return {
    session: session.exists,
    transcript: transcript.exists,
    documentation: documentation.size,
    events: events.size,
    uploads: uploads.size,
  };
}
const NOTHING_LEFT = { session: false, transcript: false, documentation: 0, events: 0, uploads: 0 };


describe('Deleting a session while its pipeline runs', () => {
  it('The pipeline writing its transcript and documentation while the deletion is under way writes nothing', async () => {
    const held = heldAi();
    const { db, app, post, services, holdDeletionAtTheEnd } = apiWith({ ai: held.ai });
    const user = await createTestUser();
    const upload = await uploadAudio(app, user, fixtureBytes('dialogue.wav'), 'visit.wav').expect(201);
    const sessionId = await sessionWaitingForPipeline(db, user, upload.body);

    const run = services.pipeline.process(sessionId);
    await held.transcriberCalled.promise;
    // The pipeline finishes (transcript, documentation, ready) inside the deletion's window.
    holdDeletionAtTheEnd(async () => {
      held.transcriberGo.resolve();
      held.modelGo.resolve();
      await run;
    });
    await post(user, '/session/delete', { sessionId }).expect(200);
    await run;

    expect(await leftOf(db, sessionId)).toEqual(NOTHING_LEFT);
    expect((await db.collection('documentation').doc(sessionId).get()).exists).toBe(false);
    await post(user, '/session/session', { sessionId }).expect(404);
  });

  it('POST /creation writing its documentation while the deletion is under way: nothing is left, and it answers 404', async () => {
    const held = heldAi();
    const { db, post, holdDeletionAtTheEnd } = apiWith({ ai: held.ai });
    const user = await createTestUser();
    const creating = post(user, '/creation', { patientName: 'Jo Park', templateId: 'soap', text: 'Doctor: How is the cough?\nPatient: Better since Monday.' }).then((res) => res);
    await held.modelCalled.promise;
    const [sessionId] = (await db.collection('sessions').where('ownerUid', '==', user.uid).get()).docs.map((d) => d.id);
    if (!sessionId) throw new Error('the creation made no session');
    holdDeletionAtTheEnd(async () => {
      held.modelGo.resolve();
      await creating;
    });
    await post(user, '/session/delete', { sessionId }).expect(200);
    const answer = await creating;

    expect(await leftOf(db, sessionId)).toEqual(NOTHING_LEFT);
    expect((await db.collection('documentation').where('ownerUid', '==', user.uid).get()).size).toBe(0);
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not_found');
  });
});

describe('Deleting a session while its chat answers', () => {
  it('The answer, written while the deletion is under way, is not kept: no chat is left, and it answers 404', async () => {
    const plain = apiWith({});
    const user = await createTestUser();
    const created = await plain.post(user, '/creation', { patientName: 'Jo Park', templateId: 'soap', text: 'Doctor: How is the cough?\nPatient: Better since Monday.' }).expect(201);
    const sessionId = created.body.session.id as string;
    await plain.post(user, '/session/chat_with_session', { sessionId, question: 'How is the cough?' }).expect(200);

    const held = heldAi();
    const { db, post, holdDeletionAtTheEnd } = apiWith({ ai: held.ai });
    const asking = post(user, '/session/chat_with_session', { sessionId, question: 'Since when?' }).then((res) => res);
    await held.modelCalled.promise;
    holdDeletionAtTheEnd(async () => {
      held.modelGo.resolve();
      await asking;
    });
    await post(user, '/session/delete', { sessionId }).expect(200);
    const answer = await asking;

    expect(answer.status).toBe(404);
    expect((await db.collection('sessionChats').doc(sessionId).get()).exists).toBe(false);
    expect(await leftOf(db, sessionId)).toEqual(NOTHING_LEFT);
  });
});

describe('Deleting a session while audio for it is being uploaded', () => {
  it('An upload in progress that names the session goes with it (record and chunks); its next chunk answers 404', async () => {
    const { db, app, post, audioStore } = apiWith({});
    const user = await createTestUser();
    const session = await createSession(app, user);
    const uploadId = randomUUID();
    const wav = fixtureBytes('dialogue.wav');
    await uploadAudio(app, user, wav.subarray(0, 40_000), 'rec.wav', { uploadId, chunkIndex: 0, sessionId: session.id }).expect(201);

    await post(user, '/session/delete', { sessionId: session.id }).expect(200);

    expect(await leftOf(db, session.id)).toEqual(NOTHING_LEFT);
    expect((await db.collection('audioUploads').doc(uploadId).get()).exists).toBe(false);
    expect(await audioStore.size(chunkPath(user.uid, uploadId, 0))).toBeNull();
    await uploadAudio(app, user, wav.subarray(40_000), 'rec.wav', { uploadId, chunkIndex: 1, final: true, sessionId: session.id }).expect(404);
  });

  it.each(['before', 'after'] as const)('An upload completing as the session is deleted (held %s joining its chunks) keeps nothing: no record, no audio, no chunks; it answers 404', async (when) => {
    const joining = deferred();
    const joinGo = deferred();
    const real = testAudioStore();
    // The upload is held where it joins its chunks: after the session was checked, before completion is recorded.
    const audioStore: AudioStore = {
      description: real.description,
      save: (...a) => real.save(...a),
      saveStream: (...a) => real.saveStream(...a),
      readRange: (...a) => real.readRange(...a),
      openRead: (...a) => real.openRead(...a),
      size: (...a) => real.size(...a),
      delete: (...a) => real.delete(...a),
      deletePrefix: (...a) => real.deletePrefix(...a),
      uriFor: (...a) => real.uriFor(...a),
      pathFromUri: (...a) => real.pathFromUri(...a),
      async concat(sources, dest, type) {
        if (when === 'after') await real.concat(sources, dest, type);
        joining.resolve();
        await joinGo.promise;
        if (when === 'before') await real.concat(sources, dest, type);
      },
    };
    const { db, app, post } = apiWith({ audioStore });
    const user = await createTestUser();
    const session = await createSession(app, user);
    const uploadId = randomUUID();
    const completing = uploadAudio(app, user, fixtureBytes('dialogue.wav'), 'rec.wav', { uploadId, chunkIndex: 0, final: true, sessionId: session.id }).then((res) => res);
    await joining.promise;

    await post(user, '/session/delete', { sessionId: session.id }).expect(200);
    joinGo.resolve();
    const answer = await completing;

    expect(answer.status).toBe(404);
    expect(await leftOf(db, session.id)).toEqual(NOTHING_LEFT);
    expect((await db.collection('audioUploads').doc(uploadId).get()).exists).toBe(false);
    expect(await real.size(audioPath(user.uid, uploadId, 'wav'))).toBeNull();
    expect(await real.deletePrefix(uploadChunksPrefix(user.uid, uploadId))).toBe(0);
  });
});

describe('Deleting a session while the first chunk of its recording is on its way', () => {
  it('The chunk, stored as the session is deleted, finds no session: 404, and neither its upload nor its audio is kept', async () => {
    const reached = deferred();
    const go = deferred();
    const store = testAudioStore();
    // The store holds the first chunk's write until the deletion is done.
    const held: AudioStore = {
      ...store,
      description: store.description,
      async save(path, data, contentType, options) {
        if (path.endsWith('chunk-000000')) {
          reached.resolve();
          await go.promise;
        }
        return store.save(path, data, contentType, options);
      },
    };
    const { db, app, post } = apiWith({ audioStore: held });
    const user = await createTestUser();
    const session = await createSession(app, user);
    const uploadId = randomUUID();
    const sending = uploadAudio(app, user, fixtureBytes('dialogue.wav').subarray(0, 40_000), 'rec.wav', { uploadId, chunkIndex: 0, sessionId: session.id }).then((res) => res);
    await reached.promise;
    await post(user, '/session/delete', { sessionId: session.id }).expect(200);
    go.resolve();
    expect((await sending).status).toBe(404);

    expect(await leftOf(db, session.id)).toEqual(NOTHING_LEFT);
    expect((await db.collection('audioUploads').doc(uploadId).get()).exists).toBe(false);
    expect(await store.size(chunkPath(user.uid, uploadId, 0))).toBeNull();
  }, 60_000);
});

describe('Deleting a session while windows of its recording are being transcribed', () => {
  /** AI whose transcriber holds its `at`-th call at a gate; everything else is the emulator. */
  function windowHeldAt(at: number) {
    const real = emulatedAi();
    const reached = deferred();
    const go = deferred();
    let calls = 0;
    const ai: AiServices = {
      model: real.model,
      transcriber: {
        readsStorageUris: real.transcriber.readsStorageUris,
        parallelWindows: 1,
        async transcribe(req) {
          calls += 1;
          if (calls === at) {
            reached.resolve();
            await go.promise;
          }
          return real.transcriber.transcribe(req);
        },
      },
    };
    return { ai, reached, go };
  }

  /** Nothing of the upload is left: its record, chunk records, windows and transcription plan, its objects. */
  async function uploadLeft(db: ReturnType<typeof emulatorApi>['db'], audioStore: AudioStore, uid: string, uploadId: string) {
    const ref = db.collection('audioUploads').doc(uploadId);
    const [doc, beneath, objects] = await Promise.all([ref.get(), ref.listCollections(), audioStore.deletePrefix(uploadChunksPrefix(uid, uploadId))]);
    const counts = await Promise.all(beneath.map(async (c) => (await c.get()).size));
    return { record: doc.exists, documentsBeneath: counts.reduce((a, b) => a + b, 0), objects };
  }

  const speech = () => toneSpeechAs(toneSpeechWav([...TONE_CONSULTATION, ...TONE_CONSULTATION], { utteranceGapMs: 1400 }), 'webm');
  const shortWindows = { transcription: { windowSec: 6, runBudgetMs: 60_000 } };

  it('A window of the recording in progress, held while the session is deleted, writes nothing when it lands', async () => {
    const held = windowHeldAt(1);
    const { db, app, post, services, audioStore } = apiWith({ ai: held.ai, config: shortWindows, pipelineEventsCollection: IN_PROCESS_PIPELINE_EVENTS });
    const user = await createTestUser();
    const session = await createSession(app, user);
    const uploadId = randomUUID();
    const webm = speech();
    const size = Math.ceil(webm.length / 30);
    for (let index = 0; index < 24; index++) await uploadAudio(app, user, webm.subarray(index * size, (index + 1) * size), 'rec.webm', { uploadId, chunkIndex: index, sessionId: session.id }).expect(201);

    const advancing = services.advanceLiveWindows(uploadId, session.id);
    await held.reached.promise;
    await post(user, '/session/delete', { sessionId: session.id }).expect(200);
    held.go.resolve();
    await advancing;

    expect(await leftOf(db, session.id)).toEqual(NOTHING_LEFT);
    expect(await uploadLeft(db, audioStore, user.uid, uploadId)).toEqual({ record: false, documentsBeneath: 0, objects: 0 });
  }, 120_000);

  it('A window of the complete recording, held while the session is deleted: no window, transcript or note is left', async () => {
    const held = windowHeldAt(3);
    const { db, app, post, services, audioStore } = apiWith({ ai: held.ai, config: shortWindows, pipelineEventsCollection: IN_PROCESS_PIPELINE_EVENTS });
    const user = await createTestUser();
    const upload = (await uploadAudio(app, user, speech(), 'visit.webm').expect(201)).body;
    const sessionId = await sessionWaitingForPipeline(db, user, upload, 60);
    // The session owns this upload through its record (as attaching makes it); deleting the session deletes it.
    const run = services.pipeline.process(sessionId);
    await held.reached.promise;
    await post(user, '/session/delete', { sessionId }).expect(200);
    held.go.resolve();
    await run;

    expect(await leftOf(db, sessionId)).toEqual(NOTHING_LEFT);
    expect(await uploadLeft(db, audioStore, user.uid, upload.uploadId)).toEqual({ record: false, documentsBeneath: 0, objects: 0 });
    expect(await audioStore.size(audioPath(user.uid, upload.uploadId, 'webm'))).toBeNull();
  }, 120_000);
});

describe('A session deletion stopped half-way', () => {
  it('Is finished by the retry: the session is already gone, yet the retry deletes what it owned (200), then 404', async () => {
    const { db, app, post, services } = apiWith({});
    const user = await createTestUser();
    const upload = await uploadAudio(app, user, fixtureBytes('dialogue.mp3'), 'visit.mp3').expect(201);
    const session = await createSession(app, user, { audio_uri: upload.body.audio_uri as string });
    let failures = 1;
    // A failure (a crash, a timeout) before the session's data is deleted.
    services.sessionOwnedData.unshift({
      name: 'test probe',
      deleteForSession: () => (failures-- > 0 ? Promise.reject(new Error('stopped half-way')) : Promise.resolve()),
    });

    await post(user, '/session/delete', { sessionId: session.id }).expect(500);
    await post(user, '/session/session', { sessionId: session.id }).expect(404);
    expect((await db.collection('audioUploads').doc(upload.body.uploadId as string).get()).exists).toBe(true);

    await post(user, '/session/delete', { sessionId: session.id }).expect(200);
    expect(await leftOf(db, session.id)).toEqual(NOTHING_LEFT);
    expect((await db.collection('audioUploads').doc(upload.body.uploadId as string).get()).exists).toBe(false);
    expect((await db.collection('sessionDeletions').doc(session.id).get()).exists).toBe(false);
    await post(user, '/session/delete', { sessionId: session.id }).expect(404);
  });
});
