import type { Session } from '@charta/contract';
import { useEffect, useState } from 'react';
import { slowSince } from '../lib/progress';

/**
 * Whether the session's current step is taking longer than expected (lib/progress decides when): turns
 * true at that moment by a timer, since polling re-renders only when the session changes, and false again
 * as soon as the session moves on (a new step, a restart).
 */
export function useTakingLong(session: Pick<Session, 'status' | 'audioDurationSec' | 'updatedAt'>): boolean {
  const slowAt = slowSince(session);
  // The slowAt that has passed; comparing with the current one forgets a passed moment once the session moves.
  const [passed, setPassed] = useState<number | null>(null);
  useEffect(() => {
    if (slowAt === null) return;
    const timer = setTimeout(() => setPassed(slowAt), Math.max(0, slowAt - Date.now()));
    return () => clearTimeout(timer);
  }, [slowAt]);
  return slowAt !== null && passed === slowAt;
}
