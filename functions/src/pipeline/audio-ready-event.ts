import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import type { AudioReadyOutbox } from '../sessions/session-service.js';

/**
 * "Audio ready": a session has complete audio and can be processed. Emitted as an outbox document written
 * in the same transaction that marks the session `uploaded`, so the event exists exactly when the state
 * does. A Firestore trigger on `pipelineEvents/{eventId}` (the pipeline) consumes it: this works on every
 * deployment and on the emulators, with or without the Cloud Storage emulator, unlike a Storage finalize
 * trigger. The id is derived from session and upload, so a retried attach writes the same event again
 * instead of a second one.
 */
export interface AudioReadyEvent {
  type: 'audio_ready';
  eventId: string;
  sessionId: string;
  ownerUid: string;
  uploadId: string;
  audio_uri: string;
  createdAt: string;
}

export const audioReadyEventId = (sessionId: string, uploadId: string) => `audio-ready-${sessionId}-${uploadId}`;

export function emitAudioReady(db: Firestore, tx: Transaction, event: Omit<AudioReadyEvent, 'type' | 'eventId'>): void {
  const eventId = audioReadyEventId(event.sessionId, event.uploadId);
  // set() of an identical document: a duplicate emission does not create a second event.
  tx.set(db.collection(COLLECTIONS.pipelineEvents).doc(eventId), { type: 'audio_ready', eventId, ...event } satisfies AudioReadyEvent);
}

/** The outbox sessions announce complete audio to (they declare the port; the pipeline owns the events). */
export function audioReadyOutbox(db: Firestore): AudioReadyOutbox {
  return { emitAudioReady: (tx, event) => emitAudioReady(db, tx, event) };
}

export async function deleteEventsOfSession(db: Firestore, sessionId: string): Promise<void> {
  const snap = await db.collection(COLLECTIONS.pipelineEvents).where('sessionId', '==', sessionId).get();
  await Promise.all(snap.docs.map((d) => d.ref.delete()));
}

/** "Process again": emitted by POST /session/process after a failure; consumed exactly like audio_ready. */
export function emitProcessRequest(db: Firestore, tx: Transaction, event: { sessionId: string; ownerUid: string; createdAt: string }): void {
  const eventId = `process-${event.sessionId}-${Date.parse(event.createdAt)}`;
  tx.set(db.collection(COLLECTIONS.pipelineEvents).doc(eventId), { type: 'process_requested', eventId, ...event });
}
