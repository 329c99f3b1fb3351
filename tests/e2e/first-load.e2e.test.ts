import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_URL, launchBrowser } from '../support/browser.js';

/**
 * What a first load fetches (issue 14, "A fast first load"), in Chromium against the emulator build that
 * Hosting serves: the sign-in page downloads its own route's code and not the signed-in app's pages, and
 * in emulator mode nothing asks Google's servers for anything (the Firebase Auth SDK's gapi loader ran
 * as Auth started on phones, popup or not).
 */
const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

let browser: BrowserContext;
afterEach(async () => browser?.close());

/** Every request the page makes, and the text of every script it runs from the app's origin. */
async function openSignIn(page: Page): Promise<{ requests: string[]; scripts: Map<string, string> }> {
  const requests: string[] = [];
  const scripts = new Map<string, string>();
  const pending: Promise<void>[] = [];
  page.on('request', (request: Request) => requests.push(request.url()));
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || !response.url().startsWith(APP_URL)) return;
    pending.push(response.text().then((text) => void scripts.set(response.url(), text), () => undefined));
  });
  await page.goto(`${APP_URL}/sign-in`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 30_000 });
  // Auth's start-up (where the SDK loaded gapi) runs after the first paint: give it time to ask.
  await page.waitForTimeout(1500);
  await Promise.all(pending);
  return { requests, scripts };
}

describe('The first load (Chromium, emulator build)', () => {
  describe('on a phone', () => {
    beforeEach(async () => {
      browser = await launchBrowser([`--user-agent=${PHONE_USER_AGENT}`]);
    });

    it('asks Google for nothing before anyone starts a Google or single sign-on sign-in', async () => {
      const page = await browser.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      const { requests } = await openSignIn(page);
      expect(requests.filter((url) => /^https:\/\/([^/]*\.)?(google|googleapis|gstatic)\.com\//.test(url))).toEqual([]);
    });
  });

  describe('on a desktop', () => {
    beforeEach(async () => {
      browser = await launchBrowser();
    });

    it('downloads the sign-in page without the signed-in app’s pages', async () => {
      const page = await browser.newPage();
      const { scripts } = await openSignIn(page);
      expect(scripts.size).toBeGreaterThan(0);
      // Text only each of those pages shows: none of it may be in what the sign-in page ran.
      const elsewhere = ['Start recording', 'Transcript segments', 'Add section'];
      const found = [...scripts].flatMap(([url, text]) => elsewhere.filter((phrase) => text.includes(phrase)).map((phrase) => `${url}: ${phrase}`));
      expect(found).toEqual([]);
    });
  });
});
