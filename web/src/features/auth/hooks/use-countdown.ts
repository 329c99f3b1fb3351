import { useEffect, useState } from 'react';
import { secondsUntil } from '../api/sign-in-methods';

/** Seconds left until `allowedAtMs` (0 once reached, or when null), ticking once a second meanwhile. */
export function useCountdown(allowedAtMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = allowedAtMs === null ? 0 : secondsUntil(allowedAtMs, now);
  useEffect(() => {
    if (left === 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  // A new deadline starts counting from the real time, not from the last tick.
  useEffect(() => setNow(Date.now()), [allowedAtMs]);
  return left;
}
