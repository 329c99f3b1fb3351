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

  it('In any chunk a recording is cut into, finds the Clusters whose id is whole in it, placed by its own bytes', () => {
    const clusters = [0, 980, 1960, 2940, 3920];
    const recording = join(HEADER, ...clusters.map((t) => cluster(t)));
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: recording.length - 1 }), { maxLength: 6 }), (cuts) => {
        const bounds = [0, ...cuts.sort((a, b) => a - b), recording.length];
        const found = bounds.slice(0, -1).flatMap((from, i) => clusterStarts(recording.subarray(from, bounds[i + 1])).map((c) => ({ at: from + c.offset, timeMs: c.timeMs })));
        for (const c of found) expect(clusters).toContain(c.timeMs);
        // Each Cluster is found exactly when its id and Timecode are in one chunk.
        expect(new Set(found.map((c) => c.at)).size).toBe(found.length);
      }),
    );
  });

  it('Bytes that merely look like a Cluster id are not taken for one', () => {
    const lookalike = Uint8Array.from([0x1f, 0x43, 0xb6, 0x75, 0x81, 0x00, 0x12, 0x34]);
    expect(clusterStarts(lookalike)).toEqual([]);
  });
});
