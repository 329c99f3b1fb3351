import { createHash } from 'node:crypto';
import request from 'supertest';
import { expect } from 'vitest';
import { aiEmulatorControl } from './ai-emulator.js';
import type { TestUser } from './auth-users.js';

/**
 * The whole emulated stack `npm test` runs: Hosting on 15000 in front of the Functions emulator (API and
 * pipeline trigger), with the AI emulator beside it. Suites here test what only the deployed shape does:
 * processing that starts by itself when audio is complete.
 */
export const STACK_URL = process.env['CHARTA_APP_URL'] ?? 'http://localhost:15000';

export function stackAi() {
  const url = process.env['AI_EMULATOR_URL'];
  if (!url) throw new Error('AI_EMULATOR_URL is not set: run the tests with `npm test`.');
  return aiEmulatorControl(url);
}

export const api = (user: TestUser, path: string, body: object = {}) =>
  request(STACK_URL).post(`/api/v1${path}`).set('Authorization', `Bearer ${user.idToken}`).send(body);

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * A new SOAP session with `audio` uploaded whole, through Hosting: complete, so the pipeline starts by itself.
 * With the patient's verbal consent, which the default setting asks for (docs/privacy.md "Consent").
 */
export async function sessionWithAudio(user: TestUser, audio: Buffer, { patientName = 'María García', filename = 'visit.wav' } = {}): Promise<string> {
  const created = await request(STACK_URL)
    .post('/api/v1/session/create_session')
    .set('Authorization', `Bearer ${user.idToken}`)
    .field('patientName', patientName)
    .field('templateId', 'soap')
    .field('consent', 'verbal');
  expect(created.status).toBe(201);
  const sessionId = created.body.session.id as string;
  const upload = await request(STACK_URL)
    .post('/api/v1/session/upload_audio')
    .set('Authorization', `Bearer ${user.idToken}`)
    .field('sessionId', sessionId)
    .attach('file', audio, filename);
  expect(upload.status).toBe(201);
  expect(upload.body.complete).toBe(true);
  return sessionId;
}

/** Polls the session until it reaches one of the states (the web app's live progress does the same). */
export async function waitForStatus(user: TestUser, sessionId: string, statuses: string[], timeoutMs = 60_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  const seen: string[] = [];
  for (;;) {
    const res = await api(user, '/session/session', { sessionId });
    const session = res.body.session as Record<string, unknown>;
    const status = String(session['status']);
    if (seen[seen.length - 1] !== status) seen.push(status);
    if (statuses.includes(status)) return { ...session, seenStatuses: seen };
    if (Date.now() > deadline) throw new Error(`session ${sessionId} still ${status} after ${timeoutMs} ms (went through ${seen.join(' → ')})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
