// The local mail catcher (emulators/mail-catcher) the test stack starts: it lists the Auth emulator's
// out-of-band links (verification, reset) beside the mail it caught, in its JSON API and on its page.
import { describe, expect, it } from 'vitest';
import { createTestUser } from '../support/auth-users.js';
import { authEmulatorHost } from '../support/emulators.js';
import { mailCatcherUrl } from '../support/mail-catcher.js';

async function sendOobCode(body: object) {
  const res = await fetch(`http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('The mail catcher', () => {
  it('Lists the Auth emulator\u2019s verification and reset links for an address, on its API and its page', async () => {
    const user = await createTestUser({ emailVerified: false });
    await sendOobCode({ requestType: 'VERIFY_EMAIL', idToken: user.idToken });
    await sendOobCode({ requestType: 'PASSWORD_RESET', email: user.email });

    const res = await fetch(`${mailCatcherUrl()}/api/auth-links?email=${encodeURIComponent(user.email.toUpperCase())}`);
    const { links } = (await res.json()) as { links: { kind: string; email: string; url: string; emulatorUrl: string }[] };
    expect(links.map((l) => l.kind)).toEqual(['resetPassword', 'verifyEmail']);
    for (const link of links) {
      expect(link.email).toBe(user.email);
      // The app's own page for the link, with the emulator's query, as production's custom action URL has it.
      const url = new URL(link.url);
      expect(`${url.origin}${url.pathname}`).toBe(`${process.env['CHARTA_APP_URL']}/auth/action`);
      expect(url.searchParams.get('mode')).toBe(link.kind);
      expect(url.search).toBe(new URL(link.emulatorUrl).search);
    }

    const page = await (await fetch(`${mailCatcherUrl()}/?to=${encodeURIComponent(user.email)}`)).text();
    expect(page).toContain('Reset password');
    expect(page).toContain(links[0]?.url.replaceAll('&', '&amp;'));
  });

  it('Opens a link on the loopback origin the app asked to continue at (127.0.0.1 or localhost)', async () => {
    const user = await createTestUser();
    const opened = (process.env['CHARTA_APP_URL'] ?? '').replace('localhost', '127.0.0.1');
    await sendOobCode({ requestType: 'PASSWORD_RESET', email: user.email, continueUrl: `${opened}/sign-in` });
    const res = await fetch(`${mailCatcherUrl()}/api/auth-links?email=${encodeURIComponent(user.email)}`);
    const { links } = (await res.json()) as { links: { url: string }[] };
    expect(links[0]?.url.startsWith(`${opened}/auth/action?mode=resetPassword&`)).toBe(true);
  });
});
