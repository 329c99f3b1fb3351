// How often the app offers to resend the verification email. Firebase has its own, unpublished limit
// (auth/too-many-requests); waiting a minute between sends keeps people clear of it and tells them when
// they may send again rather than letting a click fail. Kept per user in localStorage, so a reload or a
// second tab does not reset it.

export const VERIFICATION_RESEND_INTERVAL_MS = 60_000;

const storageKey = (uid: string) => `charta:verification-sent:${uid}`;

export function recordVerificationSent(uid: string, nowMs: number = Date.now()): void {
  try {
    localStorage.setItem(storageKey(uid), String(nowMs));
  } catch {
    // Storage may be unavailable (private mode quotas): the button then simply is not throttled here.
  }
}

/** When the next resend may go, or null when it may go now (never sent, or the interval is over). */
export function verificationResendAllowedAt(uid: string, nowMs: number = Date.now()): number | null {
  let sentAt: number;
  try {
    sentAt = Number(localStorage.getItem(storageKey(uid)));
  } catch {
    return null;
  }
  if (!Number.isFinite(sentAt) || sentAt <= 0) return null;
  const allowedAt = sentAt + VERIFICATION_RESEND_INTERVAL_MS;
  return allowedAt > nowMs ? allowedAt : null;
}
