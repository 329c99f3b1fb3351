import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { State } from 'swr';
import { CACHE_UNUSED_TTL_MS, createExpiringCache } from './expiring-cache';

const state = (data: unknown): State => ({ data });
const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createExpiringCache', () => {
  it('discards an entry after 5 minutes unused', () => {
    const cache = createExpiringCache();
    cache.set('/profile', state('ada'));

    vi.advanceTimersByTime(CACHE_UNUSED_TTL_MS);
    expect(cache.get('/profile')?.data).toBe('ada');

    vi.advanceTimersByTime(CACHE_UNUSED_TTL_MS + 1);
    expect(cache.get('/profile')).toBeUndefined();
    expect([...cache.keys()]).toEqual([]);
  });

  it('counts a read as a use', () => {
    const cache = createExpiringCache();
    cache.set('/profile', state('ada'));

    vi.advanceTimersByTime(4 * MINUTE);
    cache.get('/profile');
    vi.advanceTimersByTime(4 * MINUTE);

    expect(cache.get('/profile')?.data).toBe('ada');
  });

  it('keeps an entry a mounted component uses, and starts the clock when it is released', () => {
    const cache = createExpiringCache();
    cache.set('/profile', state('ada'));
    const release = cache.retain('/profile');

    vi.advanceTimersByTime(30 * MINUTE);
    cache.evictStale();
    expect([...cache.keys()]).toEqual(['/profile']);

    release();
    vi.advanceTimersByTime(4 * MINUTE);
    cache.evictStale();
    expect([...cache.keys()]).toEqual(['/profile']);

    vi.advanceTimersByTime(2 * MINUTE);
    cache.evictStale();
    expect([...cache.keys()]).toEqual([]);
  });

  it('keeps an entry while any of several users still holds it', () => {
    const cache = createExpiringCache();
    cache.set('/profile', state('ada'));
    const releaseFirst = cache.retain('/profile');
    cache.retain('/profile');

    releaseFirst();
    releaseFirst(); // releasing twice must not release someone else's hold
    vi.advanceTimersByTime(10 * MINUTE);

    expect([...cache.keys()]).toEqual(['/profile']);
  });

  it('evicts only the stale entries', () => {
    const cache = createExpiringCache();
    cache.set('/old', state(1));
    vi.advanceTimersByTime(3 * MINUTE);
    cache.set('/new', state(2));
    vi.advanceTimersByTime(3 * MINUTE);

    expect([...cache.keys()]).toEqual(['/new']);
  });

  it('deletes on request', () => {
    const cache = createExpiringCache();
    cache.set('/profile', state('ada'));
    cache.delete('/profile');
    expect(cache.get('/profile')).toBeUndefined();
  });
});
