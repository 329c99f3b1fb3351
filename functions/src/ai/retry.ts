import { AiServiceError } from './generative-model.js';

export interface RetryPolicy {
  attempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** Each attempt is abandoned after this long (the outside call gets an AbortSignal). */
  timeoutMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls an outside service with a timeout per attempt and exponential backoff with jitter between
 * attempts, retrying only what may succeed on a retry. A timeout counts as retryable.
 */
export async function withRetries<T>(service: 'gemini' | 'speech', policy: RetryPolicy, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), policy.timeoutMs);
    try {
      return await Promise.race([
        call(controller.signal),
        new Promise<never>((_, reject) =>
          controller.signal.addEventListener('abort', () => reject(new AiServiceError(service, 'timeout', true, `${service} did not answer within ${policy.timeoutMs} ms`))),
        ),
      ]);
    } catch (err) {
      lastError = err;
      const retryable = err instanceof AiServiceError ? err.retryable : true;
      if (!retryable || attempt === policy.attempts) break;
      const backoff = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (attempt - 1));
      await sleep(backoff / 2 + Math.random() * (backoff / 2));
    } finally {
      clearTimeout(timer);
    }
  }
  throw lastError;
}
