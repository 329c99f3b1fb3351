import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { AudioContainer } from './audio-format.js';
import { hasValidStructure } from './container-structure.js';

// Files are built here from each format's own framing, so every case states its input.
const HTML = Buffer.from('<!doctype html><html><script>alert(1)</script></html>'.repeat(20));

async function valid(container: AudioContainer, bytes: Buffer, pieceSize = 7): Promise<boolean> {
  // Small pieces: elements and chunk headers straddle the stream's reads, as they do in Cloud Storage.
  const pieces = Array.from({ length: Math.ceil(bytes.length / pieceSize) }, (_, i) => bytes.subarray(i * pieceSize, (i + 1) * pieceSize));
  return hasValidStructure(container, Readable.from(pieces));
}

function wav(dataBytes: number, opts: { riffSizeDelta?: number; dataSizeDelta?: number } = {}): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes + (opts.riffSizeDelta ?? 0), 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(16000, 24);
  header.writeUInt32LE(32000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes + (opts.dataSizeDelta ?? 0), 40);
  return Buffer.concat([header, Buffer.alloc(dataBytes, 3)]);
}

const UNKNOWN_SIZE = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
const idBytes = (id: number) => {
  const bytes: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return bytes;
};
// One- and two-byte sizes cover every element built here.
const size = (n: number) => (n < 127 ? [0x80 | n] : [0x40 | (n >> 8), n & 0xff]);
const el = (id: number, data: number[], sizeBytes = size(data.length)) => [...idBytes(id), ...sizeBytes, ...data];

/** A live recording as MediaRecorder writes it: Segment and Clusters of unknown size. */
function liveWebm(trackType = 2, clusters = 3): Buffer {
  const header = el(0x1a45dfa3, [...el(0x4282, [...Buffer.from('webm')]), ...el(0x4287, [4])]);
  const tracks = el(0x1654ae6b, el(0xae, [...el(0xd7, [1]), ...el(0x83, [trackType]), ...el(0x86, [...Buffer.from('A_OPUS')])]));
  const info = el(0x1549a966, el(0x2ad7b1, [0x0f, 0x42, 0x40]));
  const cluster = (t: number) => el(0x1f43b675, [...el(0xe7, [t]), ...el(0xa3, [0x81, 0, 0, 0x80, 1, 2, 3]), ...el(0xa3, [0x81, 0, 20, 0x80, 4, 5])], UNKNOWN_SIZE);
  const body = [...info, ...tracks, ...Array.from({ length: clusters }, (_, i) => cluster(i * 40)).flat()];
  return Buffer.from([...header, ...idBytes(0x18538067), ...UNKNOWN_SIZE, ...body]);
}

describe('hasValidStructure: WAV', () => {
  it('A WAV whose chunks fill its RIFF exactly', async () => {
    expect(await valid('wav', wav(1000))).toBe(true);
  });

  it.each([
    ['a header (its sizes for a longer file) followed by HTML', Buffer.concat([wav(100_000).subarray(0, 44), HTML])],
    ['a complete WAV with HTML after it', Buffer.concat([wav(1000), HTML])],
    ['a data chunk larger than the RIFF', wav(1000, { dataSizeDelta: 10 })],
    ['a RIFF size smaller than its chunks', wav(1000, { riffSizeDelta: -10 })],
    ['only a header', wav(1000).subarray(0, 44)],
  ])('Refuses %s', async (_what, bytes) => {
    expect(await valid('wav', bytes)).toBe(false);
  });
});

describe('hasValidStructure: WebM', () => {
  it('A live recording (Segment and Clusters of unknown size)', async () => {
    expect(await valid('webm', liveWebm())).toBe(true);
  });

  it.each([
    ['its header followed by HTML', Buffer.concat([liveWebm(2, 0), HTML])],
    ['a recording with HTML after its last cluster', Buffer.concat([liveWebm(), HTML])],
    ['a header cut short (no cluster yet)', liveWebm(2, 0).subarray(0, 20)],
    ['a video-only file', liveWebm(1)],
    ['no clusters at all', liveWebm(2, 0)],
  ])('Refuses %s', async (_what, bytes) => {
    expect(await valid('webm', bytes)).toBe(false);
  });

  // A tab closed or reloaded mid-recording leaves chunks that end anywhere: recovery uploads them as they are.
  it.each([
    ['inside a block', 3],
    ['inside a block header', 9],
    ['inside a cluster header', liveWebm(2, 3).length - liveWebm(2, 2).length + 2],
  ])('Accepts a recording cut %s', async (_where, cut) => {
    const recording = liveWebm();
    expect(await valid('webm', recording.subarray(0, recording.length - cut))).toBe(true);
  });
});

describe('hasValidStructure: Ogg and MP4', () => {
  const oggPage = (payload: number[]) => Buffer.from([...Buffer.from('OggS'), 0, 2, ...Array<number>(20).fill(0), 1, payload.length, ...payload]);
  const box = (type: string, data: number[]) => {
    const b = Buffer.alloc(8 + data.length);
    b.writeUInt32BE(8 + data.length, 0);
    b.write(type, 4, 'latin1');
    Buffer.from(data).copy(b, 8);
    return b;
  };
  const mp4 = Buffer.concat([box('ftyp', [1, 2, 3, 4]), box('moov', [5, 6]), box('mdat', [7, 8, 9])]);

  it('Pages back to back; boxes back to back', async () => {
    expect(await valid('ogg', Buffer.concat([oggPage([1, 2, 3]), oggPage([4, 5])]))).toBe(true);
    expect(await valid('mp4', mp4)).toBe(true);
  });

  it('Refuses HTML after the last page or box', async () => {
    expect(await valid('ogg', Buffer.concat([oggPage([1, 2, 3]), HTML]))).toBe(false);
    expect(await valid('mp4', Buffer.concat([mp4, HTML]))).toBe(false);
  });

  it('Accepts a recording cut inside its last page or box (a recovered recording)', async () => {
    const pages = Buffer.concat([oggPage([1, 2, 3]), oggPage([4, 5, 6, 7])]);
    expect(await valid('ogg', pages.subarray(0, pages.length - 2))).toBe(true);
    expect(await valid('ogg', pages.subarray(0, pages.length - 12))).toBe(true);
    expect(await valid('mp4', mp4.subarray(0, mp4.length - 2))).toBe(true);
  });

  it('Refuses a cut that is all there is, or that does not begin as a page or box', async () => {
    expect(await valid('ogg', oggPage([1, 2, 3]).subarray(0, 20))).toBe(false);
    expect(await valid('ogg', Buffer.concat([oggPage([1, 2, 3]), Buffer.from('Ogx')]))).toBe(false);
    expect(await valid('mp4', Buffer.concat([box('ftyp', [1]), box('moov', [2]).subarray(0, 9)]))).toBe(false);
  });
});
