// Where a session is on its way to a note, in a clinician's words. Pure, so every state is tested directly.
import { isProcessing, PIPELINE_TIMING, SESSION_STATUS_LABELS, type LiveTranscript, type Session, type SessionStatus } from '@charta/contract';
import { transcribingText, WRITING_THE_NOTE } from '@/lib/work-left';

/** The first step is where an uploaded session stands, in the status's own words. */
export const PROGRESS_STEPS = [SESSION_STATUS_LABELS.uploaded, 'Transcript', 'Documentation'] as const;

export interface Progress {
  /** Index into PROGRESS_STEPS of the step being worked on (PROGRESS_STEPS.length when all are done). */
  activeStep: number;
  /** What is happening now, said as it happens ("Transcribing…"). */
  headline: string;
  detail: string;
}

/**
 * Null for the states that are not progress: no audio yet, ready, failed. `live`, the transcript so far,
 * says how much is left to transcribe, as the Record tab says it after Stop (lib/work-left.ts).
 */
export function progressOf(status: SessionStatus, live?: Pick<LiveTranscript, 'transcribedUntilSec' | 'audioSec'> | null): Progress | null {
  switch (status) {
    case 'uploaded':
      // Windows transcribed while it was recorded: the rest is what the pipeline starts on.
      if (live && live.transcribedUntilSec > 0) return progressOf('transcribing', live);
      return {
        activeStep: 1,
        headline: 'Starting transcription…',
        detail: 'The audio is stored safely. Transcription starts in a moment.',
      };
    case 'transcribing':
      return {
        activeStep: 1,
        headline: transcribingText(live),
        detail: 'Turning the conversation into text, speaker by speaker.',
      };
    case 'generating':
      return {
        activeStep: 2,
        headline: WRITING_THE_NOTE,
        detail: 'The transcript is ready. The note is being written from your template.',
      };
    case 'draft':
    case 'ready':
    case 'failed':
      return null;
  }
}

/** However short the recording, a step may take this long (a cold start, a busy model) before it is called slow. */
const SLOW_FLOOR_MS = 2 * 60_000;
/** Speech-to-Text takes a fraction of a recording's length and a note about a minute: 1.5× the length is not normal. */
const SLOW_PER_AUDIO_SECOND_MS = 1_500;

/**
 * How long one step (waiting to start, transcribing, writing) may take before the page says it is taking
 * longer than expected: 1.5 times the recording's length, at least 2 minutes, and never more than the step's
 * lease. No run outlives the lease, so by then the server has lost the run and Retry certainly restarts it
 * (earlier, Retry leaves a run that is still working alone).
 */
export function slowAfterMs(audioDurationSec: number | null): number {
  return Math.min(PIPELINE_TIMING.stepLeaseMs, Math.max(SLOW_FLOOR_MS, (audioDurationSec ?? 0) * SLOW_PER_AUDIO_SECOND_MS));
}

type Timed = Pick<Session, 'status' | 'audioDurationSec' | 'updatedAt'>;

/**
 * When (epoch ms) the session's current step becomes slow, counted from its last change (`updatedAt`: the
 * server sets it as each step starts); null when nothing is being waited for or the time is unreadable.
 */
export function slowSince(session: Timed): number | null {
  if (!isProcessing(session.status)) return null;
  const changed = Date.parse(session.updatedAt);
  return Number.isNaN(changed) ? null : changed + slowAfterMs(session.audioDurationSec);
}

export function isTakingLong(session: Timed, nowMs: number): boolean {
  const at = slowSince(session);
  return at !== null && nowMs >= at;
}
