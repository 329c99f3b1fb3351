import type { LimitWindow, LimitsConfig, RateLimitRule } from './limits-config.js';

/**
 * Whom a limit counts: a signed-in user, a client address on routes without sign-in, or an email address
 * (sign-in codes), given as the one-time-code module's keyed hash of it so no address is ever stored.
 */
export type LimitSubject = { kind: 'user'; uid: string } | { kind: 'address'; address: string } | { kind: 'email'; emailKey: string };

/** One fixed window of one rule for one subject: what a counter counts in. */
export interface CounterWindow {
  rule: RateLimitRule;
  subject: LimitSubject;
  windowSec: number;
  /** Windows are aligned to the epoch: window `index` covers [index * windowSec, (index + 1) * windowSec). */
  index: number;
  startMs: number;
  endMs: number;
}

/** The shared count behind the limiter (Firestore), so a limit holds across every Cloud Functions instance. */
export interface WindowCounter {
  /**
   * Takes one of the window's `limit` places for this request: true if one was free. Of requests racing for
   * the last places, exactly as many win as there are places.
   */
  take(window: CounterWindow, limit: number): Promise<boolean>;
}

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSec: number; window: LimitWindow };

/** The fixed window that `nowMs` falls in. */
export function windowAt(rule: RateLimitRule, subject: LimitSubject, windowSec: number, nowMs: number): CounterWindow {
  const lengthMs = windowSec * 1000;
  const index = Math.floor(nowMs / lengthMs);
  return { rule, subject, windowSec, index, startMs: index * lengthMs, endMs: (index + 1) * lengthMs };
}

/** Seconds until the window ends (at least 1): what Retry-After says. */
export function secondsUntilEnd(window: CounterWindow, nowMs: number): number {
  return Math.max(1, Math.ceil((window.endMs - nowMs) / 1000));
}

/**
 * Fixed-window limits, counted in a shared store. Each window a rule has is checked from the shortest to the
 * longest, and a longer one counts a request only once the shorter ones let it through, so a client that
 * keeps hitting a full minute does not also use up its day.
 *
 * Each window has `limit` places, taken with create-only writes (see RateLimitRepo), so no more than the
 * limit ever pass, and a concurrent burst lets exactly the free places through, not none. Fixed windows let
 * up to twice a limit through across a window boundary; the longer window bounds what that can add up to.
 */
export class RateLimiter {
  constructor(
    private readonly counter: WindowCounter,
    private readonly config: LimitsConfig,
    private readonly now: () => Date,
  ) {}

  async consume(rule: RateLimitRule, subject: LimitSubject): Promise<LimitDecision> {
    const windows = [...this.config.rates[rule]].sort((a, b) => a.windowSec - b.windowSec);
    for (const limitWindow of windows) {
      const nowMs = this.now().getTime();
      const window = windowAt(rule, subject, limitWindow.windowSec, nowMs);
      const taken = await this.counter.take(window, limitWindow.limit);
      if (!taken) return { allowed: false, retryAfterSec: secondsUntilEnd(window, nowMs), window: limitWindow };
    }
    return { allowed: true };
  }
}
