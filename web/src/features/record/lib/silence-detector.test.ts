import { describe, expect, it } from 'vitest';
import { createSilenceDetector, meterLevel, rmsLevel } from './silence-detector';

describe('silence detector', () => {
  it('warns only after the input stayed silent for the whole period', () => {
    const detector = createSilenceDetector({ threshold: 0.01, afterMs: 5_000 });
    expect(detector.push(0.2, 0)).toBe(false);
    expect(detector.push(0, 1_000)).toBe(false);
    expect(detector.push(0.005, 5_999)).toBe(false);
    expect(detector.push(0, 6_000)).toBe(true);
    expect(detector.silentForMs(7_000)).toBe(6_000);
  });

  it('starts over when sound comes back, or on reset', () => {
    const detector = createSilenceDetector({ threshold: 0.01, afterMs: 5_000 });
    detector.push(0, 0);
    detector.push(0.3, 4_000);
    expect(detector.push(0, 8_000)).toBe(false);
    expect(detector.push(0, 12_999)).toBe(false);
    detector.reset(13_000);
    expect(detector.silentForMs(13_000)).toBe(0);
    expect(detector.push(0, 14_000)).toBe(false);
  });
});

describe('levels', () => {
  it('computes RMS', () => {
    expect(rmsLevel([])).toBe(0);
    expect(rmsLevel([0.5, -0.5, 0.5, -0.5])).toBeCloseTo(0.5);
  });

  it('maps RMS onto a -60..0 dB meter', () => {
    expect(meterLevel(0)).toBe(0);
    expect(meterLevel(1)).toBe(1);
    expect(meterLevel(0.001)).toBe(0); // -60 dB
    expect(meterLevel(0.0316)).toBeCloseTo(0.5, 1); // -30 dB
  });
});
