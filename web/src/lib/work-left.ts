// What is left before a session's note is ready, in a clinician's words: the same on the Record tab after
// Stop and on the session page. After Stop the wait is the audio not yet transcribed (most of it was
// transcribed while the clinician spoke: docs/pipeline.md, "Transcribed while the clinician records"), then the one
// model call.
import type { LiveTranscript } from '@charta/contract';

/** When nothing is known of what is left to transcribe. */
export const TRANSCRIBING = 'Transcribing…';
export const WRITING_THE_NOTE = 'Writing the note';

/**
 * "Transcribing the last 20 seconds", from the recording's length and how far its windows reach: seconds
 * to the nearest 5 under a minute, then whole minutes. A count is never shown before any of the recording is
 * transcribed (it would be "the last" of everything), nor while its length is unknown (still arriving): then
 * "Transcribing…". All of it transcribed but the transcript not yet stored: "Finishing the transcript".
 */
export function transcribingText(live: Pick<LiveTranscript, 'transcribedUntilSec' | 'audioSec'> | null | undefined): string {
  if (!live || live.audioSec === null || !(live.transcribedUntilSec > 0)) return TRANSCRIBING;
  const leftSec = live.audioSec - live.transcribedUntilSec;
  if (!Number.isFinite(leftSec)) return TRANSCRIBING;
  if (leftSec < 1) return 'Finishing the transcript';
  if (leftSec < 10) return 'Transcribing the last few seconds';
  const seconds = Math.round(leftSec / 5) * 5;
  if (seconds < 60) return `Transcribing the last ${seconds} seconds`;
  const minutes = Math.max(1, Math.round(leftSec / 60));
  return `Transcribing the last ${minutes === 1 ? 'minute' : `${minutes} minutes`}`;
}
