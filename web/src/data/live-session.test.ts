import type { LiveTranscript } from '@charta/contract';
import { describe, expect, it } from 'vitest';
import { withNewWindows } from './live-session';

const segment = (startMs: number, text: string) => ({ id: `live-${startMs}`, speaker: 'clinician', startMs, endMs: startMs + 2_000, text });

describe('withNewWindows', () => {
  const known: LiveTranscript = { segments: [segment(0, 'Good morning.'), segment(8_000, 'What brings you in?')], transcribedUntilSec: 15.2, audioSec: null, engine: 'pocketsphinx/en-us' };

  it('Adds the segments of the windows after what was known, in order', () => {
    const added: LiveTranscript = { segments: [segment(16_000, 'A dry cough.')], transcribedUntilSec: 23.5, audioSec: null, engine: 'pocketsphinx/en-us' };
    expect(withNewWindows(known, added)).toEqual({
      segments: [...known.segments, segment(16_000, 'A dry cough.')],
      transcribedUntilSec: 23.5,
      audioSec: null,
      engine: 'pocketsphinx/en-us',
    });
  });

  it('Keeps what was known when nothing new came, and takes the length once the recording is complete', () => {
    // No new window: the engine is not named again, and the transcribed part does not shrink.
    expect(withNewWindows(known, { segments: [], transcribedUntilSec: 15.2, audioSec: 31.4, engine: null })).toEqual({ ...known, audioSec: 31.4 });
  });

  it('Shows a segment once when two answers overlap (a retried read, or two readers of the same recording)', () => {
    const overlapping: LiveTranscript = { segments: [segment(8_000, 'What brings you in?'), segment(16_000, 'A dry cough.')], transcribedUntilSec: 23.5, audioSec: null, engine: null };
    expect(withNewWindows(known, overlapping).segments.map((s) => s.id)).toEqual(['live-0', 'live-8000', 'live-16000']);
  });

  it('Is the answer itself when nothing was known', () => {
    expect(withNewWindows(undefined, known)).toBe(known);
  });
});
