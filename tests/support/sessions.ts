import request from 'supertest';
import type { Express } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { SessionRepo } from '../../functions/src/sessions/session-repo.js';
import type { SessionRecord } from '../../functions/src/sessions/session.js';
import type { TestUser } from './auth-users.js';

export const bearer = (user: Pick<TestUser, 'idToken'>) => ({ Authorization: `Bearer ${user.idToken}` });

/**
 * create_session as the web app sends it: multipart form fields, with the patient's verbal consent (the
 * setting asks for it by default: docs/privacy.md "Consent"); `consent: ''` leaves it out.
 */
export async function createSession(app: Express, user: TestUser, fields: Record<string, string> = {}) {
  let req = request(app).post('/api/v1/session/create_session').set(bearer(user));
  for (const [k, v] of Object.entries({ patientName: 'María García', templateId: 'soap', consent: 'verbal', ...fields })) if (v !== '') req = req.field(k, v);
  const res = await req;
  if (res.status !== 201) throw new Error(`create_session failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.session as { id: string; status: string; [k: string]: unknown };
}

/** One upload_audio request; fields are sent as the form strings they are on the wire. */
export function uploadAudio(app: Express, user: TestUser, data: Buffer, filename: string, fields: Record<string, string | number | boolean> = {}) {
  let req = request(app).post('/api/v1/session/upload_audio').set(bearer(user));
  for (const [k, v] of Object.entries(fields)) req = req.field(k, String(v));
  return req.attach('file', data, filename);
}

/**
 * A session whose audio is complete and which waits for the pipeline, as attaching leaves it, written
 * without the audio_ready event: under `npm test` the emulated stack's trigger would otherwise start its
 * own run of the pipeline and race this test's run.
 */
export async function sessionWaitingForPipeline(db: Firestore, user: Pick<TestUser, 'uid'>, upload: { uploadId: string; audio_uri: string }, durationSec = 10): Promise<string> {
  const repo = new SessionRepo(db);
  const now = new Date().toISOString();
  const record: SessionRecord = {
    id: repo.newId(),
    ownerUid: user.uid,
    patientName: 'María García',
    templateId: 'soap',
    language: 'en-US',
    title: 'María García · 1 Jan 2026',
    audio_uri: upload.audio_uri,
    audioDurationSec: durationSec,
    audioUploadId: upload.uploadId,
    status: 'uploaded',
    error: null,
    documentationId: null,
    searchPrefixes: [],
    createdAt: now,
    updatedAt: now,
  };
  // Set up as the lifecycle would leave it: a session with complete audio, waiting for the pipeline.
  await repo.runTransaction((tx) => Promise.resolve(repo.saveTransition(tx, record)));
  return record.id;
}
