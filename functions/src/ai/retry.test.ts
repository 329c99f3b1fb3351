import { describe, expect, it, vi } from 'vitest';
import { aiConfigFromEnv } from './ai-config.js';
import { AiServiceError } from './generative-model.js';
import { withRetries, type RetryPolicy } from './retry.js';

// The attempts come from configuration as the app's are (AI_RETRY_ATTEMPTS); delays are kept tiny.
const attempts = aiConfigFromEnv({ AI_RETRY_ATTEMPTS: '4' }).retryAttempts;
const policy: RetryPolicy = { attempts, firstDelayMs: 1, maxDelayMs: 2, timeoutMs: 1000 };

/** A call that fails with `failures` in turn, then answers; it counts how often it was made. */
function scripted<T>(failures: Error[], answer: T) {
  const made = { calls: 0, signals: [] as AbortSignal[] };
  const call = (signal: AbortSignal) => {
    made.signals.push(signal);
    const failure = failures[made.calls++];
    return failure === undefined ? Promise.resolve(answer) : Promise.reject(failure);
  };
  return { call, made };
}

const unavailable = () => new AiServiceError('gemini', 'unavailable', true, 'Gemini request failed (503)');
const rejected = () => new AiServiceError('gemini', 'rejected', false, 'Gemini request failed (400)');

describe('withRetries', () => {
  it('Answers from the first call when it succeeds: one call', async () => {
    const { call, made } = scripted([], 'ok');
    await expect(withRetries('gemini', policy, call)).resolves.toBe('ok');
    expect(made.calls).toBe(1);
  });

  it('A retryable failure is retried until a call succeeds', async () => {
    const { call, made } = scripted([unavailable(), unavailable()], 'ok');
    await expect(withRetries('gemini', policy, call)).resolves.toBe('ok');
    expect(made.calls).toBe(3);
  });

  it('A retryable failure every time: exactly AI_RETRY_ATTEMPTS calls, then the last failure', async () => {
    const failures = Array.from({ length: attempts + 2 }, unavailable);
    const { call, made } = scripted(failures, 'never');
    const error = await withRetries('gemini', policy, call).catch((e: unknown) => e);
    expect(made.calls).toBe(attempts);
    expect(error).toBe(failures[attempts - 1]);
  });

  it('A non-retryable failure: one call, its error as is', async () => {
    const failure = rejected();
    const { call, made } = scripted([failure], 'never');
    await expect(withRetries('gemini', policy, call)).rejects.toBe(failure);
    expect(made.calls).toBe(1);
  });

  it('A non-retryable failure after a retryable one stops the retries there', async () => {
    const { call, made } = scripted([unavailable(), rejected(), unavailable()], 'never');
    await expect(withRetries('speech', policy, call)).rejects.toMatchObject({ code: 'rejected' });
    expect(made.calls).toBe(2);
  });

  it('An unexpected error (not an AiServiceError) counts as retryable', async () => {
    const { call, made } = scripted([new TypeError('socket hang up')], 'ok');
    await expect(withRetries('speech', policy, call)).resolves.toBe('ok');
    expect(made.calls).toBe(2);
  });

  it('A call that never answers is abandoned after the timeout, its signal aborted, on every attempt', async () => {
    const made = { calls: 0, signals: [] as AbortSignal[] };
    const hang = (signal: AbortSignal) => {
      made.calls++;
      made.signals.push(signal);
      return new Promise<never>(() => undefined);
    };
    const started = Date.now();
    const error = await withRetries('speech', { ...policy, attempts: 2, timeoutMs: 30 }, hang).catch((e: unknown) => e);
    expect(error).toMatchObject({ service: 'speech', code: 'timeout', retryable: true });
    expect(made.calls).toBe(2);
    expect(made.signals.every((s) => s.aborted)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 30 - 5);
  });

  it('Waits between attempts with exponential backoff, capped at the maximum', async () => {
    // With the jitter at its top, each wait is the full backoff: 40 ms, then 80 ms capped to 60 ms.
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const timer = vi.spyOn(globalThis, 'setTimeout');
    const { call, made } = scripted([unavailable(), unavailable(), unavailable()], 'never');
    await withRetries('gemini', { attempts: 3, firstDelayMs: 40, maxDelayMs: 60, timeoutMs: 1000 }, call).catch(() => undefined);
    const waits = timer.mock.calls.map(([, ms]) => ms).filter((ms) => ms !== 1000);
    vi.restoreAllMocks();
    expect(made.calls).toBe(3);
    expect(waits).toEqual([40, 60]);
  });
});
