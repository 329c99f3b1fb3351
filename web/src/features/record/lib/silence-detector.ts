// Notices when the microphone has given nothing but silence for a while: a muted headset, a
// disconnected cable, the wrong input chosen. Fed with input levels; pure, so it is tested without audio.

export interface SilenceDetector {
  /** One level reading (RMS, 0..1) taken at `atMs`; returns whether the input now counts as silent. */
  push(level: number, atMs: number): boolean;
  /** Forget the silence so far (after a pause, or when the user dismissed the warning). */
  reset(atMs: number): void;
  /** How long the input has been silent, in ms (0 when it is not). */
  silentForMs(atMs: number): number;
}

/** Below this RMS level (about -54 dBFS) the input is taken as silence: a quiet room still reads above it. */
export const SILENCE_LEVEL = 0.002;
export const SILENCE_WARNING_AFTER_MS = 8_000;

export function createSilenceDetector(options: { threshold?: number; afterMs?: number } = {}): SilenceDetector {
  const threshold = options.threshold ?? SILENCE_LEVEL;
  const afterMs = options.afterMs ?? SILENCE_WARNING_AFTER_MS;
  let silentSince: number | null = null;

  return {
    push(level, atMs) {
      if (level > threshold) {
        silentSince = null;
        return false;
      }
      silentSince ??= atMs;
      return atMs - silentSince >= afterMs;
    },
    reset() {
      silentSince = null;
    },
    silentForMs(atMs) {
      return silentSince === null ? 0 : atMs - silentSince;
    },
  };
}

/** RMS of time-domain samples in -1..1 (what AnalyserNode.getFloatTimeDomainData gives). */
export function rmsLevel(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i += 1) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / samples.length);
}

/** A level for a meter, 0..1, on a dB scale from -60 dBFS (empty) to 0 dBFS (full): speech lands mid-scale. */
export function meterLevel(rms: number): number {
  if (rms <= 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.min(1, Math.max(0, (db + 60) / 60));
}
