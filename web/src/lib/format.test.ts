import { describe, expect, it, vi } from 'vitest';
import { describeDuration, formatBytes, formatClock, formatDateTime, formatDuration } from './format';

describe('formatClock', () => {
  it('shows minutes and seconds, rounding down', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(999)).toBe('00:00');
    expect(formatClock(61_500)).toBe('01:01');
    expect(formatClock(75 * 60_000 + 2_000)).toBe('75:02');
  });

  it('never shows a negative or broken time', () => {
    expect(formatClock(-5)).toBe('00:00');
    expect(formatClock(Number.NaN)).toBe('00:00');
  });
});

describe('formatDuration', () => {
  it('shows m:ss, and h:mm:ss from an hour', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(19.6)).toBe('0:20');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3600 + 62)).toBe('1:01:02');
  });

  it('says when the duration is not known', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(-1)).toBe('—');
  });
});

describe('describeDuration', () => {
  it('reads out hours, minutes and seconds', () => {
    expect(describeDuration(65)).toBe('1 minute 5 seconds');
    expect(describeDuration(3600)).toBe('1 hour');
    expect(describeDuration(0)).toBe('0 seconds');
    expect(describeDuration(null)).toBe('duration not known yet');
  });
});

describe('formatBytes', () => {
  it('uses B, KB and MB', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(4300)).toBe('4.2 KB');
    expect(formatBytes(7 * 1024 * 1024)).toBe('7.0 MB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MB');
  });
});

describe('formatDateTime', () => {
  it('formats a timestamp and refuses junk', () => {
    expect(formatDateTime('2026-11-21T14:05:00.000Z')).toMatch(/2026/);
    expect(formatDateTime('not a date')).toBe('—');
  });
});

describe('loading the module', () => {
  // The first Intl.DateTimeFormat loads locale data (150-400 ms on a mid-range phone): only when a date is shown.
  it('makes no date format until a date is formatted, then one per format', async () => {
    vi.resetModules();
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const format = await import('./format');
      expect(made).not.toHaveBeenCalled();
      format.formatDate('2026-11-21T10:00:00Z');
      format.formatDate('2026-11-22T10:00:00Z');
      format.formatDateTime('2026-11-21T10:00:00Z');
      expect(made).toHaveBeenCalledTimes(2);
    } finally {
      made.mockRestore();
    }
  });
});
