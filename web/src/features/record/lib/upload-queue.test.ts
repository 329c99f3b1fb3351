import { describe, expect, it, vi } from 'vitest';
import { backoffDelayMs, createUploadQueue, type SendResult, type UploadErrorKind, type UploadQueueDeps } from './upload-queue';

class FakeHttpError extends Error {
  constructor(
    readonly status: number,
    message = `HTTP ${status}`,
  ) {
    super(message);
  }
}

/** The classifier the app uses, in miniature: network errors and 5xx retry, 409 "Chunk N is missing" refills. */
function classify(error: unknown): UploadErrorKind {
  if (!(error instanceof FakeHttpError)) return { kind: 'retry' };
  const missing = /Chunk (\d+) is missing/.exec(error.message);
  if (error.status === 409 && missing) return { kind: 'missing', index: Number(missing[1]) };
  return error.status >= 500 ? { kind: 'retry' } : { kind: 'fatal' };
}

/**
 * A server that records each request and answers as upload_audio does: 201, complete once 0..final are in.
 * `fail` may throw for a given request number (1-based) to script failures.
 */
function fakeServer(fail?: (request: number, index: number, final: boolean) => Error | undefined) {
  const received = new Set<number>();
  const requests: string[] = [];
  let finalIndex: number | null = null;
  const send = vi.fn(async (index: number, final: boolean): Promise<SendResult> => {
    await Promise.resolve();
    requests.push(`${index}${final ? 'F' : ''}`);
    const error = fail?.(requests.length, index, final);
    if (error) throw error;
    received.add(index);
    if (final) finalIndex = index;
    if (finalIndex === null) return { complete: false };
    for (let i = 0; i <= finalIndex; i += 1) {
      if (!received.has(i)) {
        if (final) throw new FakeHttpError(409, `Chunk ${i} is missing: send it, then send the final chunk again`);
        return { complete: false };
      }
    }
    return { complete: true };
  });
  return { send, requests, received };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function queueWith(send: UploadQueueDeps['send'], extra: Partial<UploadQueueDeps> = {}) {
  const delays: number[] = [];
  const queue = createUploadQueue({
    send,
    classifyError: classify,
    // Instant waits that still record how long the queue asked to wait.
    sleep: (ms) => {
      delays.push(ms);
      return Promise.resolve();
    },
    random: () => 0.5,
    ...extra,
  });
  return { queue, delays };
}

describe('upload queue', () => {
  it('sends chunks in order, holding back the newest until a later one exists, and the last as final', async () => {
    const server = fakeServer();
    const { queue } = queueWith(server.send);

    queue.add(0, 100);
    await flush();
    expect(server.requests).toEqual([]); // chunk 0 might still be the last one

    queue.add(1, 100);
    queue.add(2, 50);
    await flush();
    expect(server.requests).toEqual(['0', '1']);
    expect(queue.getState()).toMatchObject({ status: 'idle', captured: { count: 3, bytes: 250 }, confirmed: { count: 2, bytes: 200 } });

    queue.close();
    const state = await queue.settled();

    expect(server.requests).toEqual(['0', '1', '2F']);
    expect(state).toMatchObject({ status: 'complete', confirmed: { count: 3, bytes: 250 } });
  });

  it('sends a single chunk as the final one at close', async () => {
    const server = fakeServer();
    const { queue } = queueWith(server.send);
    queue.add(0, 10);
    queue.close();
    expect((await queue.settled()).status).toBe('complete');
    expect(server.requests).toEqual(['0F']);
  });

  it('tells about each confirmed chunk before sending the next', async () => {
    const server = fakeServer();
    const events: string[] = [];
    const { queue } = queueWith(
      async (index, final) => {
        events.push(`send ${index}`);
        return server.send(index, final);
      },
      { onConfirmed: (index, final, result) => void events.push(`confirmed ${index}${final ? ' final' : ''}${result.complete ? ' complete' : ''}`) },
    );
    [0, 1, 2].forEach((i) => queue.add(i, 1));
    queue.close();
    await queue.settled();
    expect(events).toEqual(['send 0', 'confirmed 0', 'send 1', 'confirmed 1', 'send 2', 'confirmed 2 final complete']);
  });

  it('retries a failed request with growing delays, then carries on', async () => {
    // Requests 2 and 3 (chunk 1's first two attempts) fail with a network error.
    const server = fakeServer((n) => (n === 2 || n === 3 ? new TypeError('Failed to fetch') : undefined));
    const { queue, delays } = queueWith(server.send);
    [0, 1, 2].forEach((i) => queue.add(i, 1));
    queue.close();

    expect((await queue.settled()).status).toBe('complete');
    expect(server.requests).toEqual(['0', '1', '1', '1', '2F']);
    expect(delays).toEqual([1000, 2000]);
  });

  it('computes backoff as doubling from the base, capped, with jitter', () => {
    expect(backoffDelayMs(1, () => 0.5)).toBe(1000);
    expect(backoffDelayMs(4, () => 0.5)).toBe(8000);
    expect(backoffDelayMs(10, () => 0.5)).toBe(30_000);
    expect(backoffDelayMs(1, () => 0)).toBe(750);
    expect(backoffDelayMs(1, () => 1)).toBe(1250);
  });

  it('gives up after the last attempt, and starts again on retry()', async () => {
    let down = true;
    const server = fakeServer(() => (down ? new FakeHttpError(503) : undefined));
    const states: string[] = [];
    const { queue, delays } = queueWith(server.send, { maxAttempts: 3, onChange: (s) => states.push(s.status) });
    queue.add(0, 1);
    queue.close();

    const failed = await queue.settled();
    expect(failed).toMatchObject({ status: 'failed', attempt: 3 });
    expect(failed.error).toBeInstanceOf(FakeHttpError);
    expect(server.requests).toEqual(['0F', '0F', '0F']);
    expect(delays).toHaveLength(2);
    expect(states).toContain('waiting-retry');

    down = false;
    queue.retry();
    expect((await queue.settled()).status).toBe('complete');
    expect(server.requests).toEqual(['0F', '0F', '0F', '0F']);
  });

  it('stops at once on an error that retrying cannot fix', async () => {
    const server = fakeServer((n) => (n === 1 ? new FakeHttpError(415, 'not audio') : undefined));
    const { queue, delays } = queueWith(server.send);
    queue.add(0, 1);
    queue.add(1, 1);

    const state = await queue.settled();
    expect(state.status).toBe('failed');
    expect((state.error as Error).message).toBe('not audio');
    expect(server.requests).toEqual(['0']);
    expect(delays).toEqual([]);
  });

  it('waits while offline without spending attempts, and carries on when back online', async () => {
    let online = false;
    const server = fakeServer();
    const { queue } = queueWith(server.send, { isOnline: () => online });
    [0, 1].forEach((i) => queue.add(i, 1));
    queue.close();
    await flush();

    expect(server.requests).toEqual([]);
    expect(queue.getState()).toMatchObject({ status: 'offline', attempt: 0 });

    online = true;
    queue.setOnline(true);
    expect((await queue.settled()).status).toBe('complete');
    expect(server.requests).toEqual(['0', '1F']);
  });

  it('goes offline after a failed request when the device went offline meanwhile', async () => {
    let online = true;
    const server = fakeServer((n) => {
      if (n === 1) {
        online = false;
        return new TypeError('Failed to fetch');
      }
      return undefined;
    });
    const { queue } = queueWith(server.send, { isOnline: () => online });
    queue.add(0, 1);
    queue.close();
    await flush();
    expect(queue.getState()).toMatchObject({ status: 'offline', attempt: 1 });

    online = true;
    queue.setOnline(true);
    expect((await queue.settled()).status).toBe('complete');
  });

  it('sends a chunk the server says is missing, which completes the upload', async () => {
    // The server lost chunk 1 (its 201 was a lie, say, after a restore); the final names it.
    const server = fakeServer();
    const original = server.send.getMockImplementation()!;
    let dropped = false;
    server.send.mockImplementation(async (index, final) => {
      const result = await original(index, final);
      if (index === 1 && !dropped) {
        dropped = true;
        server.received.delete(1);
      }
      return result;
    });
    const { queue, delays } = queueWith(server.send);
    [0, 1, 2].forEach((i) => queue.add(i, 1));
    queue.close();

    expect((await queue.settled()).status).toBe('complete');
    expect(server.requests).toEqual(['0', '1', '2F', '1']);
    expect(delays).toEqual([]);
  });

  it('fails when the missing chunk is not on this device either', async () => {
    const send = vi.fn(() => Promise.reject(new FakeHttpError(409, 'Chunk 7 is missing: send it')));
    const { queue } = queueWith(send);
    queue.add(0, 1);
    queue.close();
    expect((await queue.settled()).status).toBe('failed');
  });

  it('tries the final again when the server does not complete on it', async () => {
    let answers = 0;
    const send = vi.fn((_index: number, final: boolean) => Promise.resolve({ complete: final && ++answers > 1 }));
    const { queue, delays } = queueWith(send);
    queue.add(0, 1);
    queue.close();
    expect((await queue.settled()).status).toBe('complete');
    expect(send).toHaveBeenCalledTimes(2);
    expect(delays).toHaveLength(1);
  });

  it('resumes a recovered upload: skips confirmed chunks and closes on the highest', async () => {
    const server = fakeServer();
    const queue = createUploadQueue(
      { send: server.send, classifyError: classify },
      {
        chunks: [
          { index: 0, size: 10, uploaded: true },
          { index: 1, size: 10, uploaded: true },
          { index: 2, size: 10 },
          { index: 3, size: 5 },
        ],
        closed: true,
      },
    );
    server.received.add(0).add(1);
    expect(queue.getState()).toMatchObject({ captured: { count: 4, bytes: 35 }, confirmed: { count: 2, bytes: 20 } });

    queue.retry(); // any nudge starts it; the manager calls retry() after building it
    expect((await queue.settled()).status).toBe('complete');
    expect(server.requests).toEqual(['2', '3F']);
  });

  it('sends the highest chunk as final even when it was confirmed as an ordinary one', async () => {
    const server = fakeServer();
    const queue = createUploadQueue(
      { send: server.send, classifyError: classify },
      { chunks: [{ index: 0, size: 1, uploaded: true }], closed: true },
    );
    queue.retry();
    expect((await queue.settled()).status).toBe('complete');
    expect(server.requests).toEqual(['0F']);
  });

  it('waits for a gap to be filled before going past it', async () => {
    const server = fakeServer();
    const { queue } = queueWith(server.send);
    queue.add(0, 1);
    queue.add(2, 1);
    await flush();
    expect(server.requests).toEqual(['0']);
    queue.add(1, 1);
    queue.close();
    await queue.settled();
    expect(server.requests).toEqual(['0', '1', '2F']);
  });

  it('sends nothing more once disposed', async () => {
    const server = fakeServer();
    const { queue } = queueWith(server.send);
    queue.dispose();
    queue.add(0, 1);
    queue.close();
    await flush();
    expect(server.requests).toEqual([]);
  });
});
