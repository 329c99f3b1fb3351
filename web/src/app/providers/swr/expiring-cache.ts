// SWR keeps every response forever by default. Clinical data should not linger in memory, so an entry that
// no mounted component uses and nobody has read for 5 minutes is discarded (like a query cache's gcTime).
import type { Cache, State } from 'swr';

export const CACHE_UNUSED_TTL_MS = 5 * 60 * 1000;

interface Entry {
  state: State;
  lastUsedAt: number;
}

export interface ExpiringCache extends Cache {
  /** Marks a key as in use by a mounted component; returns the function that releases it. */
  retain(key: string): () => void;
  /** Drops every entry not in use and unused for longer than the TTL. */
  evictStale(): void;
}

export function createExpiringCache(ttlMs = CACHE_UNUSED_TTL_MS, now: () => number = Date.now): ExpiringCache {
  const entries = new Map<string, Entry>();
  const retainCounts = new Map<string, number>();
  // Keys whose last user unmounted, with the time it did; an in-use key is never evicted.
  const releasedAt = new Map<string, number>();

  function isStale(key: string, entry: Entry, at: number): boolean {
    if ((retainCounts.get(key) ?? 0) > 0) return false;
    const lastUsed = Math.max(entry.lastUsedAt, releasedAt.get(key) ?? 0);
    return at - lastUsed > ttlMs;
  }

  function evictStale(): void {
    const at = now();
    for (const [key, entry] of entries) {
      if (isStale(key, entry, at)) {
        entries.delete(key);
        releasedAt.delete(key);
      }
    }
  }

  return {
    keys() {
      evictStale();
      return entries.keys();
    },
    get(key) {
      evictStale();
      const entry = entries.get(key);
      if (!entry) return undefined;
      entry.lastUsedAt = now();
      return entry.state;
    },
    set(key, state) {
      evictStale();
      entries.set(key, { state, lastUsedAt: now() });
    },
    delete(key) {
      entries.delete(key);
      releasedAt.delete(key);
    },
    retain(key) {
      retainCounts.set(key, (retainCounts.get(key) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const count = (retainCounts.get(key) ?? 1) - 1;
        if (count > 0) {
          retainCounts.set(key, count);
        } else {
          retainCounts.delete(key);
          releasedAt.set(key, now());
        }
      };
    },
    evictStale,
  };
}
