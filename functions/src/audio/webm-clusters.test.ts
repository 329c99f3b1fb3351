import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clusterStarts, headerLength } from './webm-clusters.js';

/** A live-stream Cluster as MediaRecorder writes one: unknown size, its Timecode, then a SimpleBlock. */
function cluster(timecodeMs: number, blockOffsetMs = 0, payload = 40): Uint8Array {
  const tc = [(timecodeMs >> 16) & 0xff, (timecodeMs >> 8) & 0xff, timecodeMs & 0xff];
  const block = [0x81, (blockOffsetMs >> 8) & 0xff, blockOffsetMs & 0xff, 0x80, ...Array.from({ length: payload }, (_, i) => (i * 37) & 0xff)];
  return Uint8Array.from([0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe7, 0x83, ...tc, 0xa3, 0x80 | block.length, ...block]);
}
const HEADER = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x80, 0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
const join = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

describe('clusterStarts', () => {
  it('Finds each Cluster, its offset and its first block\'s time', () => {
    const recording = join(HEADER, cluster(0), cluster(1000, 20), cluster(2040));
    expect(headerLength(recording)).toBe(HEADER.length);
    expect(clusterStarts(recording).map((c) => c.timeMs)).toEqual([0, 1020, 2040]);
  });

  it('In any chunk a recording is cut into, finds exactly the Clusters whose id, size and Timecode are whole in it', () => {
    const clusters = [0, 980, 1960, 2940, 3920];
    const parts = clusters.map((t) => cluster(t));
    const recording = join(HEADER, ...parts);
    // Where each Cluster begins in the recording; its id (4), size (8) and Timecode (5) take 17 bytes.
    const starts = parts.map((_, i) => HEADER.length + parts.slice(0, i).reduce((n, p) => n + p.length, 0));
    const HEAD_BYTES = 17;
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: recording.length - 1 }), { maxLength: 6 }), (cuts) => {
        const bounds = [0, ...cuts.sort((a, b) => a - b), recording.length];
        const found = bounds.slice(0, -1).flatMap((from, i) => clusterStarts(recording.subarray(from, bounds[i + 1])).map((c) => ({ at: from + c.offset, timeMs: c.timeMs })));
        const whole = starts.flatMap((at, k) => (bounds.some((from, i) => from <= at && at + HEAD_BYTES <= bounds[i + 1]!) ? [{ at, timeMs: clusters[k]! }] : []));
        expect(found).toEqual(whole);
      }),
    );
  });

  it('Bytes that merely look like a Cluster id are not taken for one', () => {
    const lookalike = Uint8Array.from([0x1f, 0x43, 0xb6, 0x75, 0x81, 0x00, 0x12, 0x34]);
    expect(clusterStarts(lookalike)).toEqual([]);
  });
});
