import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { fixtureBytes } from './audio-fixtures.js';
import type { TestUser } from './auth-users.js';
import { createSession, uploadAudio } from './sessions.js';

/**
 * A session as a run the platform killed leaves it: `status`, held by a run that is gone, its lease ending
 * (or ended) at `leaseUntil`. Killing a run is what a test cannot do, so the state is written by hand. The
 * audio is uploaded without a sessionId, so no audio-ready event starts a real run before the session is
 * in place; it is the caller's user's own, complete and readable by the pipeline.
 */
export async function sessionLeftByKilledRun(
  api: { app: Express; db: Firestore },
  user: TestUser,
  status: 'transcribing' | 'generating',
  leaseUntil: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const upload = await uploadAudio(api.app, user, fixtureBytes('dialogue.wav'), 'visit.wav').expect(201);
  const uploadId = upload.body.uploadId as string;
  const session = await createSession(api.app, user);
  await api.db.collection('audioUploads').doc(uploadId).update({ sessionId: session.id });
  await api.db.collection('sessions').doc(session.id).update({
    status,
    audio_uri: upload.body.audio_uri,
    audioUploadId: uploadId,
    audioDurationSec: 3,
    processingRunId: `killed-${randomUUID()}`,
    processingLeaseUntil: leaseUntil,
    ...extra,
  });
  return session.id;
}
