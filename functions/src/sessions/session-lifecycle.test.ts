import type { Transaction } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { IllegalTransition, SessionLifecycle, HANDOVER_GRACE_MS } from './session-lifecycle.js';
import { SessionRepo } from './session-repo.js';
import { isBeingProcessed, type SessionRecord } from './session.js';

const NOW = new Date('2026-11-25T10:00:00.000Z');
const tx = {} as Transaction;

function session(overrides: Partial<SessionRecord> = {}): SessionRecord {
  return {
    id: 's1', ownerUid: 'u1', patientName: 'Ana Ruiz', templateId: 'soap', language: 'en-US', title: 'Ana Ruiz', audio_uri: null, audioDurationSec: null,
    audioUploadId: null, status: 'draft', error: null, documentationId: null, searchPrefixes: [], createdAt: NOW.toISOString(), updatedAt: NOW.toISOString(),
    ...overrides,
  };
}

/** The lifecycle over a repository that records what it is asked to write. */
function recorded() {
  const written: SessionRecord[] = [];
  const repo = { saveTransition: (_tx: Transaction, record: SessionRecord) => written.push(record) } as unknown as SessionRepo;
  return { lifecycle: new SessionLifecycle(repo, () => NOW), written };
}

describe('SessionLifecycle', () => {
  it('Walks the pipeline: draft → uploaded → transcribing → generating → ready, each written once', () => {
    const { lifecycle, written } = recorded();
    const uploaded = lifecycle.audioAttached(tx, session(), { audio_uri: 'gs://b/a.webm', audioDurationSec: 12, audioUploadId: 'up1' });
    const transcribing = lifecycle.stepClaimed(tx, uploaded, 'transcribing', 'run-1');
    expect(isBeingProcessed(transcribing, NOW)).toBe(true);
    const generating = lifecycle.stepClaimed(tx, transcribing, 'generating', 'run-1');
    const ready = lifecycle.documented(tx, generating, { documentationId: 's1', documentationEngine: 'gemini · note-v2' });
    expect(written.map((s) => s.status)).toEqual(['uploaded', 'transcribing', 'generating', 'ready']);
    expect(ready).toMatchObject({ processingRunId: null, processingLeaseUntil: null, error: null, documentationId: 's1' });
  });

  it('A step handed over is held by no run, with a lease the sweeper watches', () => {
    const { lifecycle } = recorded();
    const handed = lifecycle.handedOver(tx, lifecycle.stepClaimed(tx, session({ status: 'uploaded' }), 'transcribing', 'run-1'));
    expect(handed).toMatchObject({ status: 'transcribing', processingRunId: null, processingLeaseUntil: new Date(NOW.getTime() + HANDOVER_GRACE_MS).toISOString() });
    expect(isBeingProcessed(handed, NOW)).toBe(false);
  });

  it.each<[string, (l: SessionLifecycle) => unknown]>([
    ['documented from draft', (l) => l.documented(tx, session(), {})],
    ['audio attached while transcribing', (l) => l.audioAttached(tx, session({ status: 'transcribing' }), { audio_uri: 'x', audioDurationSec: 1, audioUploadId: 'u' })],
    ['a step claimed on a draft', (l) => l.stepClaimed(tx, session(), 'transcribing', 'r')],
    ['failed when ready', (l) => l.failed(tx, session({ status: 'ready' }), { code: 'x', message: 'x' })],
  ])('Refuses %s, writing nothing', (_what, transition) => {
    const { lifecycle, written } = recorded();
    expect(() => transition(lifecycle)).toThrow(IllegalTransition);
    expect(written).toEqual([]);
  });

  it('The sweeper counts its resumes, and a stalled session starts the count again', () => {
    const { lifecycle } = recorded();
    const resumed = lifecycle.resumed(tx, session({ status: 'transcribing', processingRunId: 'r', processingResumes: 1 }));
    expect(resumed).toMatchObject({ status: 'uploaded', processingResumes: 2, processingRunId: null });
    expect(lifecycle.stalled(tx, resumed, { code: 'processing_stalled', message: 'm' })).toMatchObject({ status: 'failed', processingResumes: 0 });
  });
});

describe('SessionRepo.save', () => {
  it('Writes a session\'s details, never its state: a copy read before a transition cannot undo it', () => {
    const sets: { data: Record<string, unknown>; options: unknown }[] = [];
    const ref = {};
    const db = { collection: () => ({ withConverter: () => ({ doc: () => ref }) }) };
    const repo = new SessionRepo(db as never);
    const recordingTx = { set: (_ref: unknown, data: Record<string, unknown>, options: unknown) => sets.push({ data, options }) } as unknown as Transaction;
    repo.save(recordingTx, session({ status: 'ready', error: { code: 'x', message: 'y' }, processingRunId: 'r', processingLeaseUntil: 'later', processingResumes: 1, title: 'Renamed' }));
    expect(sets).toHaveLength(1);
    expect(sets[0]!.options).toEqual({ merge: true });
    expect(sets[0]!.data['title']).toBe('Renamed');
    for (const field of ['status', 'error', 'processingRunId', 'processingLeaseUntil', 'processingResumes']) expect(sets[0]!.data).not.toHaveProperty(field);
  });
});
