import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, ApiNetworkError } from './api-client';
import { useSubmit } from './use-submit';

/** A promise the test settles when it chooses. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useSubmit', () => {
  it('Is busy while the action runs, and not after', async () => {
    const request = deferred();
    const { result } = renderHook(() => useSubmit(() => request.promise));
    let done!: Promise<boolean>;
    act(() => {
      done = result.current.submit();
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      request.resolve();
      expect(await done).toBe(true);
    });
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it('Ignores a second submit while the first runs', async () => {
    const request = deferred();
    const action = vi.fn((_text: string) => request.promise);
    const { result } = renderHook(() => useSubmit(action));
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      // Both in one frame: the second sees no re-render in between.
      first = result.current.submit('a');
      second = result.current.submit('b');
    });
    expect(await second).toBe(false);
    await act(async () => {
      request.resolve();
      await first;
    });
    expect(action).toHaveBeenCalledTimes(1);
    expect(action).toHaveBeenCalledWith('a');
  });

  it('Shows a failure readably, with the field the API named, and clears it when submitted again', async () => {
    const action = vi.fn<() => Promise<void>>().mockRejectedValueOnce(new ApiError({ status: 400, code: 'invalid', message: 'Title is too long.', field: 'title' }));
    const { result } = renderHook(() => useSubmit(action));
    await act(async () => {
      expect(await result.current.submit()).toBe(false);
    });
    expect(result.current).toMatchObject({ busy: false, error: 'Title is too long.', errorField: 'title' });

    action.mockResolvedValueOnce(undefined);
    await act(async () => {
      expect(await result.current.submit()).toBe(true);
    });
    expect(result.current).toMatchObject({ error: null, errorField: undefined });
  });

  it('Words a failure with no message for people as the app does (describeError)', async () => {
    const { result } = renderHook(() => useSubmit(() => Promise.reject(new ApiNetworkError())));
    await act(async () => {
      await result.current.submit();
    });
    expect(result.current.error).toBe('Cannot reach Charta. Check your internet connection and try again.');
  });

  it("Takes the caller's wording, or none when the caller shows the failure itself", async () => {
    const describe = vi.fn((error: unknown) => (error instanceof Error && error.message === 'elsewhere' ? null : 'Reloaded: try again.'));
    const { result } = renderHook(() => useSubmit((message: string) => Promise.reject(new Error(message)), { describe }));
    await act(async () => {
      await result.current.submit('stale');
    });
    expect(result.current.error).toBe('Reloaded: try again.');
    await act(async () => {
      await result.current.submit('elsewhere');
    });
    expect(result.current.error).toBeNull();
    act(() => result.current.clearError());
    expect(result.current.error).toBeNull();
  });

  it('Writes nothing once unmounted while the request runs', async () => {
    const request = deferred();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result, unmount } = renderHook(() => useSubmit(() => request.promise));
    let done!: Promise<boolean>;
    act(() => {
      done = result.current.submit();
    });
    unmount();
    request.reject(new Error('gone'));
    expect(await done).toBe(false);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('Runs the latest action given', async () => {
    const first = vi.fn(() => Promise.resolve());
    const second = vi.fn(() => Promise.resolve());
    const { result, rerender } = renderHook(({ action }) => useSubmit(action), { initialProps: { action: first } });
    rerender({ action: second });
    await act(async () => {
      await result.current.submit();
    });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
