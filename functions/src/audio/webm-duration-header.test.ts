import { describe, expect, it } from 'vitest';
import { webmHeadWithDuration } from './webm-duration-header.js';

// Files built from the Matroska spec's pieces, as a browser's MediaRecorder writes them.
const UNKNOWN_SIZE = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];

function idBytes(id: number): number[] {
  const bytes: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return bytes;
}

function el(id: number, data: number[]): number[] {
  if (data.length >= 127) throw new Error('test elements are small');
  return [...idBytes(id), 0x80 | data.length, ...data];
}

const EBML_HEADER = el(0x1a45dfa3, el(0x4282, [...Buffer.from('webm')]));
const TIMECODE_SCALE_1MS = el(0x2ad7b1, [0x0f, 0x42, 0x40]);
const INFO = el(0x1549a966, [...TIMECODE_SCALE_1MS, ...el(0x4d80, [...Buffer.from('Chrome')])]);
const TRACKS = el(0x1654ae6b, el(0xae, el(0xd7, [1])));
const CLUSTER_START = [0x1f, 0x43, 0xb6, 0x75, ...UNKNOWN_SIZE, ...el(0xe7, [0])];

function browserRecording(info = INFO): Buffer {
  return Buffer.from([...EBML_HEADER, 0x18, 0x53, 0x80, 0x67, ...UNKNOWN_SIZE, ...info, ...TRACKS, ...CLUSTER_START]);
}

/** Duration in seconds read back from a patched head's Info (ms ticks). */
function durationIn(head: Buffer): number | null {
  const at = head.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  return at < 0 ? null : head.readDoubleBE(at + 3) / 1000;
}

describe('webmHeadWithDuration', () => {
  it("Writes the duration into a browser recording's Info; what follows Info is unchanged", () => {
    const file = browserRecording();
    const patch = webmHeadWithDuration(file, 754.32);
    expect(patch).not.toBeNull();
    const infoEnd = file.indexOf(Buffer.from(TRACKS));
    expect(patch!.replacedBytes).toBe(infoEnd);
    expect(durationIn(patch!.head)).toBeCloseTo(754.32, 6);
    // Info grew by the Duration element (11 bytes) and says so in its size.
    const infoAt = patch!.head.indexOf(Buffer.from([0x15, 0x49, 0xa9, 0x66]));
    expect(patch!.head[infoAt + 4]).toBe(0x80 | (INFO.length - 5 + 11));
    expect(patch!.head.length).toBe(infoEnd + 11);
    expect(Buffer.compare(patch!.head.subarray(0, infoAt), file.subarray(0, infoAt))).toBe(0);
  });

  it('Leaves a file that has a Duration, is not WebM, or has no Info in the bytes read', () => {
    const withDuration = el(0x1549a966, [...TIMECODE_SCALE_1MS, 0x44, 0x89, 0x88, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(webmHeadWithDuration(browserRecording(withDuration), 10)).toBeNull();
    expect(webmHeadWithDuration(Buffer.from('RIFF....WAVEfmt '), 10)).toBeNull();
    expect(webmHeadWithDuration(browserRecording().subarray(0, 30), 10)).toBeNull();
    expect(webmHeadWithDuration(browserRecording(), Number.POSITIVE_INFINITY)).toBeNull();
    expect(webmHeadWithDuration(browserRecording(), 0)).toBeNull();
  });

  it('Moves the SeekHead positions of what follows Info; leaves a file whose SeekHead lists Cues', () => {
    const seek = (id: number[], position: number) => el(0x4dbb, [...el(0x53ab, id), ...el(0x53ac, [position])]);
    const build = (seekHead: number[]) => {
      const head = el(0x114d9b74, seekHead);
      return Buffer.from([...EBML_HEADER, 0x18, 0x53, 0x80, 0x67, ...UNKNOWN_SIZE, ...head, ...INFO, ...TRACKS, ...CLUSTER_START]);
    };
    const headLength = el(0x114d9b74, [...seek([0x15, 0x49, 0xa9, 0x66], 0), ...seek([0x16, 0x54, 0xae, 0x6b], 0)]).length;
    const tracksAt = headLength + INFO.length;
    const file = build([...seek([0x15, 0x49, 0xa9, 0x66], headLength), ...seek([0x16, 0x54, 0xae, 0x6b], tracksAt)]);
    const patch = webmHeadWithDuration(file, 5);
    expect(patch).not.toBeNull();
    const positions = [...patch!.head.subarray(0, 60).entries()].filter(([i, b]) => b === 0x53 && patch!.head[i + 1] === 0xac).map(([i]) => patch!.head[i + 3]);
    expect(positions).toEqual([headLength, tracksAt + 11]);
    expect(webmHeadWithDuration(build([...seek([0x1c, 0x53, 0xbb, 0x6b], 200)]), 5)).toBeNull();
  });
});
