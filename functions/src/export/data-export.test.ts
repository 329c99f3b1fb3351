import { describe, expect, it } from 'vitest';
import { exportAnsweringStart, START_AGAIN_AFTER_MS, type DataExportRecord } from './data-export.js';

const now = new Date('2026-12-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const record = (over: Partial<DataExportRecord>): DataExportRecord => ({
  id: 'e1',
  ownerUid: 'u1',
  status: 'ready',
  sessionsDone: 0,
  sessionsTotal: 0,
  createdAt: ago(1000),
  finishedAt: ago(500),
  expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
  sizeBytes: 10,
  objectPath: 'users/u1/exports/e1.zip',
  downloadToken: 't',
  buildRunId: null,
  buildLeaseUntil: null,
  failure: null,
  ...over,
});

describe('Which export a start answers', () => {
  it('one under way, whenever it started', () => {
    expect(exportAnsweringStart([record({ id: 'new', status: 'building', createdAt: ago(3_600_000) }), record({})], now)?.id).toBe('new');
  });

  it('one built moments ago (a double click arriving after a fast build), not one started earlier', () => {
    expect(exportAnsweringStart([record({})], now)?.id).toBe('e1');
    expect(exportAnsweringStart([record({ createdAt: ago(START_AGAIN_AFTER_MS) })], now)).toBeUndefined();
  });

  it('never a failed one or one whose link is gone: the user asked again for a reason', () => {
    expect(exportAnsweringStart([record({ status: 'failed', downloadToken: null })], now)).toBeUndefined();
    expect(exportAnsweringStart([record({ expiresAt: ago(1) })], now)).toBeUndefined();
    expect(exportAnsweringStart([], now)).toBeUndefined();
  });
});
