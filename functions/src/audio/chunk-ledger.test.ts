import { describe, expect, it } from 'vitest';
import { EMPTY_LEDGER, firstMissingChunk, isLedgerComplete, MAX_CHUNKS_AHEAD, receiveChunk, type ChunkLedger } from './chunk-ledger.js';

function receiveAll(steps: [index: number, final: boolean][], from: ChunkLedger = EMPTY_LEDGER): ChunkLedger {
  let ledger = from;
  for (const [index, final] of steps) {
    const verdict = receiveChunk(ledger, index, final);
    if (verdict.kind === 'refused') throw new Error(verdict.message);
    ledger = verdict.ledger;
  }
  return ledger;
}

describe('receiveChunk', () => {
  it('In order: complete at the final chunk', () => {
    const ledger = receiveAll([[0, false], [1, false], [2, true]]);
    expect(ledger).toEqual({ contiguousChunks: 3, chunksAhead: [], finalIndex: 2 });
    expect(isLedgerComplete(ledger)).toBe(true);
  });

  it('Out of order within the window: held ahead, then folded in', () => {
    const ledger = receiveAll([[1, false], [3, false], [2, false]]);
    expect(ledger).toEqual({ contiguousChunks: 0, chunksAhead: [1, 2, 3], finalIndex: null });
    expect(receiveChunk(receiveAll([[1, false], [2, true]]), 0, false)).toEqual({ kind: 'new', ledger: { contiguousChunks: 3, chunksAhead: [], finalIndex: 2 } });
  });

  it('A repeat is not new; sent again with final=true it closes the upload', () => {
    const ledger = receiveAll([[0, false], [1, false]]);
    expect(receiveChunk(ledger, 1, false)).toEqual({ kind: 'repeat', ledger });
    expect(receiveChunk(ledger, 1, true)).toEqual({ kind: 'repeat', ledger: { ...ledger, finalIndex: 1 } });
  });

  it('A final chunk with a gap: the first missing one is named', () => {
    const ledger = receiveAll([[0, false], [2, true]]);
    expect(isLedgerComplete(ledger)).toBe(false);
    expect(firstMissingChunk(ledger)).toBe(1);
  });

  it.each<[string, [number, boolean][], number, boolean, string]>([
    ['far beyond the first missing chunk', [[0, false]], 1 + MAX_CHUNKS_AHEAD, false, 'too far ahead'],
    ['after the final chunk', [[0, false], [1, true]], 2, false, 'after the final chunk'],
    ['a second, different final chunk', [[0, false], [2, true]], 1, true, 'already closed at chunk 2'],
    ['a final chunk before one already received', [[0, false], [3, false]], 1, true, 'Chunk 3 is after this final chunk'],
    ['a repeat sent as final before one already received', [[0, false], [1, false], [2, false]], 1, true, 'Chunk 2 is after'],
  ])('Refuses %s', (_what, steps, index, final, message) => {
    const verdict = receiveChunk(receiveAll(steps), index, final);
    expect(verdict.kind).toBe('refused');
    expect(verdict.kind === 'refused' && verdict.message).toContain(message);
  });

  it('A 24-hour recording of 2-second chunks keeps the ledger a few bytes', () => {
    let ledger = EMPTY_LEDGER;
    for (let i = 0; i < 43_200; i++) {
      const verdict = receiveChunk(ledger, i, i === 43_199);
      if (verdict.kind !== 'new') throw new Error(`chunk ${i}: ${verdict.kind}`);
      ledger = verdict.ledger;
    }
    expect(isLedgerComplete(ledger)).toBe(true);
    expect(JSON.stringify(ledger).length).toBeLessThan(80);
  });

  it('Chunks held ahead never exceed the window', () => {
    const ledger = receiveAll(Array.from({ length: MAX_CHUNKS_AHEAD - 1 }, (_, i) => [i + 1, false] as [number, boolean]));
    expect(ledger.chunksAhead).toHaveLength(MAX_CHUNKS_AHEAD - 1);
    expect(receiveChunk(ledger, MAX_CHUNKS_AHEAD, false).kind).toBe('refused');
  });
});
