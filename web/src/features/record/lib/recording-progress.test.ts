import { describe, expect, it } from 'vitest';
import { createReadyWatcher, PROGRESS_STEPS, progressStage } from './recording-progress';

describe('recording progress', () => {
  it('goes uploading → transcribing → writing → ready, in the contract’s words for the session’s statuses', () => {
    expect(PROGRESS_STEPS.map((step) => step.label)).toEqual(['Uploading', 'Transcribing', 'Writing documentation', 'Ready']);
    expect(progressStage('recording', undefined)).toBe('uploading');
    expect(progressStage('uploading', 'draft')).toBe('uploading');
    // Stored in full, but the session not read yet (or still draft a moment): the audio is in, transcribing is next.
    expect(progressStage('complete', undefined)).toBe('transcribing');
    expect(progressStage('complete', 'draft')).toBe('transcribing');
    expect(progressStage('complete', 'uploaded')).toBe('transcribing');
    expect(progressStage('complete', 'transcribing')).toBe('transcribing');
    expect(progressStage('complete', 'generating')).toBe('writing');
    expect(progressStage('complete', 'ready')).toBe('ready');
    expect(progressStage('complete', 'failed')).toBe('failed');
    expect(progressStage('failed', undefined)).toBe('upload-failed');
  });

  it('opens a session only when it is seen becoming ready, not when it was ready before the page looked', () => {
    const watching = createReadyWatcher();
    expect(watching.observe('uploading')).toBe(false);
    expect(watching.observe('transcribing')).toBe(false);
    expect(watching.observe('writing')).toBe(false);
    expect(watching.observe('ready')).toBe(true);
    // Once: a later render with the same answer does not open it again.
    expect(watching.observe('ready')).toBe(false);

    // The clinician came back to the Record tab after it became ready: it stays where it is.
    const cameBack = createReadyWatcher();
    expect(cameBack.observe('ready')).toBe(false);
    expect(cameBack.observe('ready')).toBe(false);
  });

  it('never opens a failed session by itself', () => {
    const watching = createReadyWatcher();
    watching.observe('writing');
    expect(watching.observe('failed')).toBe(false);
  });
});
