import { describe, expect, it } from 'vitest';
import { ApiError, ApiNetworkError, ApiTimeoutError } from '@/lib/api-client';
import { classifyUploadError, describeUploadError, MissingLocalChunkError } from './upload-errors';

const apiError = (status: number, message = 'x', field?: string) => new ApiError({ status, code: 'c', message, field });

describe('upload errors', () => {
  it('retries what may pass next time', () => {
    expect(classifyUploadError(new ApiNetworkError())).toEqual({ kind: 'retry' });
    expect(classifyUploadError(new ApiTimeoutError(1000))).toEqual({ kind: 'retry' });
    expect(classifyUploadError(apiError(503))).toEqual({ kind: 'retry' });
    expect(classifyUploadError(apiError(429))).toEqual({ kind: 'retry' });
    expect(classifyUploadError(new DOMException('quota', 'QuotaExceededError'))).toEqual({ kind: 'retry' });
  });

  it('stops on answers that will not change', () => {
    expect(classifyUploadError(apiError(415))).toEqual({ kind: 'fatal' });
    expect(classifyUploadError(apiError(404))).toEqual({ kind: 'fatal' });
    expect(classifyUploadError(apiError(409, 'The session is ready; it takes no new audio', 'sessionId'))).toEqual({ kind: 'fatal' });
    expect(classifyUploadError(new MissingLocalChunkError(3))).toEqual({ kind: 'fatal' });
  });

  it('reads the missing chunk out of a 409', () => {
    const error = apiError(409, 'Chunk 4 is missing: send it, then send the final chunk again', 'chunkIndex');
    expect(classifyUploadError(error)).toEqual({ kind: 'missing', index: 4 });
  });

  it('explains failures in plain words', () => {
    expect(describeUploadError(apiError(415))).toMatch(/^That file is not audio we can read/);
    expect(describeUploadError(apiError(413))).toMatch(/too large/);
    expect(describeUploadError(apiError(400, 'file is empty', 'file'))).toBe('That file is empty.');
    expect(describeUploadError(new ApiNetworkError())).toMatch(/internet connection/);
  });
});
