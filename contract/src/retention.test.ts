import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  DEFAULT_RETENTION_SETTINGS,
  isShorterRetention,
  retentionChoiceLabel,
  retentionCutoff,
  retentionDeletionLabel,
  retentionSummary,
  shortenedRetentionKinds,
} from './retention.js';

describe('retentionDeletionLabel: what the session page and list say', () => {
  const now = new Date('2026-12-10T12:00:00Z');
  it('"Audio deleted on 3 Dec (your 7-day setting)", the year only when it is not this one', () => {
    expect(retentionDeletionLabel('audio', { deletedAt: '2026-12-03T09:00:00Z', afterDays: 7 }, { now, timeZone: 'UTC' })).toBe('Audio deleted on 3 Dec (your 7-day setting)');
    expect(retentionDeletionLabel('transcript', { deletedAt: '2025-12-03T09:00:00Z', afterDays: 30 }, { now, timeZone: 'UTC' })).toBe('Transcript deleted on 3 Dec 2025 (your 30-day setting)');
  });

  it('"When the note is ready" by name', () => {
    expect(retentionDeletionLabel('audio', { deletedAt: '2026-12-03T09:00:00Z', afterDays: 0 }, { now, timeZone: 'UTC' })).toBe('Audio deleted on 3 Dec (your “when the note is ready” setting)');
  });
});

describe('The choices', () => {
  it('Read as Settings lists them', () => {
    expect(retentionChoiceLabel('audio', 0)).toBe('When the note is ready');
    expect(retentionChoiceLabel('transcript', 1)).toBe('1 day after the note is ready');
    expect(retentionChoiceLabel('audio', 90)).toBe('90 days after the note is ready');
    expect(retentionChoiceLabel('session', 365)).toBe('1 year after the session');
    expect(retentionChoiceLabel('session', null)).toBe('Keep until I delete it');
  });

  it('The defaults in one sentence, for sign-up', () => {
    expect(retentionSummary(DEFAULT_RETENTION_SETTINGS)).toBe(
      'Charta deletes the audio 7 days after the note is ready, deletes the transcript 30 days after the note is ready, and deletes whole sessions with their notes 90 days after they were made.',
    );
  });
});

describe('Shortening', () => {
  it('Keeping is the longest; the same is not shorter', () => {
    expect(isShorterRetention(null, 365)).toBe(true);
    expect(isShorterRetention(7, 0)).toBe(true);
    expect(isShorterRetention(7, 7)).toBe(false);
    expect(isShorterRetention(7, null)).toBe(false);
    expect(isShorterRetention(0, 1)).toBe(false);
  });

  it('Names the kinds a change deletes sooner', () => {
    expect(shortenedRetentionKinds(DEFAULT_RETENTION_SETTINGS, { audioDays: 0, transcriptDays: 90, sessionDays: 30 })).toEqual(['audio', 'session']);
  });
});

describe('retentionCutoff', () => {
  it('Exactly so many days before now', () => {
    const now = new Date('2026-12-10T12:00:00Z');
    expect(retentionCutoff(7, now).getTime()).toBe(now.getTime() - 7 * DAY_MS);
    expect(retentionCutoff(0, now)).toEqual(now);
  });
});
