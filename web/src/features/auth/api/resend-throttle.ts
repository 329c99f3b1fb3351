// How often the app offers to resend the verification email. Firebase has its own, unpublished limit
// (auth/too-many-requests); waiting a minute between sends keeps people clear of it and tells them when
// they may send again rather than letting a click fail. Kept per user in localStorage, so a reload or a
// second tab does not reset it, and told to whoever watches (the banner may be on screen before sign-up's
// own send has finished).

export const VERIFICATION_RESEND_INTERVAL_MS = 60_000;

const storageKey = (uid: string) => `charta:verification-sent:${uid}`;
const listeners = new Set<() => void>();

export function recordVerificationSent(uid: string, nowMs: number = Date.now()): void {
  try {
    localStorage.setItem(storageKey(uid), String(nowMs));
  } catch {
    // Storage may be unavailable (private mode quotas): the button then simply is not throttled here.
  }
  for (const listener of listeners) listener();
}

/** When a verification email was last sent to this user from this browser, or null. */
export function lastVerificationSentAt(uid: string): number | null {
  try {
    const sentAt = Number(localStorage.getItem(storageKey(uid)));
    return Number.isFinite(sentAt) && sentAt > 0 ? sentAt : null;
  } catch {
    return null;
  }
}

/** Calls `listener` whenever a send is recorded, in this tab or another (the storage event). */
export function subscribeToVerificationSends(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** When the next resend may go, or null when it may go now (never sent, or the interval is over). */
export function verificationResendAllowedAt(uid: string, nowMs: number = Date.now()): number | null {
  const sentAt = lastVerificationSentAt(uid);
  if (sentAt === null) return null;
  const allowedAt = sentAt + VERIFICATION_RESEND_INTERVAL_MS;
  return allowedAt > nowMs ? allowedAt : null;
}
