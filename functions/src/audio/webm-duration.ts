/**
 * Duration of a WebM (Matroska) file from its last Cluster. Browsers' MediaRecorder writes WebM as a
 * live stream: no Duration in the header and clusters of unknown size, so a header parser finds nothing.
 * The end of the recording is the last cluster's Timecode plus the largest block offset in it.
 */
const CLUSTER_ID = [0x1f, 0x43, 0xb6, 0x75];
const ID_CLUSTER = 0x1f43b675;
const ID_SEGMENT = 0x18538067;
const ID_INFO = 0x1549a966;
const ID_TIMECODE_SCALE = 0x2ad7b1;
const ID_CLUSTER_TIMECODE = 0xe7;
const ID_SIMPLE_BLOCK = 0xa3;
const ID_BLOCK_GROUP = 0xa0;
const ID_BLOCK = 0xa1;
// An Opus frame in browser recordings is 20 ms: the last block lasts that long past its timestamp.
const LAST_FRAME_MS = 20;
const DEFAULT_TIMECODE_SCALE_NS = 1_000_000;
// EBML unsigned integers are at most 8 bytes; a wider one is corrupt (or hostile), never read.
const MAX_UINT_BYTES = 8;
// A real file's last cluster is among the last few cluster ids in its tail. Trying every id found would
// make crafted input (many ids of unknown-size clusters) cost quadratic time.
const MAX_CLUSTER_CANDIDATES = 16;

function lastIndexOf(buf: Uint8Array, pattern: number[], from = buf.length - pattern.length): number {
  for (let i = Math.min(from, buf.length - pattern.length); i >= 0; i--) {
    let match = true;
    for (let j = 0; j < pattern.length; j++) {
      if (buf[i + j] !== pattern[j]) {
        match = false;
        break;
      }
    }
    if (match) return i;
  }
  return -1;
}

/** An EBML variable-length integer at `pos`: its length in bytes and value (all-ones = unknown size). */
export function readVint(buf: Uint8Array, pos: number): { length: number; value: number; unknown: boolean } | null {
  const first = buf[pos];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || pos + length > buf.length) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[pos + i] ?? 0;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { length, value, unknown: allOnes };
}

export function readElementId(buf: Uint8Array, pos: number): { length: number; id: number } | null {
  const first = buf[pos];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 4 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 4 || pos + length > buf.length) return null;
  let id = 0;
  for (let i = 0; i < length; i++) id = id * 256 + (buf[pos + i] ?? 0);
  return { length, id };
}

/** An unsigned integer element's value, or null if it is wider than 8 bytes or runs past the buffer. */
export function readUint(buf: Uint8Array, pos: number, size: number): number | null {
  if (size > MAX_UINT_BYTES || pos + size > buf.length) return null;
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + (buf[pos + i] ?? 0);
  return value;
}

/**
 * TimecodeScale (ns per timecode tick) from the file's head; Matroska's default is 1 ms. Read by walking
 * the elements (into Segment and Info), so audio bytes that happen to look like its id are never taken.
 */
export function webmTimecodeScale(head: Uint8Array): number {
  let pos = 0;
  while (pos < head.length) {
    const id = readElementId(head, pos);
    const size = id ? readVint(head, pos + id.length) : null;
    if (!id || !size) break;
    const dataAt = pos + id.length + size.length;
    if (id.id === ID_TIMECODE_SCALE) {
      const scale = size.unknown ? null : readUint(head, dataAt, size.value);
      return scale || DEFAULT_TIMECODE_SCALE_NS;
    }
    if (id.id === ID_SEGMENT || id.id === ID_INFO) {
      pos = dataAt; // step in (a live recording's Segment has an unknown size)
      continue;
    }
    // The clusters begin, or an element of unknown size cannot be skipped: there is no scale to find.
    if (id.id === ID_CLUSTER || size.unknown) break;
    pos = dataAt + size.value;
  }
  return DEFAULT_TIMECODE_SCALE_NS;
}

/**
 * Seconds from the last cluster found in `tail` (the file's last bytes), or null if none is there.
 * `timecodeScaleNs` comes from the head (webmTimecodeScale).
 */
export function webmDurationFromTail(tail: Uint8Array, timecodeScaleNs: number): number | null {
  let clusterAt = lastIndexOf(tail, CLUSTER_ID);
  for (let tried = 0; clusterAt >= 0 && tried < MAX_CLUSTER_CANDIDATES; tried++) {
    const duration = scanCluster(tail, clusterAt, timecodeScaleNs);
    if (duration !== null) return duration;
    clusterAt = lastIndexOf(tail, CLUSTER_ID, clusterAt - 1);
  }
  return null;
}

function scanCluster(buf: Uint8Array, clusterAt: number, scale: number): number | null {
  const size = readVint(buf, clusterAt + 4);
  if (!size) return null;
  let pos = clusterAt + 4 + size.length;
  const end = size.unknown ? buf.length : Math.min(buf.length, pos + size.value);
  let clusterTimecode: number | null = null;
  let maxBlockOffset = 0;
  while (pos < end) {
    const id = readElementId(buf, pos);
    if (!id) break;
    const len = readVint(buf, pos + id.length);
    if (!len || len.unknown) break;
    const dataAt = pos + id.length + len.length;
    if (id.id === ID_CLUSTER_TIMECODE) {
      // A timecode that is too wide or cut off: this is not a cluster to trust.
      clusterTimecode = readUint(buf, dataAt, len.value);
      if (clusterTimecode === null) return null;
    } else if (id.id === ID_SIMPLE_BLOCK || id.id === ID_BLOCK) {
      // A block starts with its track number (a vint) and a signed 16-bit offset from the cluster's timecode.
      const track = readVint(buf, dataAt);
      const raw = track && track.length + 2 <= len.value ? readUint(buf, dataAt + track.length, 2) : null;
      if (raw !== null) maxBlockOffset = Math.max(maxBlockOffset, raw >= 0x8000 ? raw - 0x10000 : raw);
    } else if (id.id === ID_BLOCK_GROUP) {
      // Step into the group: its Block child is parsed by the next iteration.
      pos = dataAt;
      continue;
    } else if (id.id === ID_CLUSTER) {
      break; // the next cluster begins
    }
    if (dataAt + len.value > buf.length) break;
    pos = dataAt + len.value;
  }
  if (clusterTimecode === null) return null;
  return ((clusterTimecode + maxBlockOffset) * scale) / 1e9 + LAST_FRAME_MS / 1000;
}
