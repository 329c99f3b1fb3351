import { AiServiceError } from '../ai/generative-model.js';
import type { SessionFailure } from '../sessions/session-lifecycle.js';

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
