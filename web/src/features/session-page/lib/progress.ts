// Where a session is on its way to a note, in a clinician's words. Pure, so every state is tested directly.
import { SESSION_STATUS_LABELS, type SessionStatus } from '@charta/contract';

/** The first step is where an uploaded session stands, in the status's own words. */
export const PROGRESS_STEPS = [SESSION_STATUS_LABELS.uploaded, 'Transcript', 'Documentation'] as const;

export interface Progress {
  /** Index into PROGRESS_STEPS of the step being worked on (PROGRESS_STEPS.length when all are done). */
  activeStep: number;
  /** What is happening now, said as it happens ("Transcribing…"). */
  headline: string;
  detail: string;
}

/** Null for the states that are not progress: no audio yet, ready, failed. */
export function progressOf(status: SessionStatus): Progress | null {
  switch (status) {
    case 'uploaded':
      return {
        activeStep: 1,
        headline: 'Starting transcription…',
        detail: 'The audio is stored safely. Transcription starts in a moment.',
      };
    case 'transcribing':
      return {
        activeStep: 1,
        headline: 'Transcribing…',
        detail: 'Turning the conversation into text, speaker by speaker.',
      };
    case 'generating':
      return {
        activeStep: 2,
        headline: 'Writing documentation…',
        detail: 'The transcript is ready. The documentation is being written from your template.',
      };
    case 'draft':
    case 'ready':
    case 'failed':
      return null;
  }
}
