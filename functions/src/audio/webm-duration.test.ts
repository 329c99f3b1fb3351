import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { webmDurationFromTail, webmTimecodeScale } from './webm-duration.js';

// WebM files are built here from the Matroska spec's own pieces, so every case states its input.
const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const TRACKS = 0x1654ae6b;
const CLUSTER = 0x1f43b675;
const TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const VOID = 0xec;
/** An 8-byte size with every value bit set: "unknown", as live recorders write Segment and Cluster. */
const UNKNOWN_SIZE = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
const LAST_FRAME_SEC = 0.02;

function idBytes(id: number): number[] {
  const bytes: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return bytes;
}

/** EBML size as a vint of the shortest length (values with all bits set would read as "unknown"). */
function sizeBytes(size: number): number[] {
  for (let length = 1; length <= 8; length++) {
    if (size < 2 ** (7 * length) - 1) {
      const bytes: number[] = [];
      let v = size;
      for (let i = 0; i < length; i++) {
        bytes.unshift(v % 256);
        v = Math.floor(v / 256);
      }
      bytes[0]! |= 0x80 >> (length - 1);
      return bytes;
    }
  }
  throw new Error('size too large for a vint');
}

function uintBytes(value: number): number[] {
  const bytes: number[] = [];
  for (let v = value; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return bytes.length > 0 ? bytes : [0];
}

const element = (id: number, data: number[], size: number[] = sizeBytes(data.length)) => [...idBytes(id), ...size, ...data];
const uintElement = (id: number, value: number) => element(id, uintBytes(value));

interface Block {
  /** Signed 16-bit offset from the cluster's timecode, in ticks. */
  offset: number;
  payload: number[];
  inGroup?: boolean;
}
interface Cluster {
  timecode: number;
  blocks: Block[];
  unknownSize?: boolean;
}

function blockElement(block: Block): number[] {
  const raw = block.offset < 0 ? block.offset + 0x10000 : block.offset;
  const data = [0x81, raw >> 8, raw & 0xff, 0x80, ...block.payload];
  return block.inGroup ? element(BLOCK_GROUP, element(BLOCK, data)) : element(SIMPLE_BLOCK, data);
}

function clusterElement(cluster: Cluster): number[] {
  const data = [...uintElement(TIMECODE, cluster.timecode), ...cluster.blocks.flatMap(blockElement)];
  return cluster.unknownSize ? element(CLUSTER, data, UNKNOWN_SIZE) : element(CLUSTER, data);
}

/** A whole file as a browser's MediaRecorder writes it: no Duration, a Segment of unknown size. */
function webm(clusters: Cluster[], timecodeScale?: number): Uint8Array {
  const header = element(EBML, [...element(0x4282, [...Buffer.from('webm')])]);
  const info = element(INFO, [...(timecodeScale === undefined ? [] : uintElement(TIMECODE_SCALE, timecodeScale)), ...element(0x4d80, [...Buffer.from('Chrome')])]);
  const tracks = element(TRACKS, element(0xae, [...uintElement(0xd7, 1), ...element(0x86, [...Buffer.from('A_OPUS')])]));
  return Uint8Array.from([...header, ...element(SEGMENT, [...info, ...tracks, ...clusters.flatMap(clusterElement)], UNKNOWN_SIZE)]);
}

/** What the file says: the last cluster's timecode plus its latest block, in seconds, plus one Opus frame. */
function expectedSeconds(clusters: Cluster[], timecodeScale = 1_000_000): number {
  const last = clusters[clusters.length - 1]!;
  const latest = Math.max(0, ...last.blocks.map((b) => b.offset));
  return ((last.timecode + latest) * timecodeScale) / 1e9 + LAST_FRAME_SEC;
}

const duration = (file: Uint8Array) => webmDurationFromTail(file, webmTimecodeScale(file.subarray(0, 4096)));

const opusFrame = (n: number) => Array.from({ length: n }, (_, i) => (i * 37 + 11) % 256);

describe('webmDurationFromTail on files built to the spec', () => {
  const recording: Cluster[] = [
    { timecode: 0, blocks: [{ offset: 0, payload: opusFrame(40) }, { offset: 20, payload: opusFrame(40) }], unknownSize: true },
    { timecode: 5000, blocks: [{ offset: 0, payload: opusFrame(40) }, { offset: 980, payload: opusFrame(40) }], unknownSize: true },
  ];

  it('Reads the end of the last cluster (timecode + latest block + one frame)', () => {
    expect(duration(webm(recording))).toBeCloseTo(6.0, 6);
  });

  it('Only the file\'s tail is needed', () => {
    const file = webm(recording);
    expect(webmDurationFromTail(file.subarray(file.length - 120), webmTimecodeScale(file))).toBeCloseTo(6.0, 6);
  });

  it('Honours the TimecodeScale from the head (here 100 µs ticks)', () => {
    const file = webm([{ timecode: 20_000, blocks: [{ offset: 500, payload: opusFrame(10) }] }], 100_000);
    expect(webmTimecodeScale(file)).toBe(100_000);
    expect(duration(file)).toBeCloseTo(2.07, 6);
  });

  it('Audio bytes in the head that look like a TimecodeScale are not taken for one', () => {
    const lookalike = [...idBytes(TIMECODE_SCALE), 0x84, 0x00, 0x00, 0x00, 0x01];
    const file = webm([{ timecode: 0, blocks: [{ offset: 500, payload: lookalike }] }], 1_000_000);
    expect(webmTimecodeScale(file)).toBe(1_000_000);
    expect(duration(file)).toBeCloseTo(0.52, 6);
  });

  it('Without a TimecodeScale, Matroska\'s default of 1 ms applies', () => {
    expect(webmTimecodeScale(webm(recording))).toBe(1_000_000);
    expect(webmTimecodeScale(new Uint8Array(0))).toBe(1_000_000);
  });

  it('Clusters of known size, and blocks inside BlockGroups', () => {
    const clusters = [{ timecode: 1200, blocks: [{ offset: 100, payload: opusFrame(3), inGroup: true }, { offset: 60, payload: opusFrame(3) }] }];
    expect(duration(webm(clusters))).toBeCloseTo(1.32, 6);
  });

  it('A block with a negative offset does not pull the end back before the cluster\'s timecode', () => {
    expect(duration(webm([{ timecode: 3000, blocks: [{ offset: -40, payload: opusFrame(3) }] }]))).toBeCloseTo(3.02, 6);
  });

  it('A last cluster cut before its timecode: the cluster before it', () => {
    const file = webm(recording);
    const cut = [...file, ...idBytes(CLUSTER), ...UNKNOWN_SIZE];
    expect(duration(Uint8Array.from(cut))).toBeCloseTo(6.0, 6);
  });

  it('No cluster, empty or garbage input: null', () => {
    expect(duration(new Uint8Array(0))).toBeNull();
    expect(duration(webm([]))).toBeNull();
    expect(duration(Uint8Array.from(opusFrame(5000)))).toBeNull();
    expect(duration(new Uint8Array(10_000).fill(0xff))).toBeNull();
  });

  it('Truncated at every offset: never throws; once the last cluster\'s timecode is in, the duration grows to the full one', () => {
    const file = webm(recording);
    const full = duration(file)!;
    for (let length = 0; length <= file.length; length++) {
      const result = duration(file.subarray(0, length));
      if (result !== null) {
        expect(Number.isFinite(result)).toBe(true);
        expect(result).toBeGreaterThanOrEqual(0);
        expect(result).toBeLessThanOrEqual(full + 1e-9);
      }
    }
  });

  it('A cluster claiming a huge size is read as far as the data goes', () => {
    const data = [...uintElement(TIMECODE, 7000), ...blockElement({ offset: 400, payload: opusFrame(20) })];
    const huge = Uint8Array.from(element(CLUSTER, data, [0x01, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe]));
    expect(webmDurationFromTail(huge, 1_000_000)).toBeCloseTo(7.42, 6);
  });

  it('A timecode element claiming a huge size is refused at once, not read byte by byte', () => {
    const hostile = Uint8Array.from([...idBytes(CLUSTER), ...UNKNOWN_SIZE, TIMECODE, 0x01, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0x05]);
    const started = Date.now();
    const result = webmDurationFromTail(hostile, 1_000_000);
    expect(Date.now() - started).toBeLessThan(200);
    expect(result).toBeNull();
  });

  it('A timecode wider than 8 bytes is refused (a uint is at most 8 bytes)', () => {
    const hostile = Uint8Array.from([...idBytes(CLUSTER), ...UNKNOWN_SIZE, ...element(TIMECODE, new Array<number>(200).fill(0xff))]);
    expect(webmDurationFromTail(hostile, 1_000_000)).toBeNull();
  });

  it('Thousands of unknown-size cluster ids hidden in a tail are given up on quickly, not scanned each to the end', () => {
    // Each fake cluster hides in a Void element's data; read from it, the Voids after it parse as its
    // children, so scanning every candidate to the end would take quadratic time.
    const fake = element(VOID, [...idBytes(CLUSTER), ...UNKNOWN_SIZE]);
    const tail = Uint8Array.from(Array.from({ length: 60_000 }, () => fake).flat());
    const started = Date.now();
    expect(webmDurationFromTail(tail, 1_000_000)).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('A TimecodeScale that is not a plain uint (too wide, or cut off) falls back to 1 ms', () => {
    const wide = Uint8Array.from(element(SEGMENT, element(INFO, element(TIMECODE_SCALE, new Array<number>(9).fill(1))), UNKNOWN_SIZE));
    expect(webmTimecodeScale(wide)).toBe(1_000_000);
    const cut = Uint8Array.from([...idBytes(SEGMENT), ...UNKNOWN_SIZE, ...idBytes(INFO), 0x88, ...idBytes(TIMECODE_SCALE), 0x84, 0x00, 0x01]);
    expect(webmTimecodeScale(cut)).toBe(1_000_000);
  });
});

describe('webm-duration properties', () => {
  const block = fc.record({ offset: fc.integer({ min: -0x8000, max: 0x7fff }), payload: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 60 }), inGroup: fc.boolean() });
  const cluster = fc.record({ timecode: fc.integer({ min: 0, max: 2 ** 40 }), blocks: fc.array(block, { minLength: 1, maxLength: 6 }), unknownSize: fc.boolean() });
  const scale = fc.oneof(fc.constant(undefined), fc.integer({ min: 1, max: 2 ** 32 }));
  const containsClusterId = (bytes: number[]) => bytes.some((b, i) => b === 0x1f && bytes[i + 1] === 0x43 && bytes[i + 2] === 0xb6 && bytes[i + 3] === 0x75);
  // A payload that happens to contain the Cluster id is not what this property is about: it is covered
  // by the tail scan's own cases above.
  const clusters = fc
    .array(cluster, { minLength: 1, maxLength: 5 })
    .filter((cs) => !cs.some((c) => c.blocks.some((b) => containsClusterId(b.payload) || containsClusterId([0x81, ...b.payload]))));

  const sane = (result: number | null) => result === null || (Number.isFinite(result) && result >= 0);

  it('Valid files: the duration the file says', () => {
    fc.assert(
      fc.property(clusters, scale, (cs, timecodeScale) => {
        const file = webm(cs, timecodeScale);
        expect(duration(file)).toBeCloseTo(expectedSeconds(cs, timecodeScale ?? 1_000_000), 3);
      }),
    );
  });

  it('Valid files cut anywhere: null or a finite duration no later than the whole file\'s', () => {
    fc.assert(
      // The cut as a whole-number fraction: fc.double crowds near 0, which cut almost every file at its start.
      fc.property(clusters, scale, fc.integer({ min: 0, max: 10_000 }), (cs, timecodeScale, at) => {
        const file = webm(cs, timecodeScale);
        const result = duration(file.subarray(0, Math.floor((file.length * at) / 10_000)));
        expect(sane(result)).toBe(true);
      }),
    );
  });

  it('Any bytes at all: never throws, and answers null or a finite, non-negative number', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), fc.integer({ min: 1, max: 2 ** 40 }), (bytes, timecodeScale) => {
        expect(sane(webmDurationFromTail(bytes, timecodeScale))).toBe(true);
        const scaleRead = webmTimecodeScale(bytes);
        expect(Number.isInteger(scaleRead) && scaleRead > 0).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('Bytes that look like WebM (its ids and sizes mixed with noise): never throws, never hangs, null or a sane number', () => {
    const piece = fc.oneof(
      fc.constantFrom(idBytes(CLUSTER), idBytes(TIMECODE), idBytes(SIMPLE_BLOCK), idBytes(BLOCK_GROUP), idBytes(BLOCK), idBytes(SEGMENT), idBytes(INFO), idBytes(TIMECODE_SCALE), UNKNOWN_SIZE),
      fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 9 }),
      fc.integer({ min: 0, max: 2 ** 48 }).map(sizeBytes),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 200 }), fc.integer({ min: 1, max: 2 ** 40 }), (pieces, timecodeScale) => {
        const bytes = Uint8Array.from(pieces.flat());
        const started = Date.now();
        expect(sane(webmDurationFromTail(bytes, timecodeScale))).toBe(true);
        expect(sane(duration(bytes))).toBe(true);
        expect(Date.now() - started).toBeLessThan(500);
      }),
      { numRuns: 3000 },
    );
  });
});
