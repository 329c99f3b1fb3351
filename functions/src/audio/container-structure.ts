import type { AudioContainer } from './audio-format.js';

/**
 * Whether a file is, from its first byte to its last, the container its first bytes claim: a WAV header
 * followed by HTML, or a WebM recording with a page appended, is refused. music-metadata reads the tags
 * and timing a container declares and stops (or resynchronises) where it finds nothing it knows; it does
 * not say that the rest of the file is not audio. The layouts checked here are each container's framing
 * only (sizes and ids, never the codec's samples), which no library we use exposes.
 *
 * WAV (RIFF chunks), WebM (EBML elements) and Ogg (pages) and MP4/M4A (boxes) are walked to the end;
 * MP3, AAC and FLAC frames carry no length a framing walk could check cheaply, so for them this answers
 * true and the probe's decoding of their headers is what holds.
 *
 * The containers a browser records into (WebM, Ogg, MP4) may end inside their last block, page or box: a
 * recording whose tab was closed or reloaded mid-recording is recovered from the chunks the device kept, and
 * MediaRecorder's chunks split elements anywhere. Such a cut is accepted once the element it cuts has a valid
 * id (nothing the cut hides could be checked anyway: block and page payloads are codec data, never walked).
 * Refusing it lost the clinician's recording (415 on recovery).
 */
export async function hasValidStructure(container: AudioContainer, bytes: AsyncIterable<Uint8Array>): Promise<boolean> {
  const reader = new ByteReader(bytes);
  try {
    switch (container) {
      case 'wav':
        return await walkRiffWave(reader);
      case 'webm':
        return await walkWebm(reader);
      case 'ogg':
        return await walkOggPages(reader);
      case 'mp4':
        return await walkMp4Boxes(reader);
      case 'mp3':
      case 'aac':
      case 'flac':
        return true;
    }
  } catch (err) {
    if (err instanceof MalformedContainer) return false;
    throw err;
  }
}

class MalformedContainer extends Error {}
/** The file ended inside an element, page or box whose framing was valid so far. */
class CutShort extends MalformedContainer {}
const malformed = (): never => {
  throw new MalformedContainer();
};
const cutShort = (): never => {
  throw new CutShort();
};

/** Sequential reads and skips over a stream, never holding more than what one read asks for. */
class ByteReader {
  private readonly iterator: AsyncIterator<Uint8Array>;
  private buffer = Buffer.alloc(0);
  private ended = false;
  /** Bytes consumed so far. */
  position = 0;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  private async fill(n: number): Promise<void> {
    while (this.buffer.length < n && !this.ended) {
      const next = await this.iterator.next();
      if (next.done) this.ended = true;
      else this.buffer = Buffer.concat([this.buffer, Buffer.from(next.value)]);
    }
  }

  /** Exactly n bytes, or CutShort if the file ends first. */
  async read(n: number): Promise<Buffer> {
    await this.fill(n);
    if (this.buffer.length < n) cutShort();
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    this.position += n;
    return out;
  }

  /** The next n bytes without consuming them (fewer at the end of the file). */
  async peek(n: number): Promise<Buffer> {
    await this.fill(n);
    return this.buffer.subarray(0, n);
  }

  /** Skips n bytes; CutShort if the file ends first. */
  async skip(n: number): Promise<void> {
    let left = n;
    while (left > 0) {
      if (this.buffer.length === 0) await this.fill(1);
      if (this.buffer.length === 0) cutShort();
      const take = Math.min(left, this.buffer.length);
      this.buffer = this.buffer.subarray(take);
      this.position += take;
      left -= take;
    }
  }

  async atEnd(): Promise<boolean> {
    await this.fill(1);
    return this.buffer.length === 0;
  }
}

// --- WAV: "RIFF" size "WAVE", then chunks (id, size, data, pad byte to even) that fill the RIFF exactly.

async function walkRiffWave(reader: ByteReader): Promise<boolean> {
  const header = await reader.read(12);
  if (header.toString('latin1', 0, 4) !== 'RIFF' || header.toString('latin1', 8, 12) !== 'WAVE') return false;
  const riffEnd = 8 + header.readUInt32LE(4);
  let fmtSeen = false;
  let dataSeen = false;
  while (reader.position < riffEnd) {
    if (reader.position + 8 > riffEnd) return false;
    const chunk = await reader.read(8);
    const id = chunk.toString('latin1', 0, 4);
    const size = chunk.readUInt32LE(4);
    const end = reader.position + size;
    if (end > riffEnd) return false;
    if (id === 'fmt ') {
      if (size < 16) return false;
      const fmt = await reader.read(16);
      const [channels, sampleRate, blockAlign] = [fmt.readUInt16LE(2), fmt.readUInt32LE(4), fmt.readUInt16LE(12)];
      if (channels === 0 || sampleRate === 0 || blockAlign === 0) return false;
      await reader.skip(size - 16);
      fmtSeen = true;
    } else {
      if (id === 'data') {
        if (!fmtSeen || size === 0) return false;
        dataSeen = true;
      }
      await reader.skip(size);
    }
    // Chunks are padded to an even size; a last chunk may end the file without its pad byte.
    if (size % 2 === 1 && reader.position < riffEnd) await reader.skip(1);
  }
  // Nothing may follow the RIFF (a pad byte aside).
  if (!(await reader.atEnd())) {
    await reader.skip(1);
    if (riffEnd % 2 === 0 || !(await reader.atEnd())) return false;
  }
  return fmtSeen && dataSeen;
}

// --- WebM: an EBML header, then one Segment of known elements; clusters hold only block elements.

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const TRACK_TYPE_AUDIO = 2;
const CLUSTER = 0x1f43b675;
const DOC_TYPE = 0x4282;
const VOID = 0xec;
const CRC32 = 0xbf;
const SEGMENT_CHILDREN = new Set([0x114d9b74, 0x1549a966, TRACKS, CLUSTER, 0x1c53bb6b, 0x1043a770, 0x1254c367, 0x1941a469, VOID, CRC32]);
// Timestamp, SilentTracks, Position, PrevSize, SimpleBlock, BlockGroup, EncryptedBlock.
const CLUSTER_CHILDREN = new Set([0xe7, 0x5854, 0xa7, 0xab, 0xa3, 0xa0, 0xaf, VOID, CRC32]);
// Headers and track lists are small; a larger one is not a recording's.
const MAX_HEADER_ELEMENT_BYTES = 1024 * 1024;

interface EbmlElement {
  id: number;
  /** null: unknown size (a live recording's Segment and Clusters). */
  size: number | null;
}

function vintLength(first: number, max: number): number {
  for (let length = 1; length <= max; length++) if (first & (0x80 >> (length - 1))) return length;
  return malformed();
}

async function readElementHeader(reader: ByteReader): Promise<EbmlElement> {
  const idFirst = (await reader.peek(1))[0] ?? malformed();
  const idBytes = await reader.read(vintLength(idFirst, 4));
  const id = idBytes.reduce((n, b) => n * 256 + b, 0);
  const sizeFirst = (await reader.peek(1))[0] ?? cutShort();
  const sizeLength = vintLength(sizeFirst, 8);
  const sizeBytes = await reader.read(sizeLength);
  let size = sizeFirst & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (const byte of sizeBytes.subarray(1)) {
    size = size * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  if (allOnes) return { id, size: null };
  if (!Number.isSafeInteger(size)) malformed();
  return { id, size };
}

/** The direct children of an element's payload (already read): id and data. */
function childrenOf(payload: Buffer): { id: number; data: Buffer }[] {
  const children: { id: number; data: Buffer }[] = [];
  let pos = 0;
  while (pos < payload.length) {
    const idLength = vintLength(payload[pos] ?? malformed(), 4);
    const id = payload.subarray(pos, pos + idLength).reduce((n, b) => n * 256 + b, 0);
    pos += idLength;
    const sizeFirst = payload[pos] ?? malformed();
    const sizeLength = vintLength(sizeFirst, 8);
    let size = sizeFirst & (0xff >> sizeLength);
    for (const byte of payload.subarray(pos + 1, pos + sizeLength)) size = size * 256 + byte;
    pos += sizeLength;
    if (pos + size > payload.length) malformed();
    children.push({ id, data: payload.subarray(pos, pos + size) });
    pos += size;
  }
  return children;
}

async function readPayload(reader: ByteReader, element: EbmlElement): Promise<Buffer> {
  if (element.size === null || element.size > MAX_HEADER_ELEMENT_BYTES) malformed();
  return reader.read(element.size ?? 0);
}

async function walkWebm(reader: ByteReader): Promise<boolean> {
  const header = await readElementHeader(reader);
  if (header.id !== EBML_HEADER) return false;
  const docType = childrenOf(await readPayload(reader, header)).find((c) => c.id === DOC_TYPE)?.data.toString('latin1');
  if (docType !== 'webm' && docType !== 'matroska') return false;

  const segment = await readElementHeader(reader);
  if (segment.id !== SEGMENT) return false;
  const segmentEnd = segment.size === null ? Infinity : reader.position + segment.size;
  let audioTrack = false;
  let clusters = 0;
  try {
    while (reader.position < segmentEnd && !(await reader.atEnd())) {
      const element = await readElementHeader(reader);
      if (!SEGMENT_CHILDREN.has(element.id)) return false;
      if (element.id === TRACKS) {
        const entries = childrenOf(await readPayload(reader, element)).filter((c) => c.id === TRACK_ENTRY);
        audioTrack ||= entries.some((entry) => childrenOf(entry.data).some((c) => c.id === TRACK_TYPE && c.data.length === 1 && c.data[0] === TRACK_TYPE_AUDIO));
      } else if (element.id === CLUSTER) {
        clusters++;
        await walkCluster(reader, element, segmentEnd);
      } else {
        if (element.size === null) return false;
        await reader.skip(element.size);
      }
    }
  } catch (err) {
    // A recording cut in its clusters (see hasValidStructure); a header cut short is not a recording.
    if (!(err instanceof CutShort) || clusters === 0) throw err;
    return audioTrack;
  }
  // The Segment is the file: nothing after it.
  if (reader.position > segmentEnd || !(await reader.atEnd())) return false;
  return audioTrack && clusters > 0;
}

/** A Cluster's children; one of unknown size ends where the next Segment-level element begins. */
async function walkCluster(reader: ByteReader, cluster: EbmlElement, segmentEnd: number): Promise<void> {
  const end = cluster.size === null ? segmentEnd : reader.position + cluster.size;
  while (reader.position < end && !(await reader.atEnd())) {
    if (cluster.size === null && (await startsSegmentChild(reader))) return;
    const child = await readElementHeader(reader);
    if (!CLUSTER_CHILDREN.has(child.id) || child.size === null) malformed();
    await reader.skip(child.size ?? 0);
  }
  if (reader.position > end) malformed();
}

async function startsSegmentChild(reader: ByteReader): Promise<boolean> {
  const head = await reader.peek(4);
  if (head.length === 0) return false;
  const length = vintLength(head[0] ?? 0, 4);
  if (head.length < length) return false;
  return SEGMENT_CHILDREN.has(head.subarray(0, length).reduce((n, b) => n * 256 + b, 0)) && length === 4;
}

// --- Ogg: pages ("OggS", version 0, a segment table, its payload) back to back to the end of the file.

async function walkOggPages(reader: ByteReader): Promise<boolean> {
  let pages = 0;
  while (!(await reader.atEnd())) {
    // A last page cut short must still begin as a page does (see hasValidStructure).
    const capture = await reader.peek(5);
    if (!Buffer.from('OggS\0', 'latin1').subarray(0, capture.length).equals(capture)) return false;
    try {
      const header = await reader.read(27);
      const segments = await reader.read(header[26] ?? 0);
      await reader.skip(segments.reduce((sum, lacing) => sum + lacing, 0));
    } catch (err) {
      if (err instanceof CutShort && pages > 0) return true;
      throw err;
    }
    pages++;
  }
  return pages > 0;
}

// --- MP4/M4A: boxes (size, type) back to back to the end of the file, with a movie and its media data.

const FRAGMENT_BOXES = new Set(['moof', 'mdat']);

async function walkMp4Boxes(reader: ByteReader): Promise<boolean> {
  const seen = new Set<string>();
  while (!(await reader.atEnd())) {
    const start = reader.position;
    const header = await reader.read(8);
    const type = header.toString('latin1', 4, 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return false;
    let size = header.readUInt32BE(0);
    if (size === 1) {
      const large = (await reader.read(8)).readBigUInt64BE(0);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return false;
      size = Number(large);
    }
    seen.add(type);
    if (size === 0) return false; // "to the end of the file": nothing could be checked after it
    const headerBytes = reader.position - start;
    if (size < headerBytes) return false;
    try {
      await reader.skip(size - headerBytes);
    } catch (err) {
      // A fragmented recording (Safari's) cut inside a fragment's box, once its movie has been read. Only
      // those boxes: bytes after a whole file (HTML, say) read as a box of some other type and size.
      if (err instanceof CutShort && seen.has('ftyp') && seen.has('moov') && FRAGMENT_BOXES.has(type)) return seen.has('mdat');
      throw err;
    }
  }
  return seen.has('ftyp') && seen.has('moov') && seen.has('mdat');
}
