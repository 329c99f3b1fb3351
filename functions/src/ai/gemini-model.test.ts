import { describe, expect, it } from 'vitest';
import { AiServiceError } from './generative-model.js';
import { jsonFromGeminiResponse } from './gemini-model.js';

const answer = (text: string, finishReason = 'STOP') => ({
  candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason }],
  usageMetadata: { promptTokenCount: 120, candidatesTokenCount: 30 },
});

function failure(response: unknown): AiServiceError {
  try {
    jsonFromGeminiResponse(response);
  } catch (err) {
    if (err instanceof AiServiceError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

describe('jsonFromGeminiResponse', () => {
  it('Reads the JSON answer and the token counts', () => {
    expect(jsonFromGeminiResponse(answer('{"sections":[]}'))).toEqual({ json: { sections: [] }, promptTokens: 120, outputTokens: 30 });
  });

  it('Joins an answer split over several parts', () => {
    const response = { candidates: [{ content: { parts: [{ text: '{"a":' }, { text: '1}' }] }, finishReason: 'STOP' }] };
    expect(jsonFromGeminiResponse(response).json).toEqual({ a: 1 });
  });

  it.each([
    ['no candidates', { candidates: [] }, /no candidate/],
    ['a blocked prompt', { promptFeedback: { blockReason: 'SAFETY' } }, /blocked: SAFETY/],
    ['a cut-off answer', answer('{"sections": [', 'MAX_TOKENS'), /stopped early: MAX_TOKENS/],
    ['an empty answer', answer('   '), /empty answer/],
    ['prose instead of JSON', answer('Here is your note: ...'), /not JSON/],
    ['not an object at all', null, /no candidate/],
  ])('%s is a permanent, typed error', (_name, response, message) => {
    const err = failure(response);
    expect(err).toMatchObject({ service: 'gemini', code: 'malformed_response', retryable: false });
    expect(err.message).toMatch(message);
  });
});
