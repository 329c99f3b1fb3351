/**
 * Which chunks of a chunked upload have arrived, in a record whose size does not grow with the recording.
 *
 * A per-chunk map in the upload's Firestore document (about 100 bytes and 4 index entries a chunk) reached
 * Firestore's limits (1 MiB, 40,000 index entries a document) at about 10,000 chunks: 5.5 hours of the
 * recorder's 2-second chunks. Here the chunks 0..contiguous-1 are one number, and the few that arrived
 * ahead of a missing one are a short list, bounded by MAX_CHUNKS_AHEAD: what the ledger needs to count
 * each chunk once, refuse gaps and know when the upload is complete, for any length.
 */
export interface ChunkLedger {
  /** Chunks 0..contiguousChunks-1 have all arrived. */
  contiguousChunks: number;
  /** Chunks that arrived while an earlier one was missing, ascending (fewer than MAX_CHUNKS_AHEAD). */
  chunksAhead: number[];
  /** The index of the chunk sent with final=true, once seen. */
  finalIndex: number | null;
}

/**
 * How far past the first missing chunk a chunk may arrive. The web app sends one chunk at a time, in
 * order, retrying a failed one before the next; other clients may overlap a few requests. A chunk far
 * beyond is a client bug (or a probe): it is refused, so it is never stored, counted and then dropped.
 */
export const MAX_CHUNKS_AHEAD = 32;

export const EMPTY_LEDGER: ChunkLedger = { contiguousChunks: 0, chunksAhead: [], finalIndex: null };

export function hasChunk(ledger: ChunkLedger, index: number): boolean {
  return index < ledger.contiguousChunks || ledger.chunksAhead.includes(index);
}

/** The highest chunk index received, or -1 before any. */
export function highestChunk(ledger: ChunkLedger): number {
  return Math.max(ledger.contiguousChunks - 1, ...ledger.chunksAhead);
}

/** The first chunk of 0..final that has not arrived, or null (no final chunk yet, or none missing). */
export function firstMissingChunk(ledger: ChunkLedger): number | null {
  if (ledger.finalIndex === null || ledger.contiguousChunks > ledger.finalIndex) return null;
  return ledger.contiguousChunks;
}

/** Every chunk 0..final has arrived (none beyond final can have). */
export function isLedgerComplete(ledger: ChunkLedger): boolean {
  return ledger.finalIndex !== null && ledger.contiguousChunks === ledger.finalIndex + 1;
}

export type ChunkVerdict =
  /** A chunk not seen before: store and count it. */
  | { kind: 'new'; ledger: ChunkLedger }
  /** A chunk already counted (a retry); `ledger` differs only if this repeat closed the upload. */
  | { kind: 'repeat'; ledger: ChunkLedger }
  /** Refused: storing it would drop audio, or leave a gap; `message` says what to do. */
  | { kind: 'refused'; message: string };

/** What receiving chunk `index` (with final=true or not) does to the ledger. Pure: callers persist it. */
export function receiveChunk(ledger: ChunkLedger, index: number, final: boolean): ChunkVerdict {
  const closedAt = ledger.finalIndex;
  if (closedAt !== null && index > closedAt) return { kind: 'refused', message: `chunkIndex ${index} is after the final chunk ${closedAt}` };
  if (final && closedAt !== null && closedAt !== index) return { kind: 'refused', message: `This upload was already closed at chunk ${closedAt}` };
  const highest = highestChunk(ledger);
  if (final && highest > index) return { kind: 'refused', message: `Chunk ${highest} is after this final chunk ${index}` };

  if (hasChunk(ledger, index)) {
    return { kind: 'repeat', ledger: final && closedAt === null ? { ...ledger, finalIndex: index } : ledger };
  }
  if (index >= ledger.contiguousChunks + MAX_CHUNKS_AHEAD) {
    return {
      kind: 'refused',
      message: `Chunk ${index} is too far ahead: chunk ${ledger.contiguousChunks} has not arrived yet (send chunks in order)`,
    };
  }

  let contiguousChunks = ledger.contiguousChunks;
  let chunksAhead = [...ledger.chunksAhead, index].sort((a, b) => a - b);
  while (chunksAhead[0] === contiguousChunks) {
    chunksAhead = chunksAhead.slice(1);
    contiguousChunks++;
  }
  return { kind: 'new', ledger: { contiguousChunks, chunksAhead, finalIndex: final ? index : closedAt } };
}
