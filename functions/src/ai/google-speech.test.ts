import { describe, expect, it } from 'vitest';
import { AiServiceError } from './generative-model.js';
import { durationToMs, segmentsFromResults, speechModelFor } from './google-speech.js';

const word = (w: string, start: number, end: number, speakerTag?: number) => ({ word: w, startTime: `${start}s`, endTime: `${end}s`, ...(speakerTag ? { speakerTag } : {}) });

describe('durationToMs', () => {
  it.each([
    ['1.200s', 1200],
    ['0s', 0],
    [{ seconds: 3, nanos: 500_000_000 }, 3500],
    [{ seconds: '2', nanos: 0 }, 2000],
    [{ seconds: { toNumber: () => 4 } }, 4000],
    ['garbage', 0],
    [undefined, 0],
  ])('%j is %d ms', (value, ms) => {
    expect(durationToMs(value)).toBe(ms);
  });
});

describe('segmentsFromResults', () => {
  it('Diarized: turns by speaker tag from the last result; the questioner is the clinician', () => {
    const results = [
      { alternatives: [{ transcript: 'What brings you in?' }] },
      { alternatives: [{ transcript: 'A cough.' }] },
      {
        alternatives: [
          { words: [word('What', 0, 0.3, 2), word('brings', 0.3, 0.6, 2), word('you', 0.6, 0.8, 2), word('in?', 0.8, 1.1, 2), word('A', 1.5, 1.6, 1), word('cough.', 1.6, 2.0, 1)] },
        ],
      },
    ];
    expect(segmentsFromResults(results)).toEqual([
      { speaker: 'clinician', startMs: 0, endMs: 1100, text: 'What brings you in?' },
      { speaker: 'patient', startMs: 1500, endMs: 2000, text: 'A cough.' },
    ]);
  });

  it('Without speaker tags: one segment per result, timed by its words', () => {
    const results = [
      { alternatives: [{ transcript: 'Hello there.', words: [word('Hello', 0, 0.4), word('there.', 0.4, 0.9)] }], resultEndTime: '0.900s' },
      { alternatives: [{ transcript: ' Second part. ', words: [] }], resultEndTime: '2.000s' },
    ];
    expect(segmentsFromResults(results)).toEqual([
      { speaker: 'speaker', startMs: 0, endMs: 900, text: 'Hello there.' },
      { speaker: 'speaker', startMs: 900, endMs: 2000, text: 'Second part.' },
    ]);
  });

  it('More than two voices keep numbered speakers', () => {
    const results = [{ alternatives: [{ words: [word('One', 0, 1, 1), word('Two', 1, 2, 2), word('Three', 2, 3, 3)] }] }];
    expect(segmentsFromResults(results).map((s) => s.speaker)).toEqual(['speaker 1', 'speaker 2', 'speaker 3']);
  });

  it('No speech: no segments', () => {
    expect(segmentsFromResults([])).toEqual([]);
  });

  it('A malformed answer is a typed error', () => {
    expect(() => segmentsFromResults('not-a-list' as never)).toThrow(AiServiceError);
  });
});

describe('speechModelFor', () => {
  const config = { speechMedicalModel: 'medical_conversation', speechGeneralModel: 'latest_long' };
  it('The clinical-conversation model where the language has one, the general one otherwise', () => {
    expect(speechModelFor('en-US', config)).toBe('medical_conversation');
    expect(speechModelFor('es-MX', config)).toBe('latest_long');
    expect(speechModelFor('en-GB', config)).toBe('latest_long');
  });
});
