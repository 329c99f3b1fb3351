/**
 * Cutting a recording into windows for transcription (domain; pure). Audio arrives as 16 kHz mono PCM, in
 * order, from a known start; each window ends in a pause (never inside a word, where one can be found), so
 * transcribing window by window gives the words transcribing the whole would, none lost or doubled at a
 * boundary. Two ways to cut:
 * - `live` (a recording still arriving): a window closes at the first good pause after `minMs`, so its text
 *   appears a few seconds after it was spoken; at `maxMs` without one, at the quietest point. The last
 *   second before the audio known so far is not cut into (its end may still be arriving).
 * - `file` (complete audio): windows of about `targetMs`, at the longest pause between `minMs` and `maxMs`
 *   (the one nearest `targetMs` among equals): fewer, longer windows, fewer engine calls.
 * Windows only of silence are marked so (`silent`): nothing to send to an engine.
 */
export const SAMPLE_RATE = 16_000;
/** Loudness is measured in frames of this length. */
export const FRAME_MS = 10;
const SAMPLES_PER_FRAME = (SAMPLE_RATE * FRAME_MS) / 1000;

export interface CutPolicy {
  mode: 'live' | 'file';
  minMs: number;
  targetMs: number;
  maxMs: number;
  /** A pause at least this long counts as a good place to cut. */
  pauseMs: number;
}

/**
 * The windows for a configured length (TRANSCRIPTION_WINDOW_SEC, 30 by default): live windows close at the
 * first pause after a quarter of it (about 8 s) and at the latest at its end; file windows run from two
 * thirds of it to one and a half times it.
 */
export function cutPolicies(windowSec: number): { live: CutPolicy; file: CutPolicy } {
  const target = windowSec * 1000;
  return {
    live: { mode: 'live', minMs: Math.round(target / 4), targetMs: target, maxMs: target, pauseMs: 300 },
    file: { mode: 'file', minMs: Math.round((target * 2) / 3), targetMs: target, maxMs: Math.round(target * 1.5), pauseMs: 300 },
  };
}

/** The shortest window the rest of a recording is cut into for speed: shorter ones lose more than they gain. */
export const REST_WINDOW_FLOOR_MS = 10_000;

/**
 * How to cut what is left of a recording after Stop (`remainingMs`), when every engine slot should have a
 * share of it: the clinician is waiting, and file windows would give 30 s left to one slot while the others
 * idle. Windows of about remainingMs / concurrency (no shorter than REST_WINDOW_FLOOR_MS, or than file windows
 * where those are shorter still); the file policy
 * itself when there is enough for every slot anyway.
 */
export function restPolicy(file: CutPolicy, remainingMs: number, concurrency: number): CutPolicy {
  const share = remainingMs / Math.max(1, concurrency);
  if (share >= file.targetMs) return file;
  const target = Math.max(Math.min(REST_WINDOW_FLOOR_MS, file.targetMs), Math.round(share / FRAME_MS) * FRAME_MS);
  return { ...file, minMs: Math.round((target * 2) / 3), targetMs: target, maxMs: Math.round(target * 1.5) };
}

/** How close to the end of what has arrived a live window may not be cut: that audio may still be arriving. */
export const LIVE_TAIL_MS = 1_000;

export interface CutWindow {
  startMs: number;
  endMs: number;
  /** The window's samples. */
  pcm: Int16Array;
  /** Nothing but silence in it: no engine call needed. */
  silent: boolean;
}

/** Loudness of a frame in dB relative to full scale (-120 for digital silence). */
export function frameLoudness(samples: Int16Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  const rms = Math.sqrt(sum / Math.max(1, samples.length)) / 32768;
  return rms > 0 ? Math.max(-120, 20 * Math.log10(rms)) : -120;
}

/** Below this a frame is silent whatever the rest sounds like. */
const ABSOLUTE_SILENCE_DB = -50;
/** Within this of the quietest frames of a stretch, a frame is its background, not speech. */
const ABOVE_FLOOR_DB = 8;

/**
 * The loudness below which a frame of a stretch is silent: -50 dBFS, or within 8 dB of the stretch's
 * background (its 5th percentile, at most -30 dBFS: a stretch of nothing but speech has no background).
 */
export function silenceThreshold(loudness: readonly number[]): number {
  const sorted = [...loudness].sort((a, b) => a - b);
  const floor = sorted[Math.floor(sorted.length * 0.05)] ?? -120;
  return Math.max(ABSOLUTE_SILENCE_DB, Math.min(floor, -30) + ABOVE_FLOOR_DB);
}

/**
 * Takes PCM as it arrives and gives back windows as they can be cut. `fixedEnds` are ends already decided
 * (windows planned by an earlier run, which must be cut the same way again).
 */
export class WindowCutter {
  private samples: Int16Array = new Int16Array(0);
  /** Where `samples` begins in the recording. */
  private bufferStartMs: number;
  private startMs: number;
  /**
   * The loudness of every whole frame of `samples` on the recording's 10 ms grid (frame k covers
   * [k·10, k·10 + 10) ms), from frame `firstFrame` on: measured once, as the audio arrives.
   */
  private loudness: number[] = [];
  private firstFrame: number;

  constructor(
    startMs: number,
    private readonly policy: CutPolicy,
    private readonly fixedEnds: readonly number[] = [],
  ) {
    this.startMs = startMs;
    this.bufferStartMs = startMs;
    this.firstFrame = Math.ceil(startMs / FRAME_MS);
  }

  /** Where the next window will start. */
  get nextStartMs(): number {
    return this.startMs;
  }

  /** Adds the next samples; returns the windows that can now be cut. */
  push(pcm: Int16Array): CutWindow[] {
    const joined = new Int16Array(this.samples.length + pcm.length);
    joined.set(this.samples);
    joined.set(pcm, this.samples.length);
    this.samples = joined;
    this.measureNewFrames();
    return this.cutWhatCan(false);
  }

  private measureNewFrames(): void {
    for (;;) {
      const frame = this.firstFrame + this.loudness.length;
      const from = this.sampleAt(frame * FRAME_MS);
      if (from + SAMPLES_PER_FRAME > this.samples.length) return;
      this.loudness.push(frameLoudness(this.samples.subarray(from, from + SAMPLES_PER_FRAME)));
    }
  }

  /** The audio ended (all of it, for a complete recording): the rest is cut too, the last window ending with it. */
  end(): CutWindow[] {
    return this.cutWhatCan(true);
  }

  private get bufferedEndMs(): number {
    return this.bufferStartMs + (this.samples.length / SAMPLE_RATE) * 1000;
  }

  private cutWhatCan(ended: boolean): CutWindow[] {
    const windows: CutWindow[] = [];
    for (;;) {
      const end = this.nextCut(ended);
      if (end === null) return windows;
      windows.push(this.take(end));
    }
  }

  /** Where the window starting at startMs ends, or null if that cannot be known yet. */
  private nextCut(ended: boolean): number | null {
    const available = this.bufferedEndMs;
    if (available - this.startMs < FRAME_MS) return null;
    const fixed = this.fixedEnds.find((e) => e > this.startMs);
    if (fixed !== undefined) return available >= fixed || ended ? Math.min(fixed, available) : null;
    const { mode, minMs, maxMs } = this.policy;
    if (ended && mode === 'file' && available - this.startMs <= maxMs) return available;
    if (mode === 'live') {
      if (ended) return available;
      const usableEnd = available - LIVE_TAIL_MS;
      if (usableEnd < this.startMs + minMs) return null;
      const pause = this.firstPause(this.startMs + minMs, Math.min(usableEnd, this.startMs + maxMs));
      if (pause !== null) return pause;
      return usableEnd >= this.startMs + maxMs ? this.quietest(this.startMs + minMs, this.startMs + maxMs) : null;
    }
    if (available < this.startMs + maxMs) return ended ? available : null;
    return this.longestPause(this.startMs + minMs, this.startMs + maxMs) ?? this.quietest(this.startMs + minMs, this.startMs + maxMs);
  }

  private take(endMs: number): CutWindow {
    const from = this.sampleAt(this.startMs);
    const to = this.sampleAt(endMs);
    const pcm = this.samples.slice(from, to);
    const window = { startMs: this.startMs, endMs, pcm, silent: isSilent(pcm) };
    this.samples = this.samples.slice(to);
    this.bufferStartMs = endMs;
    this.startMs = endMs;
    const firstFrame = Math.ceil(endMs / FRAME_MS);
    this.loudness = this.loudness.slice(firstFrame - this.firstFrame);
    this.firstFrame = firstFrame;
    return window;
  }

  private sampleAt(ms: number): number {
    return Math.max(0, Math.min(this.samples.length, Math.round(((ms - this.bufferStartMs) * SAMPLE_RATE) / 1000)));
  }

  /** Loudness of the whole frames from `fromMs` to `toMs` (on the 10 ms grid), with each frame's start. */
  private frames(fromMs: number, toMs: number): { atMs: number; db: number }[] {
    const out: { atMs: number; db: number }[] = [];
    const first = Math.max(this.firstFrame, Math.ceil(fromMs / FRAME_MS));
    for (let frame = first; (frame + 1) * FRAME_MS <= toMs; frame++) {
      const db = this.loudness[frame - this.firstFrame];
      if (db === undefined) break;
      out.push({ atMs: frame * FRAME_MS, db });
    }
    return out;
  }

  /**
   * Runs of silent frames in [fromMs, toMs). What is silent is judged against the window's first `minMs`
   * (always there when a cut is looked for), so the same audio is cut the same way however it arrived.
   */
  private pauses(fromMs: number, toMs: number): { startMs: number; endMs: number }[] {
    const threshold = silenceThreshold(this.frames(this.startMs, this.startMs + this.policy.minMs).map((f) => f.db));
    const runs: { startMs: number; endMs: number }[] = [];
    let runStart: number | null = null;
    let last = fromMs;
    for (const frame of this.frames(fromMs, toMs)) {
      if (frame.db <= threshold) runStart ??= frame.atMs;
      else if (runStart !== null) {
        runs.push({ startMs: runStart, endMs: frame.atMs });
        runStart = null;
      }
      last = frame.atMs + FRAME_MS;
    }
    if (runStart !== null) runs.push({ startMs: runStart, endMs: last });
    return runs.filter((r) => r.endMs - r.startMs >= this.policy.pauseMs);
  }

  /**
   * A live window ends a fixed way into the first pause (half the shortest pause), whatever follows: where
   * the pause ends may not have arrived yet.
   */
  private firstPause(fromMs: number, toMs: number): number | null {
    const first = this.pauses(fromMs, toMs)[0];
    return first ? first.startMs + Math.floor(this.policy.pauseMs / 2 / FRAME_MS) * FRAME_MS : null;
  }

  private longestPause(fromMs: number, toMs: number): number | null {
    const target = this.startMs + this.policy.targetMs;
    const best = this.pauses(fromMs, toMs).sort((a, b) => b.endMs - b.startMs - (a.endMs - a.startMs) || Math.abs(middle(a) - target) - Math.abs(middle(b) - target))[0];
    return best ? middle(best) : null;
  }

  /** No pause at all: the quietest frame's start (the least likely to split a word). */
  private quietest(fromMs: number, toMs: number): number {
    const frames = this.frames(fromMs, toMs);
    let best = frames[0] ?? { atMs: toMs, db: 0 };
    for (const f of frames) if (f.db < best.db) best = f;
    return best.atMs;
  }
}

/**
 * The windows a live worker cuts from the audio arrived since `startMs` (advanceLive): file windows while more
 * than a live window's worth is waiting, then live windows. The file cut is not let near the end of what has
 * arrived (LIVE_TAIL_MS), as the live cut is not: the rest is left to the live cut.
 */
export function liveWindows(startMs: number, pcm: Int16Array, policies: { live: CutPolicy; file: CutPolicy }): CutWindow[] {
  const behind = (pcm.length * 1000) / SAMPLE_RATE;
  const windows: CutWindow[] = [];
  let from = startMs;
  if (behind > policies.live.maxMs + LIVE_TAIL_MS) {
    const catchUp = new WindowCutter(startMs, policies.file);
    windows.push(...catchUp.push(pcm.subarray(0, pcm.length - samplesAt(LIVE_TAIL_MS))));
    from = catchUp.nextStartMs;
  }
  const live = new WindowCutter(from, policies.live);
  windows.push(...live.push(pcm.subarray(samplesAt(from - startMs))));
  return windows;
}

const samplesAt = (ms: number) => Math.max(0, Math.round((ms * SAMPLE_RATE) / 1000));

/** The middle of a pause, on a frame boundary. */
const middle = (run: { startMs: number; endMs: number }) => run.startMs + Math.floor((run.endMs - run.startMs) / 2 / FRAME_MS) * FRAME_MS;

/** A window with no frame louder than silence. */
function isSilent(pcm: Int16Array): boolean {
  for (let from = 0; from < pcm.length; from += SAMPLES_PER_FRAME) {
    if (frameLoudness(pcm.subarray(from, from + SAMPLES_PER_FRAME)) >= ABSOLUTE_SILENCE_DB) return false;
  }
  return true;
}
