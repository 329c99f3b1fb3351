import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutPolicies, LIVE_TAIL_MS, liveWindows, REST_WINDOW_FLOOR_MS, restPolicy, SAMPLE_RATE, WindowCutter, type CutWindow } from './window-cutter.js';

const samplesOf = (ms: number) => Math.round((ms * SAMPLE_RATE) / 1000);

/** Speech-like audio: bursts (a 300 Hz tone at half scale) separated by silence with a little noise. */
function audio(parts: readonly { speechMs: number; pauseMs: number }[]): { pcm: Int16Array; speech: { startMs: number; endMs: number }[] } {
  const total = parts.reduce((sum, p) => sum + samplesOf(p.speechMs) + samplesOf(p.pauseMs), 0);
  const pcm = new Int16Array(total);
  const speech: { startMs: number; endMs: number }[] = [];
  let at = 0;
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 21) - 10;
  for (const part of parts) {
    const start = at;
    for (let i = 0; i < samplesOf(part.speechMs); i++, at++) pcm[at] = Math.round(16000 * Math.sin((2 * Math.PI * 300 * i) / SAMPLE_RATE));
    speech.push({ startMs: (start / SAMPLE_RATE) * 1000, endMs: (at / SAMPLE_RATE) * 1000 });
    for (let i = 0; i < samplesOf(part.pauseMs); i++, at++) pcm[at] = noise();
  }
  return { pcm, speech };
}

function cutAll(cutter: WindowCutter, pcm: Int16Array, pieceSamples: readonly number[]): CutWindow[] {
  const windows: CutWindow[] = [];
  let at = 0;
  let i = 0;
  while (at < pcm.length) {
    const size = pieceSamples[i++ % pieceSamples.length] ?? pcm.length;
    windows.push(...cutter.push(pcm.subarray(at, at + size)));
    at += size;
  }
  return [...windows, ...cutter.end()];
}

const joined = (windows: readonly CutWindow[]) => {
  const out = new Int16Array(windows.reduce((n, w) => n + w.pcm.length, 0));
  let at = 0;
  for (const w of windows) {
    out.set(w.pcm, at);
    at += w.pcm.length;
  }
  return out;
};

const speechParts = fc.array(fc.record({ speechMs: fc.integer({ min: 300, max: 6000 }), pauseMs: fc.integer({ min: 400, max: 2500 }) }), { minLength: 1, maxLength: 25 });
/** Pieces as ffmpeg's pipe and the recorder's chunks deliver them: from half a second to a few seconds. */
const pieces = fc.array(fc.integer({ min: 8_000, max: 64_000 }), { minLength: 1, maxLength: 5 });

describe('WindowCutter', () => {
  const { live, file } = cutPolicies(30);

  it.each([['file', file], ['live', live]] as const)('%s: every sample in exactly one window, in order, and no cut inside speech', (_mode, policy) => {
    fc.assert(
      fc.property(speechParts, pieces, (parts, sizes) => {
        const { pcm, speech } = audio(parts);
        const windows = cutAll(new WindowCutter(0, policy), pcm, sizes);
        expect(joined(windows)).toEqual(pcm);
        windows.forEach((w, i) => expect(w.startMs).toBe(i === 0 ? 0 : windows[i - 1]!.endMs));
        for (const w of windows.slice(0, -1)) {
          // A cut may fall in speech only when no pause was found before the window's longest length.
          const inSpeech = speech.some((s) => w.endMs > s.startMs + 10 && w.endMs < s.endMs - 10);
          if (inSpeech) expect(w.endMs - w.startMs).toBeGreaterThanOrEqual(policy.maxMs - 10);
        }
      }),
      { numRuns: 30 },
    );
  }, 60_000);

  it('file: windows of about the target length, the last one taking what is left', () => {
    const { pcm } = audio(Array.from({ length: 60 }, () => ({ speechMs: 4000, pauseMs: 800 })));
    const windows = cutAll(new WindowCutter(0, file), pcm, [48_000]);
    for (const w of windows.slice(0, -1)) {
      expect(w.endMs - w.startMs).toBeGreaterThanOrEqual(file.minMs);
      expect(w.endMs - w.startMs).toBeLessThanOrEqual(file.maxMs);
    }
    expect(windows.at(-1)!.endMs).toBeCloseTo((pcm.length / SAMPLE_RATE) * 1000, 0);
  });

  it('live: a window closes at the first pause after its shortest length, however the audio arrived', () => {
    const { pcm } = audio([{ speechMs: 5000, pauseMs: 600 }, { speechMs: 5000, pauseMs: 700 }, { speechMs: 4000, pauseMs: 500 }, { speechMs: 9000, pauseMs: 3000 }]);
    const inOnePiece = cutAll(new WindowCutter(0, live), pcm, [pcm.length]).map((w) => w.endMs);
    const inTwoSecondChunks = cutAll(new WindowCutter(0, live), pcm, [32_000]).map((w) => w.endMs);
    expect(inTwoSecondChunks).toEqual(inOnePiece);
    // The first pause after 7.5 s begins at 10.6 s: the window ends 150 ms into it.
    expect(inOnePiece[0]).toBe(10_750);
  });

  it('live: nothing is cut from the last second that has arrived, and nothing before the shortest length', () => {
    const { pcm } = audio([{ speechMs: 5000, pauseMs: 600 }, { speechMs: 2600, pauseMs: 400 }]);
    const cutter = new WindowCutter(0, live);
    expect(cutter.push(pcm)).toEqual([]);
    expect(cutter.nextStartMs).toBe(0);
  });

  it('Windows already planned are cut where they were, then the cutting goes on by itself', () => {
    const { pcm } = audio(Array.from({ length: 30 }, () => ({ speechMs: 3000, pauseMs: 700 })));
    const windows = cutAll(new WindowCutter(0, file, [12_345, 40_000]), pcm, [20_000]);
    expect(windows.slice(0, 2).map((w) => [w.startMs, w.endMs])).toEqual([[0, 12_345], [12_345, 40_000]]);
    expect(windows[2]!.endMs - windows[2]!.startMs).toBeGreaterThanOrEqual(file.minMs);
  });

  it('A window of silence is marked silent; one with speech is not', () => {
    const { pcm } = audio([{ speechMs: 2000, pauseMs: 100_000 }, { speechMs: 2000, pauseMs: 500 }]);
    const windows = cutAll(new WindowCutter(0, file), pcm, [pcm.length]);
    expect(windows.map((w) => w.silent)).toContain(true);
    expect(windows[0]!.silent).toBe(false);
  });
});

describe('liveWindows: what a live worker cuts from the audio arrived since it last cut', () => {
  const policies = cutPolicies(30);
  const { live, file } = policies;

  it('Keeping up (less than a live window waiting): live windows, as a live cutter alone cuts them', () => {
    const { pcm } = audio([{ speechMs: 5000, pauseMs: 600 }, { speechMs: 5000, pauseMs: 700 }, { speechMs: 4000, pauseMs: 500 }, { speechMs: 9000, pauseMs: 3000 }]);
    const alone = new WindowCutter(12_000, live).push(pcm).map((w) => [w.startMs, w.endMs]);
    expect(alone.length).toBeGreaterThan(0);
    expect(liveWindows(12_000, pcm, policies).map((w) => [w.startMs, w.endMs])).toEqual(alone);
  });

  it('Behind by minutes: file windows (fewer engine calls) until less than one is waiting, then live windows; every sample once, in order, no cut inside speech', () => {
    fc.assert(
      // At least 72 s (more than a file window and the tail behind a worker), at most about 5 minutes.
      fc.property(fc.array(fc.record({ speechMs: fc.integer({ min: 2000, max: 6000 }), pauseMs: fc.integer({ min: 400, max: 2500 }) }), { minLength: 30, maxLength: 40 }), (parts) => {
        const { pcm, speech } = audio(parts);
        const windows = liveWindows(5_000, pcm, policies);
        windows.forEach((w, i) => expect(w.startMs).toBe(i === 0 ? 5_000 : windows[i - 1]!.endMs));
        // Compared as bytes: a failing toEqual on millions of samples would spend minutes printing its diff.
        const cut = joined(windows);
        expect(Buffer.from(cut.buffer, cut.byteOffset, cut.byteLength).equals(Buffer.from(pcm.buffer, pcm.byteOffset, cut.byteLength))).toBe(true);
        const arrivedEndMs = 5_000 + (pcm.length / SAMPLE_RATE) * 1000;
        // What is left for the next cut is less than a file window and the tail that may still be arriving.
        expect(arrivedEndMs - windows.at(-1)!.endMs).toBeLessThan(file.maxMs + LIVE_TAIL_MS);
        const catchUp = windows.filter((w) => w.endMs - w.startMs > live.maxMs);
        expect(catchUp.length).toBeGreaterThan(0);
        for (const w of catchUp) expect(w.endMs - w.startMs).toBeLessThanOrEqual(file.maxMs);
        for (const w of windows) {
          const inSpeech = speech.some((s) => w.endMs - 5_000 > s.startMs + 10 && w.endMs - 5_000 < s.endMs - 10);
          if (inSpeech) expect(w.endMs - w.startMs).toBeGreaterThanOrEqual(live.maxMs - 10);
        }
        // Fewer, longer windows than live windows alone would have cut from the same audio.
        expect(windows.length).toBeLessThan(new WindowCutter(5_000, live).push(pcm).length);
      }),
      // A failure is reported as found, not shrunk: each run cuts minutes of audio, synchronously.
      { numRuns: 6, endOnFailure: true },
    );
  }, 60_000);
});

describe('restPolicy: what is left after Stop, shared among the engine\'s slots', () => {
  const { file } = cutPolicies(30);

  it('Enough for every slot: the file windows themselves', () => {
    expect(restPolicy(file, 2 * file.targetMs, 2)).toEqual(file);
    expect(restPolicy(file, 10 * 60_000, 2)).toEqual(file);
  });

  it('Less: windows of about a share each, so every slot works at once; never shorter than the floor', () => {
    const { pcm } = audio(Array.from({ length: 8 }, () => ({ speechMs: 3000, pauseMs: 700 })));
    const remainingMs = (pcm.length / SAMPLE_RATE) * 1000;
    const policy = restPolicy(file, remainingMs, 2);
    expect(policy.targetMs).toBeCloseTo(remainingMs / 2, -2);
    const windows = cutAll(new WindowCutter(0, policy), pcm, [32_000]);
    expect(windows).toHaveLength(2);
    // File windows alone: one window, one slot.
    expect(cutAll(new WindowCutter(0, file), pcm, [32_000])).toHaveLength(1);
    expect(restPolicy(file, 12_000, 2).targetMs).toBe(REST_WINDOW_FLOOR_MS);
    // Where file windows are shorter than the floor (tests' 6 s windows), they are not made longer.
    expect(restPolicy(cutPolicies(6).file, 8_000, 2).targetMs).toBe(6_000);
  });
});
