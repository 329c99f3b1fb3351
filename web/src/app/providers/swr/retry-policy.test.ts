import { describe, expect, it } from 'vitest';
import { ApiCancelledError, ApiError, ApiNetworkError, ApiTimeoutError } from '@/lib/api-client';
import { backoffDelayMs, MAX_RETRIES, retryDelayMs } from './retry-policy';

const apiError = (status: number) => new ApiError({ status, code: 'x', message: 'x' });

describe('retryDelayMs', () => {
  it.each([400, 401, 403, 404, 409, 429])('never retries a %i', (status) => {
    expect(retryDelayMs(apiError(status), 1)).toBeNull();
  });

  it('does not retry a cancelled request', () => {
    expect(retryDelayMs(new ApiCancelledError(), 1)).toBeNull();
  });

  it.each([
    ['a 500', apiError(500)],
    ['a 503', apiError(503)],
    ['a timeout', new ApiTimeoutError(120_000)],
    ['a network failure', new ApiNetworkError()],
  ])('retries %s after 1 s, 2 s, 4 s', (_name, error) => {
    expect([1, 2, 3].map((retry) => retryDelayMs(error, retry))).toEqual([1_000, 2_000, 4_000]);
  });

  it('stops after 3 retries', () => {
    expect(MAX_RETRIES).toBe(3);
    expect(retryDelayMs(apiError(500), 4)).toBeNull();
  });
});

describe('backoffDelayMs', () => {
  it('doubles from 1 s and is capped at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(backoffDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });
});
