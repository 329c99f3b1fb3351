/**
 * The local mail catcher: an SMTP server that keeps every message the API sends (one-time sign-in codes) in
 * memory, and a web page that shows them beside the Auth emulator's verification, reset and sign-in links,
 * so a newcomer reads locally what production would email. A JSON API serves the same to tests.
 * smtp-server and mailparser (Nodemailer's own, well kept) speak SMTP and parse MIME; nothing here
 * reimplements either.
 *
 * Run: node emulators/mail-catcher/server.ts --smtp-port 9325 --web-port 9380
 *        [--auth-emulator http://127.0.0.1:9099 --project demo-charta --app-url http://localhost:5000]
 *
 *   GET    /                       the inbox page (?to=<email> filters)
 *   GET    /api/messages?to=       { messages: [{ id, to, subject, text, receivedAt }] }, newest first
 *   DELETE /api/messages           forgets every message
 *   GET    /api/auth-links?email=  { links: [{ kind, email, url, emulatorUrl }] }, newest first (url: the app's
 *                                   /auth/action page, as production's emails link; see auth-links.ts)
 *   GET    /health                 { status: "ok" }
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { authLinks, type AuthEmulator } from './auth-links.ts';
import { Mailbox } from './mailbox.ts';
import { inboxPage } from './page.ts';

/** Larger than any mail the API sends; a runaway sender is refused rather than held in memory. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

const { values: args } = parseArgs({
  options: {
    'smtp-port': { type: 'string', default: '9325' },
    'web-port': { type: 'string', default: '9380' },
    'auth-emulator': { type: 'string' },
    project: { type: 'string', default: 'demo-charta' },
    'app-url': { type: 'string' },
  },
});

const smtpPort = Number(args['smtp-port']);
const webPort = Number(args['web-port']);
const authEmulator: AuthEmulator | undefined = args['auth-emulator'] ? { url: args['auth-emulator'].replace(/\/$/, ''), project: args.project, appUrl: args['app-url'] } : undefined;
const mailbox = new Mailbox();

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((a) => a.address ?? '')).filter(Boolean);

const smtp = new SMTPServer({
  // Local only: no TLS and no sign-in, as a real relay would demand; it listens on 127.0.0.1 alone.
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  size: MAX_MESSAGE_BYTES,
  logger: false,
  banner: 'Charta mail catcher',
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        if (stream.sizeExceeded) return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
        const recipients = [...session.envelope.rcptTo.map((r) => r.address), ...addressesOf(mail.to)].map((a) => a.toLowerCase());
        mailbox.add({
          to: [...new Set(recipients)],
          from: mail.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
  },
});
smtp.on('error', (err) => console.error(`mail catcher: SMTP error: ${err.message}`));

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function linksFor(email: string | undefined) {
  if (!authEmulator) return { links: [], problem: 'No Auth emulator was named (--auth-emulator), so its links are not shown.' };
  try {
    return { links: await authLinks(authEmulator, email), problem: undefined };
  } catch (err) {
    return { links: [], problem: `The Auth emulator's links could not be read: ${err instanceof Error ? err.message : String(err)}` };
  }
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://mail-catcher');
  const to = url.searchParams.get('to') ?? undefined;
  if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { status: 'ok' });
  if (req.method === 'GET' && url.pathname === '/api/messages') {
    const messages = mailbox.list(to).map(({ id, to: recipients, subject, text, receivedAt }) => ({ id, to: recipients, subject, text, receivedAt }));
    return send(res, 200, { messages });
  }
  if (req.method === 'DELETE' && url.pathname === '/api/messages') {
    mailbox.clear();
    return send(res, 200, { deleted: true });
  }
  if (req.method === 'GET' && url.pathname === '/api/auth-links') {
    const { links, problem } = await linksFor(url.searchParams.get('email') ?? undefined);
    if (problem && authEmulator) return send(res, 502, { error: problem });
    return send(res, 200, { links });
  }
  if (req.method === 'GET' && url.pathname === '/') {
    const { links, problem } = await linksFor(to);
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // The page runs no script and loads nothing; mail content can then do nothing either.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    });
    res.end(inboxPage({ to, messages: mailbox.list(to), links, linksProblem: problem }));
    return;
  }
  send(res, 404, { error: 'not found' });
}

const web = createServer((req, res) => {
  route(req, res).catch((err: unknown) => {
    if (!res.headersSent) send(res, 500, { error: err instanceof Error ? err.message : String(err) });
  });
});

smtp.listen(smtpPort, '127.0.0.1', () => {
  web.listen(webPort, '127.0.0.1', () => {
    console.log(`mail catcher: SMTP on 127.0.0.1:${smtpPort}, inbox at http://127.0.0.1:${webPort}`);
  });
});

const stop = () => {
  web.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
