// How long Charta may sit unused before it locks (docs/sign-in.md "Automatic lock"). Kept per device, in localStorage:
// the lock guards this screen, and a shared clinic workstation and a clinician's own phone call for different
// times. Locking only ever gets stricter than the choices offered (the longest is an hour), and there is no
// "never": HIPAA's automatic logoff (45 CFR 164.312(a)(2)(iii)) is what the lock is for.
import { useSyncExternalStore } from 'react';

export const LOCK_AFTER_STORAGE_KEY = 'charta.lock.idleSeconds';
/** Fifteen minutes: the default, and what most clinical systems lock after. */
export const DEFAULT_LOCK_AFTER_SECONDS = 15 * 60;
export const MAX_LOCK_AFTER_SECONDS = 60 * 60;
/** What Settings offers, in minutes. */
export const LOCK_AFTER_CHOICES_MINUTES = [1, 5, 10, 15, 30, 60] as const;

// Same-tab changes fire no `storage` event, so writes announce themselves with this one.
const CHANGED_EVENT = 'charta:lock-setting-changed';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked (a privacy setting): the default applies.
    return null;
  }
}

/**
 * The stored idle time in seconds, or the default. Any whole number of seconds up to an hour is taken (an
 * end-to-end test sets a few seconds); anything else, or longer, falls back to the default.
 */
export function readLockAfterSeconds(): number {
  const raw = storage()?.getItem(LOCK_AFTER_STORAGE_KEY) ?? null;
  const seconds = raw === null ? NaN : Number(raw);
  return Number.isInteger(seconds) && seconds > 0 && seconds <= MAX_LOCK_AFTER_SECONDS ? seconds : DEFAULT_LOCK_AFTER_SECONDS;
}

export function writeLockAfterSeconds(seconds: number): void {
  storage()?.setItem(LOCK_AFTER_STORAGE_KEY, String(seconds));
  window.dispatchEvent(new Event(CHANGED_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === LOCK_AFTER_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGED_EVENT, onChange);
  };
}

/** The idle time, kept current when Settings (in this tab or another) changes it. */
export function useLockAfterSeconds(): number {
  return useSyncExternalStore(subscribe, readLockAfterSeconds, () => DEFAULT_LOCK_AFTER_SECONDS);
}

/** "15 minutes", "1 hour", "30 seconds". */
export function describeLockAfter(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? '1 hour' : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}
