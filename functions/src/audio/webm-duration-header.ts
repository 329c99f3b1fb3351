/**
 * A browser's WebM recording (MediaRecorder) is written as a live stream: its Segment Info has no
 * Duration, so an <audio> element reports "Infinity" and will not seek. For playback the API writes the
 * duration it measured at upload into Info, on the way out: the stored file (and its checksum) is
 * unchanged, and recordings made before this are fixed too.
 *
 * Only the head changes: everything from the end of Info on is served as stored. Inserting the Duration
 * moves what follows by `delta` bytes, so the few places that hold positions are corrected: a known
 * Segment size and the SeekHead's positions of elements after Info. Cues hold cluster positions at the end
 * of the file; a file with Cues and no Duration is left as it is (no recorder writes one).
 *
 * Hand-written rather than a library: fix-webm-duration and ts-ebml read a whole Blob in the browser and
 * rebuild the file; here only the first bytes are read and the rest streams from storage untouched.
 */
import { readElementId, readUint, readVint } from './webm-duration.js';

const ID_EBML = 0x1a45dfa3;
const ID_SEGMENT = 0x18538067;
const ID_SEEK_HEAD = 0x114d9b74;
const ID_SEEK = 0x4dbb;
const ID_SEEK_ID = 0x53ab;
const ID_SEEK_POSITION = 0x53ac;
const ID_INFO = 0x1549a966;
const ID_TIMECODE_SCALE = 0x2ad7b1;
const ID_DURATION = 0x4489;
const ID_CUES = 0x1c53bb6b;
const ID_CLUSTER = 0x1f43b675;
const ID_TRACKS = 0x1654ae6b;
const DEFAULT_TIMECODE_SCALE_NS = 1_000_000;
/** Duration (id 0x4489) as an 8-byte float: id, size, value. */
const DURATION_ELEMENT_BYTES = 2 + 1 + 8;

/** How many of the file's first bytes to read to find Info (a recorder writes it in the first few hundred). */
export const WEBM_HEAD_BYTES = 64 * 1024;

/** The new head of the file, standing for its first `replacedBytes` bytes. */
export interface WebmHeadPatch {
  head: Buffer;
  replacedBytes: number;
}

interface Element {
  id: number;
  start: number;
  sizeAt: number;
  sizeLength: number;
  dataAt: number;
  /** null for an element of unknown size. */
  size: number | null;
}

function elementAt(buf: Uint8Array, pos: number): Element | null {
  const id = readElementId(buf, pos);
  const size = id ? readVint(buf, pos + id.length) : null;
  if (!id || !size) return null;
  const dataAt = pos + id.length + size.length;
  return { id: id.id, start: pos, sizeAt: pos + id.length, sizeLength: size.length, dataAt, size: size.unknown ? null : size.value };
}

/** A size as an EBML vint of exactly `length` bytes, or null if it does not fit (all ones would mean "unknown"). */
function vintOfLength(value: number, length: number): Buffer | null {
  if (length < 1 || length > 8 || value >= 2 ** (7 * length) - 1) return null;
  const bytes = Buffer.alloc(length);
  let rest = value;
  for (let i = length - 1; i >= 0; i--) {
    bytes[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  bytes[0]! |= 0x80 >> (length - 1);
  return bytes;
}

function uintOfLength(value: number, length: number): Buffer | null {
  if (length < 1 || length > 6 || value >= 2 ** (8 * length)) return null;
  const bytes = Buffer.alloc(length);
  bytes.writeUIntBE(value, 0, length);
  return bytes;
}

/**
 * The file's head with `durationSec` written into Segment Info, or null when there is nothing to do or it
 * cannot be done safely (not WebM, Info already has a Duration, Info not within `head`, Cues listed).
 */
export function webmHeadWithDuration(head: Uint8Array, durationSec: number): WebmHeadPatch | null {
  if (!Number.isFinite(durationSec) || durationSec <= 0) return null;
  const ebml = elementAt(head, 0);
  if (!ebml || ebml.id !== ID_EBML || ebml.size === null) return null;
  const segment = elementAt(head, ebml.dataAt + ebml.size);
  if (!segment || segment.id !== ID_SEGMENT) return null;

  // Segment's children up to Info: a SeekHead may come first (ffmpeg writes one; browsers do not).
  let seekHead: Element | null = null;
  let info: Element | null = null;
  for (let pos = segment.dataAt; pos < head.length; ) {
    const child = elementAt(head, pos);
    if (!child || child.size === null || child.id === ID_CLUSTER || child.id === ID_TRACKS) return null;
    if (child.dataAt + child.size > head.length) return null;
    if (child.id === ID_SEEK_HEAD) seekHead = child;
    if (child.id === ID_INFO) {
      info = child;
      break;
    }
    pos = child.dataAt + child.size;
  }
  if (!info || info.size === null) return null;
  const infoEnd = info.dataAt + info.size;

  let scaleNs = DEFAULT_TIMECODE_SCALE_NS;
  for (let pos = info.dataAt; pos < infoEnd; ) {
    const child = elementAt(head, pos);
    if (!child || child.size === null) return null;
    if (child.id === ID_DURATION) return null; // it has one: served as stored
    if (child.id === ID_TIMECODE_SCALE) scaleNs = readUint(head, child.dataAt, child.size) || DEFAULT_TIMECODE_SCALE_NS;
    pos = child.dataAt + child.size;
  }

  // Info's new size, in as many bytes as before when it fits (then only the Duration's bytes are added).
  const newInfoSize = info.size + DURATION_ELEMENT_BYTES;
  const infoSizeBytes = vintOfLength(newInfoSize, info.sizeLength) ?? vintOfLength(newInfoSize, 8);
  if (!infoSizeBytes) return null;
  const delta = DURATION_ELEMENT_BYTES + infoSizeBytes.length - info.sizeLength;
  const duration = Buffer.alloc(DURATION_ELEMENT_BYTES);
  duration.writeUInt16BE(ID_DURATION, 0);
  duration[2] = 0x88; // size 8
  // Matroska's Duration is in timecode ticks (TimecodeScale ns each), as a float.
  duration.writeDoubleBE((durationSec * 1e9) / scaleNs, 3);

  const out = Buffer.from(head.subarray(0, infoEnd));
  if (segment.size !== null) {
    const segmentSize = vintOfLength(segment.size + delta, segment.sizeLength);
    if (!segmentSize) return null;
    segmentSize.copy(out, segment.sizeAt);
  }
  if (seekHead && !shiftSeekPositions(out, seekHead, info.start - segment.dataAt, delta)) return null;

  return {
    head: Buffer.concat([out.subarray(0, info.sizeAt), infoSizeBytes, out.subarray(info.dataAt, infoEnd), duration]),
    replacedBytes: infoEnd,
  };
}

/**
 * Adds `delta` to every SeekHead position past Info (positions count from the start of Segment's data), in
 * place and in the same number of bytes; false if one would not fit, or Cues (whose positions into the
 * clusters this cannot correct) are listed.
 */
function shiftSeekPositions(out: Buffer, seekHead: Element, infoPosition: number, delta: number): boolean {
  const end = seekHead.dataAt + (seekHead.size ?? 0);
  for (let pos = seekHead.dataAt; pos < end; ) {
    const seek = elementAt(out, pos);
    if (!seek || seek.size === null) return false;
    if (seek.id === ID_SEEK) {
      let seekId: number | null = null;
      let position: Element | null = null;
      for (let at = seek.dataAt; at < seek.dataAt + seek.size; ) {
        const child = elementAt(out, at);
        if (!child || child.size === null) return false;
        if (child.id === ID_SEEK_ID) seekId = readUint(out, child.dataAt, child.size);
        if (child.id === ID_SEEK_POSITION) position = child;
        at = child.dataAt + child.size;
      }
      if (seekId === ID_CUES) return false;
      if (position && position.size !== null) {
        const value = readUint(out, position.dataAt, position.size);
        if (value === null) return false;
        if (value > infoPosition) {
          const shifted = uintOfLength(value + delta, position.size);
          if (!shifted) return false;
          shifted.copy(out, position.dataAt);
        }
      }
    }
    pos = seek.dataAt + seek.size;
  }
  return true;
}
