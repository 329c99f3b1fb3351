// Recording time with pauses left out: what the clinician sees on the clock and what the audio holds.

export type StopwatchState = 'idle' | 'running' | 'paused' | 'stopped';

export interface Stopwatch {
  start(): void;
  pause(): void;
  resume(): void;
  stop(): void;
  /** Milliseconds spent running so far (pauses excluded). */
  elapsedMs(): number;
  state(): StopwatchState;
}

/** `now` is a monotonic clock in ms (performance.now in the browser): wall-clock jumps must not show. */
export function createStopwatch(now: () => number = () => performance.now()): Stopwatch {
  let state: StopwatchState = 'idle';
  let accumulated = 0;
  let runningSince = 0;

  const elapsedMs = () => (state === 'running' ? accumulated + (now() - runningSince) : accumulated);

  return {
    start() {
      if (state !== 'idle') return;
      state = 'running';
      runningSince = now();
    },
    pause() {
      if (state !== 'running') return;
      accumulated += now() - runningSince;
      state = 'paused';
    },
    resume() {
      if (state !== 'paused') return;
      state = 'running';
      runningSince = now();
    },
    stop() {
      if (state === 'running') accumulated += now() - runningSince;
      if (state !== 'idle') state = 'stopped';
    },
    elapsedMs,
    state: () => state,
  };
}
