import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placesToTry } from './rate-limit-repo.js';

describe('placesToTry', () => {
  it('Tries every place from the start below the limit exactly once, whatever the strides', () => {
    fc.assert(
      // The random strides from a sequence drawn as whole numbers (fc.double crowds near 0, which made every stride 1).
      fc.property(fc.nat(50), fc.integer({ min: 0, max: 400 }), fc.array(fc.integer({ min: 0, max: 999 }), { minLength: 1, maxLength: 20 }), (start, span, draws) => {
        const limit = start + span;
        let i = 0;
        const tried = [...placesToTry(start, limit, () => draws[i++ % draws.length]! / 1000)];
        expect([...tried].sort((a, b) => a - b)).toEqual(Array.from({ length: span }, (_, i) => start + i));
      }),
    );
  });

  it('A burst spreads out: 200 requests racing for one window take their places in a few attempts each', () => {
    // Simulated: each round, every request still waiting tries its next place; of those wanting one place, one gets it.
    const limit = 100_000;
    const waiting = Array.from({ length: 200 }, () => placesToTry(0, limit));
    const next = waiting.map((places) => places.next().value as number);
    const taken = new Set<number>();
    let attempts = 0;
    let pending = waiting.map((_, i) => i);
    while (pending.length > 0) {
      const byPlace = new Map<number, number[]>();
      for (const i of pending) byPlace.set(next[i]!, [...(byPlace.get(next[i]!) ?? []), i]);
      attempts += pending.length;
      const stillWaiting: number[] = [];
      for (const [place, wanting] of byPlace) {
        const winner = taken.has(place) ? undefined : wanting[0];
        if (winner !== undefined) taken.add(place);
        for (const i of wanting) {
          if (i === winner) continue;
          next[i] = waiting[i]!.next().value as number;
          stillWaiting.push(i);
        }
      }
      pending = stillWaiting;
    }
    expect(taken.size).toBe(200);
    // Trying n + 1 after each loss made 200 * 201 / 2 = 20,100 attempts.
    expect(attempts).toBeLessThan(2_000);
  });
});
