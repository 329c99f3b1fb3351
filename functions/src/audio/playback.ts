import { Readable } from 'node:stream';
import type { AudioStore } from '../storage/audio-store.js';
import { WEBM_HEAD_BYTES, webmHeadWithDuration, type WebmHeadPatch } from './webm-duration-header.js';

/** A session's audio as a player is served it. */
export interface StoredAudio {
  path: string;
  mime: string;
  sizeBytes: number;
  /** Measured at upload; null when it could not be. */
  durationSec: number | null;
}

/** The file a player gets: its size, and any byte range of it as a stream. */
export interface PlaybackFile {
  mime: string;
  size: number;
  /** Bytes start..end, both included (as HTTP ranges count). */
  open(start: number, end: number): Readable;
}

// Read from storage a piece at a time, so a range of an hour's recording never sits in memory whole.
const PIECE_BYTES = 1024 * 1024;

/**
 * What playback serves: the stored bytes, except that a WebM without a Duration gets the measured one
 * written into its header (webm-duration-header.ts), so the browser shows a real length and can seek.
 */
export async function playbackFile(store: AudioStore, audio: StoredAudio): Promise<PlaybackFile> {
  let patch: WebmHeadPatch | null = null;
  if (audio.mime === 'audio/webm' && audio.durationSec !== null) {
    patch = webmHeadWithDuration(await store.readRange(audio.path, 0, Math.min(WEBM_HEAD_BYTES, audio.sizeBytes)), audio.durationSec);
  }
  const head = patch?.head ?? Buffer.alloc(0);
  const storedFrom = patch?.replacedBytes ?? 0;
  const size = head.length + audio.sizeBytes - storedFrom;
  return {
    mime: audio.mime,
    size,
    open: (start, end) => {
      // The whole file (the web app's usual request) streams in one read, as it always did.
      if (start <= head.length && end + 1 >= size) return Readable.from(toTheEnd(store.openRead(audio.path), head.subarray(start), storedFrom));
      return Readable.from(pieces(store, audio.path, head, storedFrom, start, end + 1));
    },
  };
}

/** `first`, then the stored stream without its first `skip` bytes (the ones the new head stands for). */
async function* toTheEnd(stored: Readable, first: Buffer, skip: number): AsyncGenerator<Buffer> {
  if (first.length > 0) yield first;
  let toSkip = skip;
  for await (const chunk of stored as AsyncIterable<Buffer>) {
    if (toSkip >= chunk.length) {
      toSkip -= chunk.length;
      continue;
    }
    yield toSkip > 0 ? chunk.subarray(toSkip) : chunk;
    toSkip = 0;
  }
}

/** Bytes [start, end) of the served file: the new head's, then the stored file's from `storedFrom` on. */
async function* pieces(store: AudioStore, path: string, head: Buffer, storedFrom: number, start: number, end: number): AsyncGenerator<Buffer> {
  if (start < head.length) yield head.subarray(start, Math.min(end, head.length));
  const storedEnd = end - head.length + storedFrom;
  for (let at = Math.max(start, head.length) - head.length + storedFrom; at < storedEnd; at += PIECE_BYTES) {
    yield await store.readRange(path, at, Math.min(at + PIECE_BYTES, storedEnd));
  }
}
