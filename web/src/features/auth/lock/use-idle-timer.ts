// Tells when nobody has used the page for `idleMs` (docs/sign-in.md "Automatic lock"). Any input counts as use. The
// check compares wall-clock times once a second rather than waiting on a single timeout, so a laptop that
// slept past the idle time locks as soon as it wakes (a sleeping machine's timers are late, not early).
import { useEffect, useRef } from 'react';

/** What counts as someone at the screen: pressing, typing, pointing, scrolling, touching. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
export const IDLE_CHECK_INTERVAL_MS = 1_000;

interface IdleTimerOptions {
  idleMs: number;
  /** Off while locked or signed out: nothing is counted, and turning it on again starts from now. */
  enabled: boolean;
  onIdle: () => void;
}

export function useIdleTimer({ idleMs, enabled, onIdle }: IdleTimerOptions): void {
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  });

  useEffect(() => {
    if (!enabled) return;
    let lastActivity = Date.now();
    const noteActivity = () => {
      lastActivity = Date.now();
    };
    const check = () => {
      if (Date.now() - lastActivity >= idleMs) onIdleRef.current();
    };
    // Capture phase: a component that stops an event's propagation still counts as use.
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, noteActivity, { capture: true, passive: true });
    const interval = window.setInterval(check, IDLE_CHECK_INTERVAL_MS);
    // A tab brought back to the front is checked at once (background tabs' intervals are throttled).
    document.addEventListener('visibilitychange', check);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, noteActivity, { capture: true });
      window.clearInterval(interval);
      document.removeEventListener('visibilitychange', check);
    };
  }, [enabled, idleMs]);
}
