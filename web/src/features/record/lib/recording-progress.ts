// Where a recording stands on its way to a note, as the Record tab shows it after Stop: its upload (this
// tab's business) first, then the session's status on the server (the pipeline's).
import { sessionStatusLabel, type SessionStatus } from '@charta/contract';
import type { EntryPhase } from './recording-uploads';

export type ProgressStage = 'uploading' | 'transcribing' | 'writing' | 'ready' | 'failed' | 'upload-failed';

/** The steps shown, in order; the session's steps in the contract's words, the same as on every screen. */
export const PROGRESS_STEPS = [
  { stage: 'uploading', label: 'Uploading' },
  { stage: 'transcribing', label: sessionStatusLabel('transcribing') },
  { stage: 'writing', label: sessionStatusLabel('generating') },
  { stage: 'ready', label: sessionStatusLabel('ready') },
] as const satisfies readonly { stage: ProgressStage; label: string }[];

export function progressStage(phase: EntryPhase, status: SessionStatus | undefined): ProgressStage {
  if (phase === 'failed') return 'upload-failed';
  if (phase !== 'complete') return 'uploading';
  switch (status) {
    case 'generating':
      return 'writing';
    case 'ready':
      return 'ready';
    case 'failed':
      return 'failed';
    // The server holds the whole audio: 'draft' is only a read taken a moment before the upload closed, and
    // undefined a session not read yet.
    case 'draft':
    case 'uploaded':
    case 'transcribing':
    case undefined:
      return 'transcribing';
  }
}

/**
 * Says when to open a session by itself: the first time it is seen ready after being seen on its way. A
 * session already ready when the page first looks (the clinician came back to the tab later) is left
 * alone, as is a failed one (its page explains and offers Retry; the clinician goes there when they choose).
 */
export function createReadyWatcher() {
  let seenOnItsWay = false;
  let opened = false;
  return {
    observe(stage: ProgressStage): boolean {
      if (stage !== 'ready') {
        seenOnItsWay = stage !== 'failed' && stage !== 'upload-failed';
        return false;
      }
      if (!seenOnItsWay || opened) return false;
      opened = true;
      return true;
    },
  };
}
