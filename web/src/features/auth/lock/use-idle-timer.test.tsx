import { act, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleTimer } from './use-idle-timer';

const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('useIdleTimer', () => {
  it('calls onIdle once the idle time has passed with no use, not before', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleTimer({ idleMs: 15 * MINUTE, enabled: true, onIdle }));
    advance(15 * MINUTE - 2_000);
    expect(onIdle).not.toHaveBeenCalled();
    advance(2_000);
    expect(onIdle).toHaveBeenCalled();
  });

  it('starts counting again at every key, press, pointer movement or scroll', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleTimer({ idleMs: 15 * MINUTE, enabled: true, onIdle }));
    for (const use of [() => fireEvent.keyDown(document.body, { key: 'a' }), () => fireEvent.pointerDown(document.body), () => fireEvent.pointerMove(document.body), () => fireEvent.scroll(window)]) {
      advance(14 * MINUTE);
      use();
    }
    advance(14 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    advance(MINUTE);
    expect(onIdle).toHaveBeenCalled();
  });

  it('counts use that a component stops from propagating', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleTimer({ idleMs: MINUTE, enabled: true, onIdle }));
    const button = document.createElement('button');
    button.addEventListener('keydown', (event) => event.stopPropagation());
    document.body.append(button);
    advance(MINUTE - 5_000);
    fireEvent.keyDown(button, { key: 'Enter' });
    advance(MINUTE - 5_000);
    expect(onIdle).not.toHaveBeenCalled();
    button.remove();
  });

  it('locks at once when the machine wakes after sleeping past the idle time', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleTimer({ idleMs: 15 * MINUTE, enabled: true, onIdle }));
    // Asleep: the clock moves on while no timer runs.
    vi.setSystemTime(Date.now() + 60 * MINUTE);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(onIdle).toHaveBeenCalled();
  });

  it('does nothing while disabled, and counts from the moment it is enabled again', () => {
    const onIdle = vi.fn();
    const { rerender } = renderHook(({ enabled }) => useIdleTimer({ idleMs: MINUTE, enabled, onIdle }), { initialProps: { enabled: false } });
    advance(10 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    rerender({ enabled: true });
    advance(MINUTE - 2_000);
    expect(onIdle).not.toHaveBeenCalled();
    advance(2_000);
    expect(onIdle).toHaveBeenCalled();
  });

  it('takes a shorter idle time at once', () => {
    const onIdle = vi.fn();
    const { rerender } = renderHook(({ idleMs }) => useIdleTimer({ idleMs, enabled: true, onIdle }), { initialProps: { idleMs: 15 * MINUTE } });
    advance(MINUTE);
    rerender({ idleMs: MINUTE });
    advance(MINUTE);
    expect(onIdle).toHaveBeenCalled();
  });
});
