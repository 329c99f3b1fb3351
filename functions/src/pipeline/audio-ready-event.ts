import { Timestamp, type CollectionReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
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

/**
 * Events are consumed within seconds; they are kept a week (to look into a run that went wrong, and so a
 * redelivered copy still finds its id taken), then a Firestore TTL policy on `expiresAt` deletes them.
 */
export const PIPELINE_EVENT_TTL_MS = 7 * 24 * 60 * 60_000;
/** The Timestamp field the TTL policy on pipelineEvents names (firestore.indexes.json). */
export const PIPELINE_EVENT_EXPIRY_FIELD = 'expiresAt';

/**
 * The outbox: `pipelineEvents`, which the deployed trigger watches. A test that drives the pipeline itself
 * passes another collection (AppDeps.pipelineEventsCollection), so the trigger the emulators run alongside
 * does not do the same work at the same time.
 */
export function pipelineEvents(db: Firestore, collection: string = COLLECTIONS.pipelineEvents): CollectionReference {
  return db.collection(collection);
}

const expiryOf = (createdAt: string) => ({ [PIPELINE_EVENT_EXPIRY_FIELD]: Timestamp.fromMillis(Date.parse(createdAt) + PIPELINE_EVENT_TTL_MS) });

export function emitAudioReady(events: CollectionReference, tx: Transaction, event: Omit<AudioReadyEvent, 'type' | 'eventId'>): void {
  const eventId = audioReadyEventId(event.sessionId, event.uploadId);
  // set() of an identical document: a duplicate emission does not create a second event.
  tx.set(events.doc(eventId), { ...({ type: 'audio_ready', eventId, ...event } satisfies AudioReadyEvent), ...expiryOf(event.createdAt) });
}

/** The outbox sessions announce complete audio to (they declare the port; the pipeline owns the events). */
export function audioReadyOutbox(events: CollectionReference): AudioReadyOutbox {
  return { emitAudioReady: (tx, event) => emitAudioReady(events, tx, event) };
}

export async function deleteEventsOfSession(events: CollectionReference, sessionId: string): Promise<void> {
  const snap = await events.where('sessionId', '==', sessionId).get();
  await Promise.all(snap.docs.map((d) => d.ref.delete()));
}

/** "Process again": emitted by POST /session/process after a failure; consumed exactly like audio_ready. */
export function emitProcessRequest(events: CollectionReference, tx: Transaction, event: { sessionId: string; ownerUid: string; createdAt: string }): void {
  const eventId = `process-${event.sessionId}-${Date.parse(event.createdAt)}`;
  tx.set(events.doc(eventId), { type: 'process_requested', eventId, ...event, ...expiryOf(event.createdAt) });
}

/**
 * "Resume": emitted by the pipeline sweeper for a session whose run stopped (killed by the platform, or its
 * event lost); consumed exactly like audio_ready. A new id each time, so the trigger fires again (an event
 * written over an existing one would not).
 */
export function emitResumeRequest(events: CollectionReference, tx: Transaction, event: { sessionId: string; ownerUid: string; attempt: number; createdAt: string }): void {
  const eventId = `resume-${event.sessionId}-${Date.parse(event.createdAt)}`;
  tx.set(events.doc(eventId), { type: 'resume_requested', eventId, ...event, ...expiryOf(event.createdAt) });
}

/**
 * "Go on": a run whose step is not finished (a long recording's windows, over several runs of the trigger's
 * time) hands it to the next run; consumed exactly like audio_ready. A new id each time.
 */
export function emitContinueRequest(events: CollectionReference, tx: Transaction, event: { sessionId: string; ownerUid: string; createdAt: string }): void {
  const eventId = `continue-${event.sessionId}-${Date.parse(event.createdAt)}-${Math.random().toString(36).slice(2, 8)}`;
  tx.set(events.doc(eventId), { type: 'continue_requested', eventId, ...event, ...expiryOf(event.createdAt) });
}

/**
 * "Windows due": a recording in progress received more chunks; the trigger transcribes the windows they make
 * (transcription/window-transcription.ts advanceLive). The id names the chunk, so a retried chunk writes it once.
 */
export async function emitWindowsDue(events: CollectionReference, event: { uploadId: string; sessionId: string; ownerUid: string; chunkIndex: number; at: string }): Promise<void> {
  const eventId = `windows-${event.uploadId}-${event.chunkIndex}`;
  await events
    .doc(eventId)
    .create({ type: 'windows_due', eventId, uploadId: event.uploadId, sessionId: event.sessionId, ownerUid: event.ownerUid, createdAt: event.at, ...expiryOf(event.at) })
    .catch((err: unknown) => {
      // ALREADY_EXISTS: the same chunk's event was written by a retry before; one is enough.
      if (!(typeof err === 'object' && err !== null && 'code' in err && err.code === 6)) throw err;
    });
}
