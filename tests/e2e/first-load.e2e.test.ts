import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestUser } from '../support/auth-users.js';
import { APP_URL, launchBrowser } from '../support/browser.js';
import { signInThroughUi } from '../support/record-flow.js';

/**
 * What a first load fetches (issue 14, "A fast first load"), in Chromium against the emulator build that
 * Hosting serves: the sign-in page downloads its own route's code and not the signed-in app's pages, and
 * in emulator mode nothing asks Google's servers for anything (the Firebase Auth SDK's gapi loader ran
 * as Auth started on phones, popup or not).
 */
const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

let browser: BrowserContext;
afterEach(async () => {
  // A route handler still fetching a script when the test ends (the page asks for chunks after what it waited for)
  // would read a response the closing browser has disposed: an unhandled error that failed the file once.
  await browser?.unrouteAll({ behavior: 'ignoreErrors' });
  await browser?.close();
});

/** Style elements of the page's HTML that the app's emotion adopted (`data-emotion="css <ids>"`: scripts/prerender-pages.mjs). */
const adoptedStyles = (page: Page) => page.locator('style[data-emotion^="css "]').count();
/** The rules emotion inserted itself, into the sheet it keeps (`data-emotion="css"`). */
const rulesEmotionInserted = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-emotion="css"]')).reduce((rules, style) => rules + (style.sheet?.cssRules.length ?? 0), 0));

/** The theme's colour variables as the page has them: the primary colour, and how many rules of emotion's elements define it. */
const themeVariables = (page: Page) =>
  page.evaluate(() => ({
    primary: getComputedStyle(document.documentElement).getPropertyValue('--mui-palette-primary-main').trim(),
    rules: Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-emotion]'))
      .flatMap((style) => Array.from(style.sheet?.cssRules ?? []))
      .filter((rule) => rule.cssText.includes('--mui-palette-primary-main:')).length,
  }));

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

  describe('before any script has run (docs/first-load.md "The splash", "The sign-in page, prerendered")', () => {
    beforeEach(async () => {
      browser = await launchBrowser();
    });

    /** Holds every script of the app until the returned function lets them through. */
    async function holdScripts(): Promise<() => void> {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      await browser.route(/\/assets\/.+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      return release;
    }

    /** A first contentful paint with no script run: the page is not blank while its code downloads. */
    async function paintedWithoutScripts(page: Page) {
      await expect
        .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length), { timeout: 10_000 })
        .toBe(1);
      expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js') && (r as PerformanceResourceTiming).responseEnd > 0).length)).toBe(0);
    }

    it('paints the splash from index.html alone while the app’s JavaScript is on its way, and the app replaces it', async () => {
      const page = await browser.newPage();
      const release = await holdScripts();
      await page.goto(`${APP_URL}/`, { waitUntil: 'commit' });
      const splash = page.getByRole('status').filter({ hasText: 'Opening…' });
      await splash.waitFor({ timeout: 30_000 });
      await paintedWithoutScripts(page);
      // The theme's variables came with the page (scripts/prerender-pages.mjs), one rule per colour scheme.
      expect(await themeVariables(page)).toEqual({ primary: '#1f6e78', rules: 2 });

      release();
      // Nobody is signed in in this browser: the app takes the visitor to sign-in.
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 60_000 });
      expect(await splash.count()).toBe(0);
      // The app's emotion adopted them rather than compiling and inserting them again: one rule per scheme
      // still, and no element of the page's left with its name (a Global takes its element and drops the name).
      expect(await themeVariables(page)).toEqual({ primary: '#1f6e78', rules: 2 });
      expect(await page.locator('style[data-emotion^="css-global "]').count()).toBe(0);
    });

    it('says so, with a way to try again, when the app’s code cannot be loaded as it opens, instead of “Opening…” for ever', async () => {
      const page = await browser.newPage();
      // The app itself (web/src/app/start-app.tsx's chunk) does not arrive, as on a connection that dropped.
      const appChunk = /\/assets\/start-app-[^/]+\.js$/;
      await browser.route(appChunk, (route) => route.abort('internetdisconnected'));
      await page.goto(`${APP_URL}/`);
      const alert = page.getByRole('alert').filter({ hasText: 'Charta could not finish loading. Check your connection, then try again.' });
      await alert.waitFor({ timeout: 30_000 });
      expect(await page.getByText('Opening…').count()).toBe(0);

      await browser.unroute(appChunk);
      await alert.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 60_000 });
    });

    it('paints the sign-in page itself from sign-in.html, inert until the app takes it over, then it works', async () => {
      const page = await browser.newPage();
      const release = await holdScripts();
      await page.goto(`${APP_URL}/sign-in`, { waitUntil: 'commit' });
      await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor({ timeout: 30_000 });
      await paintedWithoutScripts(page);
      // The form is there to see, in the theme's colours, but nothing in it takes focus or typing yet: what a
      // clinician typed would be lost when the app replaces it.
      expect(await page.locator('[inert]').count()).toBe(1);
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('button[type="submit"]')!).backgroundColor)).toBe('rgb(31, 110, 120)');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

      release();
      await expect.poll(() => page.locator('[inert]').count(), { timeout: 60_000 }).toBe(0);
      // The app's emotion adopted the page's styles (their ids in data-emotion) and wrote only a few rules of its
      // own (the focused field's; 133 when it inserted the whole page's): the prerendered classes are its own.
      expect(await adoptedStyles(page)).toBeGreaterThan(10);
      expect(await rulesEmotionInserted(page)).toBeLessThan(40);
      await page.getByLabel('Email').fill('ana@example.com');
      expect(await page.getByLabel('Email').inputValue()).toBe('ana@example.com');
      expect(await page.getByRole('heading', { name: 'Sign in', level: 1 }).count()).toBe(1);
    });
  });

  describe('on a browser signed in last time (issue 24: the Record tab before Auth answers)', () => {
    beforeEach(async () => {
      browser = await launchBrowser();
    });

    it('paints the Record tab while Firebase Auth’s code is still on its way, reads nothing of the API until Auth knows the user, then works', async () => {
      const user = await createTestUser();
      const page = await browser.newPage();
      await signInThroughUi(page, user);

      // From now on every script holding the Auth SDK waits until this test lets it through.
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      const heldScripts: string[] = [];
      await browser.route(/\/assets\/.+\.js$/, async (route) => {
        const response = await route.fetch();
        const body = await response.text();
        // The Auth REST API's host: only the Firebase Auth SDK names it.
        if (body.includes('identitytoolkit.googleapis.com')) {
          heldScripts.push(route.request().url());
          await released;
        }
        await route.fulfill({ response, body });
      });
      const apiReads: { path: string; withToken: boolean }[] = [];
      page.on('request', (request: Request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/')) apiReads.push({ path: pathname, withToken: Boolean(request.headers()['authorization']) });
      });

      await page.reload();
      await page.getByRole('heading', { name: 'Patient and template' }).waitFor({ timeout: 60_000 });
      await page.getByLabel('Patient name').fill('Ana Patiño');
      // Painted, and Auth asked for after the paint (and held): nobody to record for yet, nothing read.
      await expect.poll(() => heldScripts.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await page.getByRole('button', { name: 'Start recording' }).isDisabled()).toBe(true);
      expect(apiReads).toEqual([]);
      // The shell's and the tab's styles came with index.html (web/src/app/prerender/prerender-record-styles.tsx):
      // the app's emotion adopted them and inserted only a few rules of its own (about 210 when it inserted them all).
      expect(await adoptedStyles(page)).toBeGreaterThan(50);
      expect(await rulesEmotionInserted(page)).toBeLessThan(40);

      release();
      // Auth has answered: the Record tab's reads go out, each with the user's token, and what was typed stayed.
      await expect.poll(() => apiReads.length, { timeout: 60_000 }).toBeGreaterThan(0);
      expect(apiReads.filter((read) => !read.withToken)).toEqual([]);
      expect(await page.getByLabel('Patient name').inputValue()).toBe('Ana Patiño');
    });

    it('goes to sign-in, with the page to come back to, when Auth then says nobody is signed in', async () => {
      const page = await browser.newPage();
      await page.goto(`${APP_URL}/sign-in`);
      // A browser that remembers someone, whose session Auth no longer has (signed out elsewhere, expired).
      await page.evaluate(() => localStorage.setItem('charta.signedIn', 'someone'));
      await page.goto(`${APP_URL}/templates`);
      await page.waitForURL(`${APP_URL}/sign-in?redirect=%2Ftemplates`, { timeout: 60_000 });
      expect(await page.evaluate(() => localStorage.getItem('charta.signedIn'))).toBeNull();
    });
  });
});
