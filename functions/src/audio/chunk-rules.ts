/**
 * Which chunks of a chunked upload are accepted (domain; no storage). Each chunk is recorded on its own
 * (`audioUploads/{id}/chunks/{index}`, created once), so chunks of one recording sent at once never queue
 * behind one document's transaction; the upload record keeps counts (incremented) and, once the final chunk
 * is known, its index. These rules decide, from that record, what is refused before anything is stored.
 */
export interface UploadProgress {
  /** How many distinct chunks have been recorded. */
  chunksReceived: number;
  /** The index of the chunk sent with final=true, once seen. */
  finalIndex: number | null;
}

/**
 * How far past the chunks received so far a chunk may arrive. The web app sends one chunk at a time, in
 * order, retrying a failed one before the next; other clients may overlap a few requests. A chunk far
 * beyond is a client bug (or a probe): it is refused, so it is never stored, counted and then dropped.
 */
export const MAX_CHUNKS_AHEAD = 32;

export const NO_PROGRESS: UploadProgress = { chunksReceived: 0, finalIndex: null };

/**
 * Why chunk `index` (final or not) is refused, or null to accept it. `highestReceived` is the highest index
 * recorded so far (needed only for a final chunk: a final chunk before one already received would drop it).
 */
export function chunkRefusal(progress: UploadProgress, index: number, final: boolean, highestReceived: number | null): string | null {
  const closedAt = progress.finalIndex;
  if (closedAt !== null && index > closedAt) return `chunkIndex ${index} is after the final chunk ${closedAt}`;
  if (final && closedAt !== null && closedAt !== index) return `This upload was already closed at chunk ${closedAt}`;
  if (final && highestReceived !== null && highestReceived > index) return `Chunk ${highestReceived} is after this final chunk ${index}`;
  if (index >= progress.chunksReceived + MAX_CHUNKS_AHEAD) {
    return `Chunk ${index} is too far ahead: ${progress.chunksReceived} chunk(s) have arrived so far (send chunks in order, at most ${MAX_CHUNKS_AHEAD} ahead)`;
  }
  return null;
}

/**
 * The first chunk of 0..finalIndex that has not arrived, found with `countBelow(n)` (how many of chunks
 * 0..n-1 have arrived) by bisection: a few counts, whatever the recording's length. Null when none is missing.
 */
export async function firstMissingChunk(finalIndex: number, countBelow: (n: number) => Promise<number>): Promise<number | null> {
  if ((await countBelow(finalIndex + 1)) === finalIndex + 1) return null;
  // Invariant: chunks 0..low-1 have all arrived; one of 0..high-1 has not.
  let low = 0;
  let high = finalIndex + 1;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if ((await countBelow(mid)) === mid) low = mid;
    else high = mid;
  }
  return low;
}
