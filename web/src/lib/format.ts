// Small formatters for times, durations and sizes, as clinicians read them.

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A running clock: "mm:ss" (minutes keep counting past 59, so "75:02"); negative or NaN reads "00:00". */
export function formatClock(ms: number): string {
  const totalSec = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  return `${pad2(Math.floor(totalSec / 60))}:${pad2(totalSec % 60)}`;
}

/** A stored duration in seconds: "m:ss", or "h:mm:ss" from an hour; null reads "—" (not yet known). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad2(m)}:${pad2(s)}` : `${m}:${pad2(s)}`;
}

/** The same duration for screen readers: "1 minute 5 seconds". */
export function describeDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return 'duration not known yet';
  const total = Math.round(seconds);
  const parts: string[] = [];
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (h > 0) parts.push(unit(h, 'hour'));
  if (m > 0) parts.push(unit(m, 'minute'));
  if (s > 0 || parts.length === 0) parts.push(unit(s, 'second'));
  return parts.join(' ');
}

/** Bytes as "812 B", "4.2 KB", "13.5 MB" (1 KB = 1024 B, one decimal below 100). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 100 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

// Made on first use, not when the module loads: a browser's first Intl.DateTimeFormat loads its locale data,
// 150-400 ms of main thread on a mid-range phone, before the first paint of every page that imports this one
// (docs/first-load.md).
let dateTime: Intl.DateTimeFormat | undefined;
let dateOnly: Intl.DateTimeFormat | undefined;

/** An ISO timestamp in the reader's locale and time zone ("21 Nov 2026, 14:05"); junk reads "—". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : (dateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })).format(date);
}

/** An ISO timestamp's day in the reader's locale ("21 Nov 2026"); junk reads "—". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : (dateOnly ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })).format(date);
}
