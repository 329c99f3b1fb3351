import type { Request } from 'express';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function urlOf(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * The app URL to send a user back to (Stripe's return pages, a template's share link). Deployed, always the
 * configured one (CHARTA_APP_URL). Locally, where the configured URL is a loopback address, the origin the
 * browser is using when it is a loopback one too: the app opened at 127.0.0.1 and sent back to localhost lands
 * on another origin, whose storage holds no sign-in, which looks like a sign-out. Nothing but a loopback
 * origin is ever taken from a request, so a request cannot point a link elsewhere.
 */
export function appUrlFor(configured: string, requestOrigin: string | undefined): string {
  const app = urlOf(configured);
  const origin = urlOf(requestOrigin);
  if (!app || !origin || !LOOPBACK.has(app.hostname) || !LOOPBACK.has(origin.hostname)) return configured;
  if (origin.protocol !== 'http:' && origin.protocol !== 'https:') return configured;
  return origin.origin;
}

/** The app URL for this request's user (appUrlFor with the browser's Origin header). */
export function appUrlOfRequest(configured: string, req: Request): string {
  return appUrlFor(configured, req.get('origin'));
}
