// The Auth emulator sends no mail: it keeps the out-of-band links it would have sent (email verification,
// password reset, email-link sign-in) and lists them at /emulator/v1/projects/{project}/oobCodes. The mail
// catcher shows them beside the mail it caught, so a newcomer finds every link in one place, pointed at the
// app's own page for them as production's emails are (appActionLink).

export type AuthLinkKind = 'verifyEmail' | 'resetPassword' | 'signIn';

export interface AuthLink {
  kind: AuthLinkKind;
  email: string;
  /** The link as production's email has it: the app's own page for it (see appActionLink). */
  url: string;
  /** The Auth emulator's own handler for it (its bare page), for comparison. */
  emulatorUrl: string;
}

interface OobCode {
  email?: string;
  requestType?: string;
  oobLink?: string;
}

const KIND_BY_REQUEST_TYPE: Record<string, AuthLinkKind> = {
  VERIFY_EMAIL: 'verifyEmail',
  PASSWORD_RESET: 'resetPassword',
  EMAIL_SIGNIN: 'signIn',
};

export interface AuthEmulator {
  url: string;
  project: string;
  /** The app's address (CHARTA_APP_URL), whose /auth/action page completes the links. */
  appUrl?: string | undefined;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * In production Firebase Auth's emails link to the app's own action page (the custom action URL set in the
 * console: https://<app>/auth/action?mode=…&oobCode=…); the Auth emulator has no such setting and links to
 * its own bare page. The same query on the app's page: the app is used exactly as in production. Its origin
 * is the one the app asked to continue at (the web app passes its own, so 127.0.0.1 and localhost both
 * work) when that is a loopback address, else the configured app URL.
 */
export function appActionLink(oobLink: string, appUrl: string | undefined): string {
  const link = new URL(oobLink);
  let origin = appUrl ? new URL(appUrl).origin : null;
  try {
    const next = new URL(link.searchParams.get('continueUrl') ?? '');
    if (LOOPBACK.has(next.hostname)) origin = next.origin;
  } catch {
    // No continue URL: the configured app.
  }
  return origin ? `${origin}/auth/action${link.search}` : oobLink;
}

/** The emulator's links, newest first (it lists them oldest first), for `email` (any case) when given. */
export async function authLinks(emulator: AuthEmulator, email?: string): Promise<AuthLink[]> {
  const res = await fetch(`${emulator.url}/emulator/v1/projects/${encodeURIComponent(emulator.project)}/oobCodes`, {
    signal: AbortSignal.timeout(5_000),
  });
  if (!res.ok) throw new Error(`the Auth emulator answered ${res.status}`);
  const body = (await res.json()) as { oobCodes?: OobCode[] };
  const wanted = email?.trim().toLowerCase();
  const links: AuthLink[] = [];
  for (const oob of body.oobCodes ?? []) {
    const kind = oob.requestType ? KIND_BY_REQUEST_TYPE[oob.requestType] : undefined;
    if (!kind || !oob.email || !oob.oobLink) continue;
    if (wanted && oob.email.toLowerCase() !== wanted) continue;
    links.push({ kind, email: oob.email, url: appActionLink(oob.oobLink, emulator.appUrl), emulatorUrl: oob.oobLink });
  }
  return links.reverse();
}
