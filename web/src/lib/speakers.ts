// Speakers and times as a transcript shows them: the session page's and the Record tab's as it is recorded.
import type { ChipProps } from '@mui/material/Chip';
import type { Transcript } from '@charta/contract';

export function speakerLabel(speaker: string): string {
  const name = speaker.trim();
  if (!name) return 'Speaker';
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function speakerColor(speaker: string): ChipProps['color'] {
  switch (speaker.trim().toLowerCase()) {
    case 'clinician':
      return 'primary';
    case 'patient':
      return 'secondary';
    default:
      return 'default';
  }
}

/** Typed or pasted text has no timings (every segment at 0): no timestamps, nothing to seek. */
export function hasTimings(transcript: Pick<Transcript, 'segments'>): boolean {
  return transcript.segments.some((s) => s.endMs > 0 || s.startMs > 0);
}
