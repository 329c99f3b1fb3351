import { PIPELINE_TIMING, type SessionStatus } from '@charta/contract';
import { describe, expect, it } from 'vitest';
import { isTakingLong, progressOf, PROGRESS_STEPS, slowAfterMs, slowSince } from './progress';

describe('progressOf', () => {
  it('Names the step at work', () => {
    expect(progressOf('uploaded')).toMatchObject({ activeStep: 1, headline: 'Starting transcription…' });
    expect(progressOf('transcribing')).toMatchObject({ activeStep: 1, headline: 'Transcribing…' });
    expect(progressOf('generating')).toMatchObject({ activeStep: 2, headline: 'Writing the note' });
    expect(PROGRESS_STEPS[2]).toBe('Documentation');
  });

  it('Names what is left to transcribe, from the transcript so far, as the Record tab does', () => {
    const live = { transcribedUntilSec: 100, audioSec: 120 };
    expect(progressOf('transcribing', live)).toMatchObject({ activeStep: 1, headline: 'Transcribing the last 20 seconds' });
    // Windows transcribed while recording: the pipeline has only the rest to start on.
    expect(progressOf('uploaded', live)).toMatchObject({ activeStep: 1, headline: 'Transcribing the last 20 seconds' });
    expect(progressOf('uploaded', { transcribedUntilSec: 0, audioSec: 120 })).toMatchObject({ headline: 'Starting transcription…' });
    expect(progressOf('transcribing', { transcribedUntilSec: 0, audioSec: null })).toMatchObject({ headline: 'Transcribing…' });
    expect(progressOf('generating', live)).toMatchObject({ headline: 'Writing the note' });
  });

  it('Is not progress when there is nothing to wait for', () => {
    expect(progressOf('draft')).toBeNull();
    expect(progressOf('ready')).toBeNull();
    expect(progressOf('failed')).toBeNull();
  });
});

describe('slowAfterMs and isTakingLong: when waiting is no longer normal', () => {
  const minute = 60_000;
  const at = (status: SessionStatus, audioDurationSec: number | null, minutesAgo: number, now = Date.parse('2026-11-21T12:00:00.000Z')) => ({
    session: { status, audioDurationSec, updatedAt: new Date(now - minutesAgo * minute).toISOString() },
    now,
  });

  it('Gives a short recording two minutes, a longer one 1.5 times its length, and never more than a step’s lease', () => {
    expect(slowAfterMs(30)).toBe(2 * minute);
    expect(slowAfterMs(null)).toBe(2 * minute);
    expect(slowAfterMs(4 * 60)).toBe(6 * minute);
    expect(slowAfterMs(60 * 60)).toBe(PIPELINE_TIMING.stepLeaseMs);
  });

  it('Counts from the last step change, for every processing status', () => {
    for (const status of ['uploaded', 'transcribing', 'generating'] as const) {
      const early = at(status, 4 * 60, 5.9);
      expect(isTakingLong(early.session, early.now)).toBe(false);
      const late = at(status, 4 * 60, 6);
      expect(isTakingLong(late.session, late.now)).toBe(true);
    }
  });

  it('Is never slow when nothing is being waited for, or when the time is unknown', () => {
    for (const status of ['draft', 'ready', 'failed'] as const) {
      const long = at(status, 30, 600);
      expect(isTakingLong(long.session, long.now)).toBe(false);
      expect(slowSince(long.session)).toBeNull();
    }
    expect(isTakingLong({ status: 'transcribing', audioDurationSec: 30, updatedAt: 'not a date' }, Date.now())).toBe(false);
    // A client clock behind the server's: not slow yet.
    const ahead = at('transcribing', 30, -10);
    expect(isTakingLong(ahead.session, ahead.now)).toBe(false);
  });
});
