import { describe, expect, it } from 'vitest';
import { AiServiceError } from '../ai/generative-model.js';
import { describeFailure, PipelineFailure } from './pipeline-errors.js';

describe('describeFailure', () => {
  it.each([
    ['transcribing', new AiServiceError('speech', 'timeout', true, 'x'), 'transcription_timeout', /Transcription took too long/],
    ['transcribing', new AiServiceError('speech', 'rate_limited', true, 'x'), 'transcription_unavailable', /busy/],
    ['generating', new AiServiceError('gemini', 'unavailable', true, 'x'), 'generation_unavailable', /Writing the documentation failed/],
    ['generating', new AiServiceError('gemini', 'malformed_response', false, 'x'), 'generation_failed', /unusable answer/],
    ['transcribing', new AiServiceError('speech', 'rejected', false, 'Speech-to-Text cannot read MP4 audio'), 'transcription_rejected', /cannot read MP4/],
    ['generating', new TypeError('boom: María García'), 'internal', /failed unexpectedly/],
  ] as const)('%s + %s', (step, err, code, message) => {
    const failure = describeFailure(step, err);
    expect(failure.code).toBe(code);
    expect(failure.message).toMatch(message);
    // Never the text of an unexpected error: it could quote patient data.
    expect(failure.message).not.toContain('María');
  });

  it('Our own failures pass through as written', () => {
    expect(describeFailure('generating', new PipelineFailure({ code: 'template_missing', message: 'Choose another template.' }))).toEqual({ code: 'template_missing', message: 'Choose another template.' });
  });
});
