import request from 'supertest';
import type { Express } from 'express';
import type { TestUser } from './auth-users.js';

export const bearer = (user: Pick<TestUser, 'idToken'>) => ({ Authorization: `Bearer ${user.idToken}` });

/** create_session as the web app sends it: multipart form fields. */
export async function createSession(app: Express, user: TestUser, fields: Record<string, string> = {}) {
  let req = request(app).post('/api/v1/session/create_session').set(bearer(user));
  for (const [k, v] of Object.entries({ patientName: 'María García', templateId: 'soap', ...fields })) req = req.field(k, v);
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
