// The one SWR configuration: reads go through the API client, unused data leaves memory after 5 minutes,
// failed reads retry on a short backoff (never on 4xx), and failures surface in the global snackbar.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { SWRConfig, unstable_serialize, type Middleware, type SWRConfiguration } from 'swr';
import { useNotify } from '@/components/feedback/notifications';
import { api } from '@/lib/api';
import { ApiCancelledError, ApiError, ApiNetworkError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { createExpiringCache, type ExpiringCache } from './expiring-cache';
import { retryDelayMs } from './retry-policy';

const EVICTION_SWEEP_MS = 60_000;

/** Tells the cache which keys a mounted component is showing, so those are never evicted under it. */
function retainWhileMounted(cache: ExpiringCache): Middleware {
  return (useSWRNext) =>
    function useRetainedSWR(key, fetcher, config) {
      const cacheKey = unstable_serialize(key);
      useEffect(() => (cacheKey ? cache.retain(cacheKey) : undefined), [cacheKey]);
      return useSWRNext(key, fetcher, config);
    };
}

/**
 * Every read (and mutation) waits for `userKnown` before its fetcher runs: the shell can render the Record
 * tab before Firebase Auth has said who is signed in (lib/signed-in-hint.ts), and nothing of a patient is
 * asked for until it has. Meanwhile the hooks say they are loading, as on any first read.
 */
function afterUserKnown(userKnown: Promise<void>): Middleware {
  return (useSWRNext) =>
    function useSWRAfterUserKnown(key, fetcher, config) {
      const run = fetcher as ((...args: unknown[]) => unknown) | null;
      const waiting = run && (((...args: unknown[]) => userKnown.then(() => run(...args))) as typeof fetcher);
      return useSWRNext(key, waiting, config);
    };
}

function shouldAnnounce(error: unknown): boolean {
  // A 401 signs the user out (see lib/api.ts), which says more than a snackbar; a cancellation was wanted.
  if (error instanceof ApiError && error.status === 401) return false;
  // A sign-in method the clinic refuses is said once, above every page, with Sign out (app/shell/SignInRefusedBanner).
  if (error instanceof ApiError && error.code === 'sign_in_method_not_allowed') return false;
  // With no connection every read fails: the page says what it could not load in place, and the Record tab
  // that it is offline (docs/decisions.md "Installable, and working through a dropped connection").
  if (error instanceof ApiNetworkError && !navigator.onLine) return false;
  return !(error instanceof ApiCancelledError);
}

/** A promise and its resolve: the user becomes known once per provider (it is remounted per user). */
function userKnownSignal(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** `userKnown`: Auth has said who is signed in; until then no fetcher runs (see afterUserKnown). */
export function SwrProvider({ children, userKnown = true }: { children: ReactNode; userKnown?: boolean }) {
  const notify = useNotify();
  const [cache] = useState(() => createExpiringCache());
  const [known] = useState(userKnownSignal);
  if (userKnown) known.resolve();

  useEffect(() => {
    const timer = setInterval(() => cache.evictStale(), EVICTION_SWEEP_MS);
    return () => clearInterval(timer);
  }, [cache]);

  const config = useMemo<SWRConfiguration>(
    () => ({
      fetcher: (path: string) => api.get(path),
      provider: () => cache,
      use: [retainWhileMounted(cache), afterUserKnown(known.promise)],
      onErrorRetry: (error, _key, _config, revalidate, options) => {
        const delay = retryDelayMs(error, options.retryCount);
        if (delay !== null) setTimeout(() => void revalidate(options), delay);
      },
      onError: (error) => {
        if (shouldAnnounce(error)) notify({ message: describeError(error), severity: 'error' });
      },
    }),
    [cache, notify, known],
  );

  return <SWRConfig value={config}>{children}</SWRConfig>;
}
