import { ONE_TIME_CODE } from '@charta/contract';

/** The local mail catcher both README commands start (emulators/mail-catcher), by its JSON API. */
export function mailCatcherUrl(): string {
  const url = process.env['MAIL_CATCHER_URL'];
  if (!url) throw new Error('MAIL_CATCHER_URL is not set: run the tests with `npm test`, which starts the mail catcher.');
  return url;
}

export interface CaughtMail {
  id: string;
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

/** Mail the catcher received for `to`, newest first. */
export async function mailTo(to: string): Promise<CaughtMail[]> {
  const res = await fetch(`${mailCatcherUrl()}/api/messages?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`mail catcher answered ${res.status}`);
  return ((await res.json()) as { messages: CaughtMail[] }).messages;
}

const CODE_LINE = new RegExp(`^([0-9]{${ONE_TIME_CODE.length}})$`, 'm');

/** The code in the newest sign-in code email to `to`, waiting up to `timeoutMs` for it to arrive. */
export async function latestCode(to: string, timeoutMs = 5_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailTo(to)).find((m) => m.subject === 'Your Charta sign-in code');
    const code = mail && CODE_LINE.exec(mail.text)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no sign-in code reached ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const INVITATION_LINK = /\/clinic\/invitations\/([A-Za-z0-9_-]{43})/;

/** The token in the newest clinic invitation email to `email`, as the invitee would click it. */
export async function invitationToken(email: string, timeoutMs = 5_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailTo(email)).find((m) => m.subject.startsWith('You are invited to join'));
    const token = mail && INVITATION_LINK.exec(mail.text)?.[1];
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no invitation reached ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
