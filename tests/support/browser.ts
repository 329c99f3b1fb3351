import { mkdirSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's Chromium: Playwright's own browser download is not possible offline. */
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** The app as Hosting serves it in `npm test` (emulators:exec starts Hosting on 5000). */
export const APP_URL = process.env['CHARTA_APP_URL'] ?? 'http://localhost:5000';

export const ARTIFACTS = new URL('../.artifacts/', import.meta.url).pathname;

/**
 * A fresh headless Chromium with its own profile. The flags keep it from calling Google's services,
 * which this offline machine refuses (and which would slow every start).
 */
export async function launchBrowser(extraArgs: string[] = [], options: { ignoreDefaultArgs?: string[]; serviceWorkers?: 'allow' | 'block' } = {}): Promise<BrowserContext> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const userDataDir = mkdtempSync(join(tmpdir(), 'charta-e2e-'));
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    // The app's service worker (installable and offline) is tested where it is the subject (offline.e2e);
    // elsewhere it would answer page requests from its cache, out of reach of a test's routes and of the
    // build a test just made, so it is off unless asked for.
    serviceWorkers: options.serviceWorkers ?? 'block',
    ...(options.ignoreDefaultArgs ? { ignoreDefaultArgs: options.ignoreDefaultArgs } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

export const screenshotPath = (name: string) => join(ARTIFACTS, `${name}.png`);

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * axe-core's violations on the page, or within `scope` (a CSS selector). axe runs in the page itself
 * (`axe.run`: AxeBuilder's legacy mode, which still reaches same-origin frames) and gathers only violations in
 * full (`resultTypes`). AxeBuilder's default runs `axe.runPartial` in each frame, which builds a selector for
 * every node that passed, then joins the results in a blank page it opens for each check: 2.6 s a page here,
 * two thirds of the accessibility suite's time, for results no test reads.
 */
export async function axeViolations(page: Page, scope?: string): Promise<Awaited<ReturnType<AxeBuilder['analyze']>>['violations']> {
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  const { violations } = await (scope ? builder.include(scope) : builder).analyze();
  return violations;
}

/** axe-core's serious and critical findings on the page as it is, one line each (rule, impact, where). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Screenshots at each size (desktop and phone unless told), each checked by axe-core: no violation passes.
 * The page is left at the first size.
 */
export async function shootAndCheck(
  page: Page,
  name: string,
  sizes: readonly (readonly [label: string, viewport: { width: number; height: number }])[] = [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ],
  options: { scrollToTop?: boolean } = { scrollToTop: true },
): Promise<void> {
  for (const [label, viewport] of sizes) {
    await page.setViewportSize(viewport);
    // MUI animates layout and state changes (about 250 ms): let them settle before the picture.
    await sleep(500);
    if (options.scrollToTop) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath(`${name}-${label}`), fullPage: true });
    const violations = await axeViolations(page);
    const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`);
    console.log(`axe ${name}-${label}: ${violations.length} violations${summary.length ? `\n  ${summary.join('\n  ')}` : ''}`);
    expect(summary).toEqual([]);
  }
  const first = sizes[0];
  if (first) await page.setViewportSize(first[1]);
}

/**
 * Waits for `target`, pressing the page's own Try again where a load failed: on a loaded machine the
 * Functions emulator sometimes fails to start a worker for one of the page's parallel requests ("Failed to
 * load function", its start-up limit), which the page shows as an error with Try again, as it should.
 */
export async function loaded(page: Page, target: Locator, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  while (!(await target.isVisible())) {
    if (Date.now() > deadline) throw new Error(`not shown within ${timeoutMs} ms: ${target.toString()}`);
    if (await tryAgain.first().isVisible()) await tryAgain.first().click();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
