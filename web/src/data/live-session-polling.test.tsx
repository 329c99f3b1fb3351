// The one polling hook for a session (useLiveSession), as its two readers use it: the Record tab's progress
// after Stop (useSessionProgress) and the session page. Timers are fake: each poll is one SESSION_POLL_MS.
import type { Session, SessionStatus } from '@charta/contract';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isProcessing } from '@charta/contract';
import { useSessionProgress } from '@/features/record/hooks/use-session-progress';
import { api } from '@/lib/api';
import { answerPosts, postsTo } from '@/test/api';
import { session } from '@/test/fixtures';
import { TestProviders } from '@/test/render';
import { SESSION_POLL_MS, useLiveSession } from './live-session';

vi.mock('@/lib/api');

const wrapper = ({ children }: { children: ReactNode }) => <TestProviders>{children}</TestProviders>;

/** The server's session goes through these states, one a read; the last one stays. */
function serverSession(statuses: SessionStatus[]) {
  let reads = 0;
  answerPosts({
    '/session/session': () => ({ session: session({ id: 's1', status: statuses[Math.min(reads++, statuses.length - 1)] }) }),
    '/session/live_transcript': () => ({ segments: [], transcribedUntilSec: 0, audioSec: 30, engine: null }),
  });
  return { reads: () => postsTo('/session/session').length };
}

const aPoll = () => act(() => vi.advanceTimersByTimeAsync(SESSION_POLL_MS));
/** The first read, answered (testing-library's waitFor does not see vitest's fake timers). */
const firstRead = () => act(() => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  vi.mocked(api.post).mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

const whileProcessing = (current: Session | undefined) => current !== undefined && isProcessing(current.status);

/** As the session page reads it: SWR re-renders only for the fields read while rendering. */
function useSessionPageRead(sessionId: string | null, pollWhile: (current: Session | undefined) => boolean) {
  const { data, mutate } = useLiveSession(sessionId, pollWhile);
  return { data, mutate };
}

describe('useLiveSession', () => {
  it('Asks again every poll while the session is processed, and stops once it is ready', async () => {
    const server = serverSession(['uploaded', 'transcribing', 'generating', 'ready']);
    const { result } = renderHook(() => useSessionPageRead('s1', whileProcessing), { wrapper });
    await firstRead();
    expect(result.current.data?.status).toBe('uploaded');
    await aPoll();
    expect(result.current.data?.status).toBe('transcribing');
    await aPoll();
    await aPoll();
    expect(result.current.data?.status).toBe('ready');
    const reads = server.reads();
    await aPoll();
    await aPoll();
    expect(server.reads()).toBe(reads);
  });

  it('Stops on failed, and polls again when Retry puts the session back into processing', async () => {
    const server = serverSession(['transcribing', 'failed']);
    const { result } = renderHook(() => useSessionPageRead('s1', whileProcessing), { wrapper });
    await firstRead();
    expect(result.current.data?.status).toBe('transcribing');
    await aPoll();
    expect(result.current.data?.status).toBe('failed');
    await aPoll();
    expect(server.reads()).toBe(2);

    // Retry: the page writes the answer it got into the cache; the reads go on from there.
    serverSession(['transcribing', 'ready']);
    await act(async () => {
      await result.current.mutate(session({ id: 's1', status: 'uploaded' }), { revalidate: false });
    });
    await aPoll();
    expect(result.current.data?.status).toBe('transcribing');
    await aPoll();
    expect(result.current.data?.status).toBe('ready');
  });

  it('Reads nothing without a session id', async () => {
    const server = serverSession(['uploaded']);
    renderHook(() => useSessionPageRead(null, () => true), { wrapper });
    await aPoll();
    expect(server.reads()).toBe(0);
  });
});

describe('useSessionProgress', () => {
  it('Follows a recording from draft to ready with its transcript so far until that is stored, then stops', async () => {
    const server = serverSession(['draft', 'transcribing', 'generating', 'ready']);
    const { result } = renderHook(() => useSessionProgress('s1'), { wrapper });
    await firstRead();
    expect(result.current.session?.status).toBe('draft');
    expect(result.current.liveTranscript).toBeDefined();
    await aPoll();
    expect(result.current.session?.status).toBe('transcribing');
    await aPoll();
    expect(result.current.session?.status).toBe('generating');
    // Past the transcript: the transcript so far is no longer read nor given.
    const transcriptReads = postsTo('/session/live_transcript').length;
    await aPoll();
    expect(result.current).toMatchObject({ session: { status: 'ready' }, settled: true, liveTranscript: undefined });
    const reads = server.reads();
    await aPoll();
    await aPoll();
    expect(server.reads()).toBe(reads);
    expect(postsTo('/session/live_transcript').length).toBe(transcriptReads);
  });
});
