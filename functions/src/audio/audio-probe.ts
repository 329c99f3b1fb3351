import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { parseStream } from 'music-metadata';
import type { AudioStore } from '../storage/audio-store.js';
import { detectAudioFormat, FORMAT_SNIFF_BYTES, type AudioFormat } from './audio-format.js';
import { hasValidStructure } from './container-structure.js';
import { webmDurationFromTail, webmTimecodeScale } from './webm-duration.js';

export interface AudioFacts {
  format: AudioFormat;
  sizeBytes: number;
  sha256: string;
  /** Seconds, to the millisecond; null if the file holds no readable audio timing. */
  durationSec: number | null;
}

// The last cluster of a browser recording sits well within its last 2 MB.
const WEBM_TAIL_BYTES = 2 * 1024 * 1024;
const MAX_PLAUSIBLE_SEC = 24 * 3600;

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Size, checksum, format and duration of a stored audio object, whose structure is checked end to end.
 * Streams it (never the whole file in memory). WebM from browsers usually lacks a Duration header; then the last cluster gives it.
 * Returns null when the object is not audio we accept.
 */
export async function probeStoredAudio(store: AudioStore, path: string): Promise<AudioFacts | null> {
  const sizeBytes = await store.size(path);
  if (!sizeBytes) return null;
  const head = await store.readRange(path, 0, FORMAT_SNIFF_BYTES);
  const format = await detectAudioFormat(head);
  if (!format) return null;
  // Its first bytes say which container; the whole file must then be that container (a real header
  // followed by a web page is not audio, whatever its magic numbers say). The check, the parser and the
  // checksum read the object once between them: an hour's recording is 60-80 MB, and this runs between
  // the clinician's Stop and the start of what is left of the transcription.
  const hash = createHash('sha256');
  const [structure, parsed] = await readOnce(store.openRead(path), hash, [
    (bytes) => hasValidStructure(format.container, bytes),
    (bytes) => parseStream(bytes, { mimeType: format.mime, size: sizeBytes }, { duration: true, skipCovers: true }),
  ]);
  if (structure.status !== 'fulfilled' || !structure.value) return null;

  let durationSec: number | null = null;
  // A stream the parser cannot read fully (a cut recording) can still have a WebM tail to measure.
  if (parsed.status === 'fulfilled') {
    if (parsed.value.format.hasAudio === false) return null;
    durationSec = parsed.value.format.duration ?? null;
  }
  if ((durationSec === null || !Number.isFinite(durationSec)) && format.container === 'webm') {
    const tail = await store.readRange(path, Math.max(0, sizeBytes - WEBM_TAIL_BYTES), sizeBytes);
    durationSec = webmDurationFromTail(tail, webmTimecodeScale(head));
  }
  if (durationSec !== null && (!Number.isFinite(durationSec) || durationSec < 0 || durationSec > MAX_PLAUSIBLE_SEC)) durationSec = null;

  return { format, sizeBytes, sha256: hash.digest('hex'), durationSec: durationSec === null ? null : round3(durationSec) };
}

type Reader<T> = (bytes: PassThrough) => Promise<T>;

/**
 * Reads `source` once, giving every byte to the hash and to each reader (a stream of its own) as it comes,
 * and settles with each reader's outcome. A reader that is done before the end is given no more; the hash is
 * given the whole. Only when the first reader (the structure check) has said no is the rest not read: the
 * object is refused whatever its checksum. (stream.Readable has no tee; this is the one this needs.)
 */
async function readOnce<A, B>(source: AsyncIterable<Uint8Array>, hash: Hash, readers: [Reader<A>, Reader<B>]): Promise<[PromiseSettledResult<A>, PromiseSettledResult<B>]> {
  const branches = readers.map((read) => {
    const stream = new PassThrough({ highWaterMark: 1024 * 1024 });
    const branch = { stream, done: false, refused: false, result: Promise.resolve() as Promise<unknown> };
    branch.result = read(stream).then(
      (value) => {
        branch.done = true;
        branch.refused = value === false;
        stream.destroy();
        return value;
      },
      (error: unknown) => {
        branch.done = true;
        stream.destroy();
        throw error;
      },
    );
    // Settled below; this keeps a reader's failure from being unhandled meanwhile.
    branch.result.catch(() => {});
    return branch;
  });
  const give = async (branch: (typeof branches)[number], bytes: Uint8Array) => {
    if (branch.done || branch.stream.write(bytes)) return;
    await Promise.race([once(branch.stream, 'drain'), branch.result.catch(() => {})]);
  };
  try {
    for await (const bytes of source) {
      hash.update(bytes);
      await Promise.all(branches.map((b) => give(b, bytes)));
      if (branches[0]!.refused) break;
    }
    for (const b of branches) if (!b.done) b.stream.end();
  } catch (error) {
    for (const b of branches) b.stream.destroy(error as Error);
    throw error;
  }
  return (await Promise.allSettled(branches.map((b) => b.result))) as [PromiseSettledResult<A>, PromiseSettledResult<B>];
}
