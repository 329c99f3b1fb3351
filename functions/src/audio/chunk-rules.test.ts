import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkRefusal, firstMissingChunk, MAX_CHUNKS_AHEAD, NO_PROGRESS } from './chunk-rules.js';

describe('chunkRefusal', () => {
  it('Accepts chunks in order, and out of order within the window', () => {
    expect(chunkRefusal(NO_PROGRESS, 0, false, null)).toBeNull();
    expect(chunkRefusal({ chunksReceived: 1, finalIndex: null }, 5, false, 0)).toBeNull();
    expect(chunkRefusal({ chunksReceived: 3, finalIndex: null }, 2, true, 2)).toBeNull();
  });

  it('A repeat of the final chunk, sent as final again, is accepted', () => {
    expect(chunkRefusal({ chunksReceived: 3, finalIndex: 2 }, 2, true, 2)).toBeNull();
  });

  it.each<[string, { chunksReceived: number; finalIndex: number | null }, number, boolean, number | null, string]>([
    ['far beyond the chunks received', { chunksReceived: 1, finalIndex: null }, 1 + MAX_CHUNKS_AHEAD, false, 0, 'too far ahead'],
    ['after the final chunk', { chunksReceived: 2, finalIndex: 1 }, 2, false, 1, 'after the final chunk'],
    ['a second, different final chunk', { chunksReceived: 2, finalIndex: 2 }, 1, true, 2, 'already closed at chunk 2'],
    ['a final chunk before one already received', { chunksReceived: 2, finalIndex: null }, 1, true, 3, 'Chunk 3 is after this final chunk'],
  ])('Refuses %s', (_what, progress, index, final, highest, message) => {
    expect(chunkRefusal(progress, index, final, highest)).toContain(message);
  });
});

describe('firstMissingChunk', () => {
  it('Finds the first gap in any set of received chunks, in a few counts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 5000 }), fc.array(fc.nat(), { maxLength: 20 }), async (finalIndex, holes) => {
        const missing = new Set(holes.map((h) => h % (finalIndex + 1)));
        let counts = 0;
        const countBelow = (n: number) => {
          counts++;
          return Promise.resolve(n - [...missing].filter((m) => m < n).length);
        };
        const expected = missing.size === 0 ? null : Math.min(...missing);
        expect(await firstMissingChunk(finalIndex, countBelow)).toBe(expected);
        expect(counts).toBeLessThanOrEqual(2 + Math.ceil(Math.log2(finalIndex + 2)));
      }),
    );
  });
});
