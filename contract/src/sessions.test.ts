import { describe, expect, it, vi } from 'vitest';
import {
  acceptsNewAudio,
  AUDIO_UPLOAD_LIMITS,
  defaultSessionTitle,
  titleWithoutDefaultDate,
  deleteManyBody,
  isPipelineStep,
  isProcessing,
  listSessionsBody,
  mayHaveTranscript,
  PIPELINE_STEPS,
  SESSION_LIMITS,
  SESSION_STATUSES,
  SESSION_STATUS_LABELS,
  sessionStatusLabel,
  type SessionStatus,
  uploadAudioFields,
} from './index.js';

/** The way to a note, in order: draft first, then the pipeline, then where it settles. */
const [first, ...rest] = SESSION_STATUSES;
const settled: SessionStatus[] = SESSION_STATUSES.filter((s) => s !== first && !isProcessing(s));

describe('session statuses', () => {
  it('Gives every status a label of its own, so no two screens can disagree and no two statuses read alike', () => {
    const labels = SESSION_STATUSES.map(sessionStatusLabel);
    for (const label of labels) expect(label.trim()).not.toBe('');
    expect(new Set(labels).size).toBe(SESSION_STATUSES.length);
    expect(Object.keys(SESSION_STATUS_LABELS).sort()).toEqual([...SESSION_STATUSES].sort());
  });

  it('Is processing from the moment audio is in until the session settles, and only then', () => {
    expect(isProcessing(first)).toBe(false);
    const processing = rest.filter(isProcessing);
    // The processing statuses come straight after draft, in one run: nothing settles half way.
    expect(rest.slice(0, processing.length)).toEqual(processing);
    expect(settled.length).toBeGreaterThan(0);
    for (const step of PIPELINE_STEPS) expect(isProcessing(step)).toBe(true);
  });

  it('Counts the pipeline steps as processing, but not the wait before the first one', () => {
    const steps = SESSION_STATUSES.filter(isPipelineStep);
    expect(steps).toEqual([...PIPELINE_STEPS]);
    const waiting = SESSION_STATUSES.filter((s) => isProcessing(s) && !isPipelineStep(s));
    expect(waiting).toHaveLength(1);
  });

  it('Takes new audio only while nothing is done with the audio: never while processing, never once ready', () => {
    expect(acceptsNewAudio(first)).toBe(true);
    for (const status of SESSION_STATUSES.filter(isProcessing)) expect(acceptsNewAudio(status)).toBe(false);
    // Of the settled statuses, the failed one takes audio again (a retry); the finished one does not.
    expect(settled.filter(acceptsNewAudio)).toHaveLength(1);
  });

  it('May have a transcript once documentation is being written, never before the transcription step', () => {
    const transcribing = PIPELINE_STEPS[0];
    const beforeDocumentation = SESSION_STATUSES.slice(0, SESSION_STATUSES.indexOf(transcribing) + 1);
    for (const status of beforeDocumentation) expect(mayHaveTranscript(status)).toBe(false);
    expect(mayHaveTranscript(PIPELINE_STEPS[1])).toBe(true);
    for (const status of settled) expect(mayHaveTranscript(status)).toBe(true);
  });
});

describe('session requests', () => {
  it('Filters the list by any status and refuses one that does not exist', () => {
    for (const status of SESSION_STATUSES) expect(listSessionsBody.safeParse({ status }).success).toBe(true);
    expect(listSessionsBody.safeParse({ status: 'archived' }).success).toBe(false);
  });

  it('Takes page sizes as JSON numbers only (never coerced), up to the limit, with a default', () => {
    expect(listSessionsBody.parse({}).limit).toBeGreaterThan(0);
    expect(listSessionsBody.parse({ limit: SESSION_LIMITS.pageSize }).limit).toBe(SESSION_LIMITS.pageSize);
    expect(listSessionsBody.safeParse({ limit: SESSION_LIMITS.pageSize + 1 }).success).toBe(false);
    for (const limit of [String(SESSION_LIMITS.pageSize), true, [5], null]) expect(listSessionsBody.safeParse({ limit }).success).toBe(false);
  });

  it('Takes upload_audio chunk indexes as plain decimal digits only', () => {
    expect(uploadAudioFields.parse({ chunkIndex: '0' }).chunkIndex).toBe(0);
    expect(uploadAudioFields.parse({ chunkIndex: '42' }).chunkIndex).toBe(42);
    for (const chunkIndex of ['', ' 1', '1e3', '0x10', '-0', '01', '1.0', '9'.repeat(30)]) expect(uploadAudioFields.safeParse({ chunkIndex }).success).toBe(false);
  });

  it('Deletes at most SESSION_LIMITS.deleteMany sessions per request', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `s${i}`);
    expect(deleteManyBody.safeParse({ sessionIds: ids(SESSION_LIMITS.deleteMany) }).success).toBe(true);
    expect(deleteManyBody.safeParse({ sessionIds: ids(SESSION_LIMITS.deleteMany + 1) }).success).toBe(false);
  });

  it('Lets a whole recording be many requests long', () => {
    expect(AUDIO_UPLOAD_LIMITS.recordingBytes).toBeGreaterThan(AUDIO_UPLOAD_LIMITS.requestBytes);
  });
});

describe('session titles', () => {
  it('takes off the date a default title ends with, and keeps a title the clinician wrote whole', () => {
    const createdAt = '2026-11-21T23:30:00.000Z';
    const title = defaultSessionTitle('María García', new Date(createdAt));
    expect(title).toBe('María García · 21 Nov 2026');
    expect(titleWithoutDefaultDate({ title, createdAt })).toBe('María García');
    expect(titleWithoutDefaultDate({ title: 'Knee follow-up', createdAt })).toBe('Knee follow-up');
    // Another day's date is the clinician's words, not this session's default.
    expect(titleWithoutDefaultDate({ title: 'María García · 20 Nov 2026', createdAt })).toBe('María García · 20 Nov 2026');
    // A title that is nothing but the date is kept.
    expect(titleWithoutDefaultDate({ title: ' · 21 Nov 2026', createdAt })).toBe(' · 21 Nov 2026');
  });
});

describe('loading the sessions module', () => {
  // A browser's first Intl.DateTimeFormat loads locale data: 150-400 ms of main thread on a mid-range phone, which
  // every page importing the contract paid before its first paint while the title's format was made at load.
  it('makes no date format until a title needs one', async () => {
    vi.resetModules();
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const sessions = await import('./sessions.js');
      expect(made).not.toHaveBeenCalled();
      expect(sessions.defaultSessionTitle('A', new Date('2026-11-21T10:00:00Z'))).toBe('A · 21 Nov 2026');
      sessions.defaultSessionTitle('B', new Date('2026-11-22T10:00:00Z'));
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });
});
