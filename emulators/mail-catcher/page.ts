// The inbox page at `/`: the mail caught over SMTP and the Auth emulator's links, newest first, with a
// filter by recipient. Plain server-rendered HTML, every value escaped: mail text is untrusted input.
import type { AuthLink, AuthLinkKind } from './auth-links.ts';
import type { CaughtMessage } from './mailbox.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const LINK_TITLES: Record<AuthLinkKind, string> = {
  verifyEmail: 'Verify email',
  resetPassword: 'Reset password',
  signIn: 'Sign in by email link',
};

export interface InboxView {
  to: string | undefined;
  messages: CaughtMessage[];
  links: AuthLink[];
  /** Why the Auth emulator's links are missing, if they are. */
  linksProblem: string | undefined;
}

function messageHtml(m: CaughtMessage): string {
  return `<article>
  <h3>${escapeHtml(m.subject || '(no subject)')}</h3>
  <p class="meta">To ${escapeHtml(m.to.join(', '))} · from ${escapeHtml(m.from)} · <time datetime="${escapeHtml(m.receivedAt)}">${escapeHtml(m.receivedAt)}</time></p>
  <pre>${escapeHtml(m.text)}</pre>
</article>`;
}

function linkHtml(link: AuthLink): string {
  return `<li><strong>${LINK_TITLES[link.kind]}</strong> for ${escapeHtml(link.email)}: <a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a></li>`;
}

export function inboxPage(view: InboxView): string {
  const links = view.linksProblem
    ? `<p>${escapeHtml(view.linksProblem)}</p>`
    : view.links.length
      ? `<ul>${view.links.map(linkHtml).join('\n')}</ul>`
      : '<p>No links yet. Signing up, asking for a password reset or for a sign-in link makes one.</p>';
  const messages = view.messages.length ? view.messages.map(messageHtml).join('\n') : '<p>No mail yet. Ask for a sign-in code on the sign-in page.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Charta local inbox</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1a1a1a; }
  h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 2rem; } h3 { font-size: 1rem; margin: 0; }
  article { border: 1px solid #ccc; border-radius: 6px; padding: .75rem 1rem; margin: .75rem 0; }
  pre { white-space: pre-wrap; word-break: break-word; font-size: 1rem; }
  .meta { color: #555; font-size: .875rem; margin: .25rem 0; }
  a { color: #0b57d0; word-break: break-all; }
  form { display: flex; gap: .5rem; flex-wrap: wrap; align-items: center; }
  input { font: inherit; padding: .25rem .5rem; min-width: 16rem; }
  button { font: inherit; }
</style>
</head>
<body>
<main>
<h1>Charta local inbox</h1>
<p>What the local app would have emailed. Nothing here leaves this machine.</p>
<form method="get" action="/">
  <label for="to">Recipient</label>
  <input id="to" name="to" type="email" value="${escapeHtml(view.to ?? '')}" placeholder="every recipient">
  <button type="submit">Show</button>
  <a href="/">Show all</a>
</form>
<h2>Sign-in, verification and reset links (from the Auth emulator)</h2>
${links}
<h2>Mail (${view.messages.length})</h2>
${messages}
</main>
</body>
</html>`;
}
