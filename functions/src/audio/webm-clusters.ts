import { readElementId, readUint, readVint } from './webm-duration.js';

/**
 * Where a browser's WebM recording can be decoded from, chunk by chunk (domain; pure). A recording in
 * progress arrives as byte chunks cut anywhere; the decoder can start afresh at any Cluster (it holds its
 * own timecode), given the file's header before it. So each chunk records the first Cluster that begins in
 * it, with its timecode: a window is then decoded from the header plus the bytes from the last Cluster at
 * or before its start, and the samples decoded are placed in the recording by that timecode. (Checked with
 * ffmpeg: audio decoded from a Cluster matches the whole file's decode sample for sample, 1 ms apart.)
 */
const CLUSTER_ID = [0x1f, 0x43, 0xb6, 0x75];
const ID_CLUSTER = 0x1f43b675;
const ID_CLUSTER_TIMECODE = 0xe7;
const ID_SIMPLE_BLOCK = 0xa3;

export interface ClusterStart {
  /** Byte offset of the Cluster's id within the chunk. */
  offset: number;
  /** Where its first block is in the recording, in ms (the Cluster's Timecode plus the block's offset). */
  timeMs: number;
}

/**
 * The Clusters that begin in `chunk`, each checked (an id, a size, then a Timecode element, as MediaRecorder
 * and ffmpeg write them) so audio bytes that happen to look like the id are not taken. A Cluster whose id is
 * split across two chunks is missed: decoding then starts from an earlier one, which only costs time.
 */
export function clusterStarts(chunk: Uint8Array, timecodeScaleNs = 1_000_000): ClusterStart[] {
  const found: ClusterStart[] = [];
  for (let at = indexOf(chunk, CLUSTER_ID, 0); at >= 0; at = indexOf(chunk, CLUSTER_ID, at + 1)) {
    const timeMs = clusterTime(chunk, at, timecodeScaleNs);
    if (timeMs !== null) found.push({ offset: at, timeMs });
  }
  return found;
}

/** The bytes before the first Cluster of a recording's first chunk: the header every decode starts with. */
export function headerLength(firstChunk: Uint8Array): number | null {
  return clusterStarts(firstChunk)[0]?.offset ?? null;
}

function clusterTime(buf: Uint8Array, at: number, scale: number): number | null {
  const id = readElementId(buf, at);
  if (!id || id.id !== ID_CLUSTER) return null;
  const size = readVint(buf, at + id.length);
  if (!size) return null;
  let pos = at + id.length + size.length;
  const timecodeId = readElementId(buf, pos);
  if (!timecodeId || timecodeId.id !== ID_CLUSTER_TIMECODE) return null;
  const timecodeSize = readVint(buf, pos + timecodeId.length);
  if (!timecodeSize || timecodeSize.unknown) return null;
  const timecode = readUint(buf, pos + timecodeId.length + timecodeSize.length, timecodeSize.value);
  if (timecode === null) return null;
  pos += timecodeId.length + timecodeSize.length + timecodeSize.value;
  // The first block's offset from the Cluster's timecode (a signed 16-bit number after its track number).
  let blockOffset = 0;
  const blockId = readElementId(buf, pos);
  const blockSize = blockId ? readVint(buf, pos + blockId.length) : null;
  if (blockId?.id === ID_SIMPLE_BLOCK && blockSize) {
    const dataAt = pos + blockId.length + blockSize.length;
    const track = readVint(buf, dataAt);
    const raw = track ? readUint(buf, dataAt + track.length, 2) : null;
    if (raw !== null) blockOffset = raw >= 0x8000 ? raw - 0x10000 : raw;
  }
  return Math.round(((timecode + blockOffset) * scale) / 1e6);
}

function indexOf(buf: Uint8Array, pattern: readonly number[], from: number): number {
  outer: for (let i = from; i + pattern.length <= buf.length; i++) {
    for (let j = 0; j < pattern.length; j++) if (buf[i + j] !== pattern[j]) continue outer;
    return i;
  }
  return -1;
}
