/**
 * Duration of a WebM (Matroska) file from its last Cluster. Browsers' MediaRecorder writes WebM as a
 * live stream: no Duration in the header and clusters of unknown size, so a header parser finds nothing.
 * The end of the recording is the last cluster's Timecode plus the largest block offset in it.
 */
const CLUSTER_ID = [0x1f, 0x43, 0xb6, 0x75];
const TIMECODE_SCALE_ID = [0x2a, 0xd7, 0xb1];
const ID_CLUSTER_TIMECODE = 0xe7;
const ID_SIMPLE_BLOCK = 0xa3;
const ID_BLOCK_GROUP = 0xa0;
const ID_BLOCK = 0xa1;
// An Opus frame in browser recordings is 20 ms: the last block lasts that long past its timestamp.
const LAST_FRAME_MS = 20;

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
function readVint(buf: Uint8Array, pos: number): { length: number; value: number; unknown: boolean } | null {
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

function readElementId(buf: Uint8Array, pos: number): { length: number; id: number } | null {
  const first = buf[pos];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 4 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 4 || pos + length > buf.length) return null;
  let id = 0;
  for (let i = 0; i < length; i++) id = id * 256 + (buf[pos + i] ?? 0);
  return { length, id };
}

function readUint(buf: Uint8Array, pos: number, size: number): number {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + (buf[pos + i] ?? 0);
  return value;
}

/** TimecodeScale (ns per timecode tick) from the file's head; Matroska's default is 1 ms. */
export function webmTimecodeScale(head: Uint8Array): number {
  const at = lastIndexOf(head, TIMECODE_SCALE_ID, Math.min(head.length, 4096));
  if (at < 0) return 1_000_000;
  const size = readVint(head, at + 3);
  if (!size || size.value > 8) return 1_000_000;
  return readUint(head, at + 3 + size.length, size.value) || 1_000_000;
}

/**
 * Seconds from the last cluster found in `tail` (the file's last bytes), or null if none is there.
 * `timecodeScaleNs` comes from the head (webmTimecodeScale).
 */
export function webmDurationFromTail(tail: Uint8Array, timecodeScaleNs: number): number | null {
  let clusterAt = lastIndexOf(tail, CLUSTER_ID);
  while (clusterAt >= 0) {
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
      clusterTimecode = readUint(buf, dataAt, len.value);
    } else if (id.id === ID_SIMPLE_BLOCK || id.id === ID_BLOCK) {
      const track = readVint(buf, dataAt);
      if (track && dataAt + track.length + 2 <= buf.length) {
        const raw = readUint(buf, dataAt + track.length, 2);
        const offset = raw >= 0x8000 ? raw - 0x10000 : raw;
        maxBlockOffset = Math.max(maxBlockOffset, offset);
      }
    } else if (id.id === ID_BLOCK_GROUP) {
      // Step into the group: its Block child is parsed by the next iteration.
      pos = dataAt;
      continue;
    } else if (id.id === 0x1f43b675) {
      break; // the next cluster begins
    }
    if (dataAt + len.value > buf.length) break;
    pos = dataAt + len.value;
  }
  if (clusterTimecode === null) return null;
  return ((clusterTimecode + maxBlockOffset) * scale) / 1e9 + LAST_FRAME_MS / 1000;
}
