// The Auth emulator sends no mail: it keeps the out-of-band links it would have sent (email verification,
// password reset, email-link sign-in) and lists them at /emulator/v1/projects/{project}/oobCodes. The mail
// catcher shows them beside the mail it caught, so a newcomer finds every link in one place.

export type AuthLinkKind = 'verifyEmail' | 'resetPassword' | 'signIn';

export interface AuthLink {
  kind: AuthLinkKind;
  email: string;
  url: string;
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
    links.push({ kind, email: oob.email, url: oob.oobLink });
  }
  return links.reverse();
}
