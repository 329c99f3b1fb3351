/**
 * Idempotent requests, as Stripe keeps them: a POST's `Idempotency-Key` (per API key, for 24 hours)
 * replays the first answer to the same request, with `Idempotent-Replayed: true`; the same key on another
 * endpoint or with other parameters is a 400 `idempotency_error`. As on Stripe, only answers of requests
 * that ran are kept (successes and 500s), not refusals of bad input, so a corrected retry can reuse the key.
 */
import type { EmulatorState, StoredIdempotentAnswer } from './state.ts';
import { StripeApiError, type FormValue } from './wire.ts';

const KEPT_FOR_S = 24 * 3600;
export const MAX_KEY_LENGTH = 255;

/** The parameters in a canonical form (keys sorted), so the same request encoded in another order matches. */
export function fingerprint(params: FormValue): string {
  const canonical = (value: FormValue): unknown =>
    typeof value === 'string' ? value : Array.isArray(value) ? value.map(canonical) : Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical(value[k]!)]));
  return JSON.stringify(canonical(params));
}

const slot = (apiKey: string, key: string) => `${apiKey}\n${key}`;

function idempotencyError(message: string): StripeApiError {
  return new StripeApiError(400, 'idempotency_error', message);
}

/** The stored answer to replay, null for a new key; throws when the key was used for something else. */
export function findReplay(state: EmulatorState, apiKey: string, key: string, method: string, path: string, print: string, now: number): StoredIdempotentAnswer | null {
  const stored = state.idempotency.get(slot(apiKey, key));
  if (!stored) return null;
  if (stored.at + KEPT_FOR_S < now) {
    state.idempotency.delete(slot(apiKey, key));
    return null;
  }
  if (stored.method !== method || stored.path !== path) {
    throw idempotencyError(`Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.method} ${stored.path}' vs '${method} ${path}'). Try using a key other than '${key}' if you meant to execute a different request.`);
  }
  if (stored.fingerprint !== print) {
    throw idempotencyError(`Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
  }
  return stored;
}

export function remember(state: EmulatorState, apiKey: string, key: string, answer: StoredIdempotentAnswer): void {
  state.idempotency.set(slot(apiKey, key), answer);
  // Expired keys go as new ones come, so a long run does not keep every key forever.
  for (const [k, v] of state.idempotency) {
    if (v.at + KEPT_FOR_S >= answer.at) break;
    state.idempotency.delete(k);
  }
}
