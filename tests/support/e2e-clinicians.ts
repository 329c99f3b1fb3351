// What the clinic end-to-end suites share: calling the API as a clinician (for what the screens under test do
// not do themselves), signed-in browser pages closed after each test, and a copy of the screenshots for a
// reviewer (CHARTA_SHOTS_DIR).
import { copyFileSync, mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach } from 'vitest';
import type { TestUser } from './auth-users.js';
import { APP_URL, launchBrowser, screenshotPath } from './browser.js';
import { signInThroughUi } from './record-flow.js';

/** A POST to the API as `user`, through Hosting as the app's own calls go. */
export async function apiAs(user: TestUser, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${APP_URL}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${user.idToken}` }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Copies the screenshots shootAndCheck took (desktop and phone) where CHARTA_SHOTS_DIR asks. */
export function keepShots(name: string): void {
  const dir = process.env['CHARTA_SHOTS_DIR'];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const size of ['desktop', 'phone']) copyFileSync(screenshotPath(`${name}-${size}`), `${dir}/${name}-${size}.png`);
}

/**
 * Opens browser pages, signed in through the UI as the user given (or signed out), and closes them after each
 * test of the suite that called it.
 */
export function browserPages(): (user?: TestUser) => Promise<Page> {
  const browsers: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(browsers.splice(0).map((b) => b.close()));
  });
  return async (user) => {
    const browser = await launchBrowser();
    browsers.push(browser);
    const page = await browser.newPage();
    if (user) await signInThroughUi(page, user);
    return page;
  };
}
