// Sends the chunks of one upload to the server, in chunkIndex order, one request at a time, until the
// server says the upload is complete. Pure: it knows nothing of HTTP, IndexedDB or the browser; the caller
// supplies `send`, a classifier for errors, whether the device is online, and a clock.
//
// Rules (docs/api.md "Sessions": POST /session/upload_audio):
// - A chunk goes up only once a later chunk exists, or the queue is closed. So the last chunk is never sent
//   as an ordinary chunk and then again as the final one: its first request already says final=true. (The
//   server stores a repeated chunkIndex once, so a resend cannot carry a "final" the first send lacked.)
// - A failed request is retried with exponential backoff and jitter; after `maxAttempts` failures in a row
//   the queue stops as "failed" until retry() (the user's "Retry" button, or coming back online).
// - Offline, it waits (no attempts are spent) and carries on at setOnline(true).
// - "Chunk N is missing" (409 on the final request): N is sent again; the server then completes by itself.

export type UploadErrorKind =
  /** Worth trying again: network failure, timeout, 5xx, 429. */
  | { kind: 'retry' }
  /** Trying again would give the same answer (415, 404, 400...). */
  | { kind: 'fatal' }
  /** The server is missing chunk `index` of this upload. */
  | { kind: 'missing'; index: number };

export interface SendResult {
  /** The server holds the complete upload. */
  complete: boolean;
}

export type QueueStatus =
  /** Nothing to send yet (waiting for the next chunk, or for close()). */
  | 'idle'
  | 'uploading'
  /** A request failed; the next attempt is scheduled at `nextRetryAt`. */
  | 'waiting-retry'
  | 'offline'
  | 'failed'
  | 'complete';

export interface QueueState {
  status: QueueStatus;
  /** Chunks known to the queue (captured, or parts of a file) and their bytes. */
  captured: { count: number; bytes: number };
  /** Chunks the server has confirmed. */
  confirmed: { count: number; bytes: number };
  closed: boolean;
  /** Consecutive failed attempts of the current request. */
  attempt: number;
  /** Epoch ms of the next automatic attempt, in 'waiting-retry'. */
  nextRetryAt: number | null;
  /** The last error, while retrying or failed. */
  error: unknown;
  /** The chunk being sent, and whether as the final one. */
  sending: { index: number; final: boolean } | null;
}

export interface UploadQueueDeps {
  send: (index: number, final: boolean) => Promise<SendResult>;
  classifyError: (error: unknown) => UploadErrorKind;
  isOnline?: () => boolean;
  /** Told after each confirmed chunk, before the next is sent (e.g. to mark it uploaded on disk). */
  onConfirmed?: (index: number, final: boolean, result: SendResult) => Promise<void> | void;
  onChange?: (state: QueueState) => void;
  /** Resolves after `ms`, or early when `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export interface InitialChunk {
  index: number;
  size: number;
  uploaded?: boolean;
}

export interface UploadQueue {
  /** A new chunk exists (stored). Indexes must be gapless from 0; adding one again changes nothing. */
  add(index: number, size: number): void;
  /** No more chunks: the highest one is the final. */
  close(): void;
  /** After 'failed' (or to cut a backoff short): start again with a fresh attempt count. */
  retry(): void;
  /** Tells the queue the device's connection changed (isOnline() is what it believes). */
  setOnline(online: boolean): void;
  getState(): QueueState;
  /** Resolves when the queue is complete or failed. */
  settled(): Promise<QueueState>;
  /** Stops for good (the page is going away); no further sends start. */
  dispose(): void;
}

export const DEFAULT_MAX_ATTEMPTS = 6;
export const DEFAULT_BASE_DELAY_MS = 1_000;
export const DEFAULT_MAX_DELAY_MS = 30_000;

/** Delay before attempt `attempt + 1`: base·2^(attempt-1), capped, with ±25 % jitter so tabs do not retry in step. */
export function backoffDelayMs(attempt: number, random: () => number, baseMs = DEFAULT_BASE_DELAY_MS, maxMs = DEFAULT_MAX_DELAY_MS): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  const jitter = 0.75 + random() * 0.5;
  return Math.round(Math.min(maxMs, exponential * jitter));
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

class IncompleteFinalError extends Error {
  override readonly name = 'IncompleteFinalError';
  constructor() {
    super('The server did not complete the upload after its final chunk.');
  }
}

export function createUploadQueue(deps: UploadQueueDeps, initial: { chunks?: InitialChunk[]; closed?: boolean } = {}): UploadQueue {
  const isOnline = deps.isOnline ?? (() => true);
  const sleep = deps.sleep ?? defaultSleep;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const maxAttempts = deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;

  const sizes = new Map<number, number>();
  const confirmed = new Set<number>();
  for (const chunk of initial.chunks ?? []) {
    sizes.set(chunk.index, chunk.size);
    if (chunk.uploaded) confirmed.add(chunk.index);
  }

  let closed = initial.closed ?? false;
  let disposed = false;
  let running = false;
  let status: QueueStatus = 'idle';
  let attempt = 0;
  let nextRetryAt: number | null = null;
  let lastError: unknown = null;
  let sending: QueueState['sending'] = null;
  let missingRounds = 0;
  let wake = new AbortController();
  const settleWaiters: ((state: QueueState) => void)[] = [];

  const kindOf = (error: unknown): UploadErrorKind => (error instanceof IncompleteFinalError ? { kind: 'retry' } : deps.classifyError(error));
  const highestIndex = () => (sizes.size === 0 ? -1 : Math.max(...sizes.keys()));

  function getState(): QueueState {
    let confirmedBytes = 0;
    for (const index of confirmed) confirmedBytes += sizes.get(index) ?? 0;
    let capturedBytes = 0;
    for (const size of sizes.values()) capturedBytes += size;
    return {
      status,
      captured: { count: sizes.size, bytes: capturedBytes },
      confirmed: { count: confirmed.size, bytes: confirmedBytes },
      closed,
      attempt,
      nextRetryAt,
      error: lastError,
      sending,
    };
  }

  function setStatus(next: QueueStatus) {
    status = next;
    const state = getState();
    deps.onChange?.(state);
    if (next === 'complete' || next === 'failed') settleWaiters.splice(0).forEach((resolve) => resolve(state));
  }

  /** The lowest unconfirmed chunk that may go now, or undefined. */
  function nextToSend(): { index: number; final: boolean } | undefined {
    const last = highestIndex();
    for (let index = 0; index <= last; index += 1) {
      // The last chunk is never done before the upload is: only the final request's answer completes it.
      if (confirmed.has(index) && !(closed && index === last)) continue;
      if (!sizes.has(index)) return undefined; // a gap: wait for it
      if (index < last) return { index, final: false };
      return closed ? { index, final: true } : undefined;
    }
    return undefined;
  }

  function fail(error: unknown) {
    lastError = error;
    nextRetryAt = null;
    sending = null;
    setStatus('failed');
  }

  async function pump(): Promise<void> {
    if (running || disposed) return;
    running = true;
    try {
      while (!disposed && status !== 'complete' && status !== 'failed') {
        const next = nextToSend();
        if (!next) {
          setStatus('idle');
          return;
        }
        if (!isOnline()) {
          setStatus('offline');
          return;
        }
        sending = next;
        nextRetryAt = null;
        setStatus('uploading');
        try {
          const result = await deps.send(next.index, next.final);
          if (disposed) return;
          // A final the server did not complete is not confirmed: it is tried again like a failure.
          if (next.final && !result.complete) throw new IncompleteFinalError();
          await deps.onConfirmed?.(next.index, next.final, result);
          confirmed.add(next.index);
          attempt = 0;
          lastError = null;
          sending = null;
          // Usually the final chunk's answer; also a refilled gap's, after "Chunk N is missing".
          if (result.complete) {
            for (const index of sizes.keys()) confirmed.add(index);
            setStatus('complete');
            return;
          }
          setStatus('uploading');
        } catch (error) {
          if (disposed) return;
          sending = null;
          const kind = kindOf(error);
          if (kind.kind === 'missing') {
            missingRounds += 1;
            if (!sizes.has(kind.index) || missingRounds > sizes.size + 2) {
              fail(error);
              return;
            }
            // Send the missing one, then the final again (the server may complete on the missing one alone).
            confirmed.delete(kind.index);
            confirmed.delete(next.index);
            continue;
          }
          if (kind.kind === 'fatal') {
            fail(error);
            return;
          }
          attempt += 1;
          lastError = error;
          if (attempt >= maxAttempts) {
            fail(error);
            return;
          }
          if (!isOnline()) {
            setStatus('offline');
            return;
          }
          const delay = backoffDelayMs(attempt, random, deps.baseDelayMs, deps.maxDelayMs);
          nextRetryAt = now() + delay;
          setStatus('waiting-retry');
          // A fresh signal per wait: retry() and coming back online cut only this wait short.
          wake = new AbortController();
          await sleep(delay, wake.signal);
          nextRetryAt = null;
        }
      }
    } finally {
      running = false;
    }
  }

  function kick() {
    void pump();
  }

  function retry() {
    if (disposed || status === 'complete') return;
    attempt = 0;
    missingRounds = 0;
    lastError = null;
    if (status === 'failed') status = 'idle';
    // Cuts a running backoff short; the loop carries on by itself.
    wake.abort();
    if (!running) kick();
  }

  return {
    add(index, size) {
      if (disposed || sizes.has(index)) return;
      if (closed) throw new Error('No chunk may be added after close()');
      sizes.set(index, size);
      if (!running) kick();
      else deps.onChange?.(getState());
    },
    close() {
      if (closed) return;
      closed = true;
      if (!running) kick();
    },
    retry,
    setOnline(next) {
      if (disposed) return;
      if (next && status === 'offline') {
        // Failures while the connection was gone say nothing about the server: a fresh count.
        attempt = 0;
        kick();
      }
      // Back online after giving up: one more round is the least surprising thing to do.
      else if (next && status === 'failed' && lastError !== null && kindOf(lastError).kind === 'retry') retry();
      else if (next && status === 'waiting-retry') wake.abort();
    },
    getState,
    settled() {
      if (status === 'complete' || status === 'failed') return Promise.resolve(getState());
      return new Promise((resolve) => settleWaiters.push(resolve));
    },
    dispose() {
      disposed = true;
      wake.abort();
    },
  };
}
