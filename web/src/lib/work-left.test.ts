import { describe, expect, it } from 'vitest';
import { transcribingText } from './work-left';

const live = (transcribedUntilSec: number, audioSec: number | null) => ({ transcribedUntilSec, audioSec });

describe('transcribingText', () => {
  it('Names the audio left to transcribe, rounded as a person would say it', () => {
    expect(transcribingText(live(100, 120))).toBe('Transcribing the last 20 seconds');
    expect(transcribingText(live(100, 118))).toBe('Transcribing the last 20 seconds');
    expect(transcribingText(live(100, 112.4))).toBe('Transcribing the last 10 seconds');
    expect(transcribingText(live(10, 47))).toBe('Transcribing the last 35 seconds');
    expect(transcribingText(live(10, 66))).toBe('Transcribing the last 55 seconds');
    expect(transcribingText(live(10, 68))).toBe('Transcribing the last minute');
    expect(transcribingText(live(10, 99))).toBe('Transcribing the last minute');
    expect(transcribingText(live(10, 100))).toBe('Transcribing the last 2 minutes');
    expect(transcribingText(live(60, 30 * 60))).toBe('Transcribing the last 29 minutes');
  });

  it('Says a few seconds, then finishing, at the end', () => {
    expect(transcribingText(live(100, 109))).toBe('Transcribing the last few seconds');
    expect(transcribingText(live(100, 101.5))).toBe('Transcribing the last few seconds');
    expect(transcribingText(live(100, 100.4))).toBe('Finishing the transcript');
    expect(transcribingText(live(100, 100))).toBe('Finishing the transcript');
  });

  it('Says only "Transcribing…" when what is left is not known', () => {
    expect(transcribingText(undefined)).toBe('Transcribing…');
    expect(transcribingText(null)).toBe('Transcribing…');
    // The recording still arriving: its length is not known yet.
    expect(transcribingText(live(40, null))).toBe('Transcribing…');
    // Nothing transcribed yet (a short recording sent whole, or the transcript already stored and the live one emptied).
    expect(transcribingText(live(0, 20))).toBe('Transcribing…');
    expect(transcribingText(live(Number.NaN, 20))).toBe('Transcribing…');
  });
});
