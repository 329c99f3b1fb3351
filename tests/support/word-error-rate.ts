/**
 * Word error rate, as speech recognition is scored: the fewest substitutions, deletions and insertions that
 * turn the reference words into the hypothesis, over the number of reference words. It can pass 1 (a
 * hypothesis with many words inserted); an empty reference scores 0 against an empty hypothesis and
 * Infinity against any other.
 */
export interface WordErrors {
  rate: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  referenceWords: number;
}

/** One cell of the edit table: the fewest edits so far, and how many of each kind they are. */
interface Cell {
  s: number;
  d: number;
  i: number;
}
const edits = (c: Cell) => c.s + c.d + c.i;

export function wordErrors(reference: readonly string[], hypothesis: readonly string[]): WordErrors {
  const n = reference.length;
  const m = hypothesis.length;
  // Row by row (two rows: 60 minutes of speech is about 8,000 words a side), each cell carrying its counts.
  // On a tie a match or substitution is preferred, then a deletion, then an insertion.
  let previous: Cell[] = Array.from({ length: m + 1 }, (_, j) => ({ s: 0, d: 0, i: j }));
  for (let r = 1; r <= n; r++) {
    const current: Cell[] = [{ s: 0, d: r, i: 0 }];
    for (let h = 1; h <= m; h++) {
      const diagonal = previous[h - 1]!;
      const same = reference[r - 1] === hypothesis[h - 1];
      const viaDiagonal = edits(diagonal) + (same ? 0 : 1);
      const viaDeletion = edits(previous[h]!) + 1;
      const viaInsertion = edits(current[h - 1]!) + 1;
      const best = Math.min(viaDiagonal, viaDeletion, viaInsertion);
      if (best === viaDiagonal) current[h] = same ? diagonal : { ...diagonal, s: diagonal.s + 1 };
      else if (best === viaDeletion) current[h] = { ...previous[h]!, d: previous[h]!.d + 1 };
      else current[h] = { ...current[h - 1]!, i: current[h - 1]!.i + 1 };
    }
    previous = current;
  }
  const { s, d, i } = previous[m]!;
  const errors = s + d + i;
  return { rate: n === 0 ? (errors === 0 ? 0 : Infinity) : errors / n, substitutions: s, deletions: d, insertions: i, referenceWords: n };
}
