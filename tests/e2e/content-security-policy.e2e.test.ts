import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestUser } from '../support/auth-users.js';
import { APP_URL, launchBrowser } from '../support/browser.js';
import { signInThroughUi } from '../support/record-flow.js';

let browser: BrowserContext | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** Every CSP violation the page reports, from the DOM event and from the console (either may come first). */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

describe('The web app under its Content-Security-Policy (Hosting headers)', () => {
  it('signs in and shows every main page with no CSP violation: no inline script, runtime styles and Auth allowed', async () => {
    browser = await launchBrowser();
    const page = await browser.newPage();
    const violations = await watchViolations(page);
    const response = await page.goto(APP_URL);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

    const user = await createTestUser({ displayName: 'Dr Ana Patiño' });
    await signInThroughUi(page, user);
    for (const [path, landmark] of [
      ['/sessions', 'Sessions'],
      ['/templates', 'Templates'],
      ['/templates/new', 'Section title'],
      ['/settings', 'Settings'],
    ] as const) {
      await page.goto(new URL(path, APP_URL).toString());
      await page.getByText(landmark).first().waitFor({ timeout: 30_000 });
    }
    // MUI's styles are injected at run time: the page is styled, not bare.
    const background = await page.evaluate(() => getComputedStyle(document.querySelector('header') ?? document.body).backgroundColor);
    expect(background).not.toBe('');
    expect(violations).toEqual([]);
  });
});
