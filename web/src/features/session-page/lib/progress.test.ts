import { describe, expect, it } from 'vitest';
import { progressOf, PROGRESS_STEPS } from './progress';

describe('progressOf', () => {
  it('Names the step at work', () => {
    expect(progressOf('uploaded')).toMatchObject({ activeStep: 1, headline: 'Starting transcription…' });
    expect(progressOf('transcribing')).toMatchObject({ activeStep: 1, headline: 'Transcribing…' });
    expect(progressOf('generating')).toMatchObject({ activeStep: 2, headline: 'Writing documentation…' });
    expect(PROGRESS_STEPS[2]).toBe('Documentation');
  });

  it('Is not progress when there is nothing to wait for', () => {
    expect(progressOf('draft')).toBeNull();
    expect(progressOf('ready')).toBeNull();
    expect(progressOf('failed')).toBeNull();
  });
});
