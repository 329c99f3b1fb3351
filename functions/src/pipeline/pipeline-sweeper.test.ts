import { describe, expect, it } from 'vitest';
import { isAbandoned, isStalled, SWEEP_POLICY } from './pipeline-sweeper.js';

const now = new Date('2026-11-23T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('isStalled: the pipeline owes the session work and nothing is doing it', () => {
  it('A step whose lease ended; not one whose lease holds', () => {
    expect(isStalled({ status: 'transcribing', processingLeaseUntil: ago(1), updatedAt: ago(60_000) }, now)).toBe(true);
    expect(isStalled({ status: 'generating', processingLeaseUntil: ago(0), updatedAt: ago(60_000) }, now)).toBe(true);
    expect(isStalled({ status: 'transcribing', processingLeaseUntil: ago(-1), updatedAt: ago(60_000) }, now)).toBe(false);
  });

  it('Uploaded for longer than the trigger ever takes; not just uploaded', () => {
    expect(isStalled({ status: 'uploaded', processingLeaseUntil: null, updatedAt: ago(SWEEP_POLICY.uploadedStaleAfterMs) }, now)).toBe(true);
    expect(isStalled({ status: 'uploaded', processingLeaseUntil: null, updatedAt: ago(SWEEP_POLICY.uploadedStaleAfterMs - 1) }, now)).toBe(false);
  });

  it('Never a session with nothing owed, however old', () => {
    for (const status of ['draft', 'ready', 'failed'] as const) {
      expect(isStalled({ status, processingLeaseUntil: ago(1e9), updatedAt: ago(1e9) }, now)).toBe(false);
    }
  });
});

describe('isAbandoned: nothing will finish or use the upload', () => {
  const cutoff = new Date(now.getTime() - SWEEP_POLICY.abandonedUploadAfterMs);
  const old = ago(SWEEP_POLICY.abandonedUploadAfterMs + 1);
  const recent = ago(SWEEP_POLICY.abandonedUploadAfterMs - 1);

  it('Still receiving, or complete without a session, once untouched past the cutoff', () => {
    expect(isAbandoned({ status: 'receiving', sessionId: 's1', updatedAt: old }, cutoff)).toBe(true);
    expect(isAbandoned({ status: 'complete', sessionId: null, updatedAt: old }, cutoff)).toBe(true);
    expect(isAbandoned({ status: 'receiving', sessionId: null, updatedAt: recent }, cutoff)).toBe(false);
  });

  it('Never audio a session took', () => {
    expect(isAbandoned({ status: 'complete', sessionId: 's1', updatedAt: old }, cutoff)).toBe(false);
  });
});
