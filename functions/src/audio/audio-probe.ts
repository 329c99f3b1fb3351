import { createHash } from 'node:crypto';
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

async function sha256Of(store: AudioStore, path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of store.openRead(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

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
  // followed by a web page is not audio, whatever its magic numbers say).
  if (!(await hasValidStructure(format.container, store.openRead(path)))) return null;

  let durationSec: number | null = null;
  try {
    const metadata = await parseStream(store.openRead(path), { mimeType: format.mime, size: sizeBytes }, { duration: true, skipCovers: true });
    if (metadata.format.hasAudio === false) return null;
    durationSec = metadata.format.duration ?? null;
  } catch {
    // A stream the parser cannot read fully (a cut recording) can still have a WebM tail to measure.
  }
  if ((durationSec === null || !Number.isFinite(durationSec)) && format.container === 'webm') {
    const tail = await store.readRange(path, Math.max(0, sizeBytes - WEBM_TAIL_BYTES), sizeBytes);
    durationSec = webmDurationFromTail(tail, webmTimecodeScale(head));
  }
  if (durationSec !== null && (!Number.isFinite(durationSec) || durationSec < 0 || durationSec > MAX_PLAUSIBLE_SEC)) durationSec = null;

  return { format, sizeBytes, sha256: await sha256Of(store, path), durationSec: durationSec === null ? null : round3(durationSec) };
}
