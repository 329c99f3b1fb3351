import { AiServiceError } from '../ai/generative-model.js';
import type { SessionFailure } from '../sessions/session-lifecycle.js';
import { AudioDecodeError } from '../transcription/pcm.js';

export type { SessionFailure };

/** A failure whose message is ours and safe to show (no internals, no patient data). */
export class PipelineFailure extends Error {
  constructor(
    readonly failure: SessionFailure,
  ) {
    super(failure.message);
    this.name = 'PipelineFailure';
  }
}

export function describeFailure(step: 'transcribing' | 'generating', err: unknown): SessionFailure {
  if (err instanceof PipelineFailure) return err.failure;
  if (err instanceof AudioDecodeError) return { code: 'audio_unreadable', message: `The audio could not be decoded for transcription (${err.message}). Upload the recording again.` };
  const what = step === 'transcribing' ? 'Transcription' : 'Writing the documentation';
  const prefix = step === 'transcribing' ? 'transcription' : 'generation';
  if (err instanceof AiServiceError) {
    switch (err.code) {
      case 'timeout':
        return { code: `${prefix}_timeout`, message: `${what} took too long and was stopped. Press Retry to try again.` };
      case 'unavailable':
      case 'rate_limited':
        return { code: `${prefix}_unavailable`, message: `${what} failed because the service is unavailable or busy. Press Retry in a few minutes.` };
      case 'rejected':
        return { code: `${prefix}_rejected`, message: `${what} was refused: ${err.message}` };
      case 'malformed_response':
        return { code: `${prefix}_failed`, message: `${what} returned an unusable answer. Press Retry to try again.` };
    }
  }
  return { code: 'internal', message: `${what} failed unexpectedly. Press Retry to try again.` };
}

/** m:ss (h:mm:ss past an hour): where in the recording, as a player shows it. */
export function clock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const [h, m, sec] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}

/**
 * A window that could not be transcribed fails the session saying which part of the recording, and why;
 * Retry goes on from that window (the ones before it are kept).
 */
export function windowFailure(window: { startMs: number; endMs: number }, err: unknown): SessionFailure {
  const failure = describeFailure('transcribing', err);
  return { code: failure.code, message: `The part of the recording from ${clock(window.startMs)} to ${clock(window.endMs)} could not be transcribed. ${failure.message}` };
}
