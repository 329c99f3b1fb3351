import { describe, expect, it } from 'vitest';
import { createStopwatch } from './stopwatch';

function clock() {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('stopwatch', () => {
  it('counts running time only, leaving pauses out', () => {
    const c = clock();
    const watch = createStopwatch(c.now);
    expect(watch.elapsedMs()).toBe(0);

    watch.start();
    c.advance(10_000);
    expect(watch.elapsedMs()).toBe(10_000);

    watch.pause();
    c.advance(3_000);
    expect(watch.elapsedMs()).toBe(10_000);
    expect(watch.state()).toBe('paused');

    watch.resume();
    c.advance(9_500);
    expect(watch.elapsedMs()).toBe(19_500);

    watch.stop();
    c.advance(60_000);
    expect(watch.elapsedMs()).toBe(19_500);
    expect(watch.state()).toBe('stopped');
  });

  it('ignores calls that make no sense in the current state', () => {
    const c = clock();
    const watch = createStopwatch(c.now);
    watch.pause();
    watch.resume();
    expect(watch.state()).toBe('idle');

    watch.start();
    c.advance(1_000);
    watch.start(); // a second start does not reset
    watch.resume(); // not paused
    c.advance(1_000);
    expect(watch.elapsedMs()).toBe(2_000);

    watch.pause();
    watch.pause(); // a second pause does not count the pause twice
    c.advance(5_000);
    expect(watch.elapsedMs()).toBe(2_000);
  });

  it('stops from a pause without counting the pause', () => {
    const c = clock();
    const watch = createStopwatch(c.now);
    watch.start();
    c.advance(4_000);
    watch.pause();
    c.advance(4_000);
    watch.stop();
    expect(watch.elapsedMs()).toBe(4_000);
  });
});
