import { mkdirSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's Chromium: Playwright's own browser download is not possible offline. */
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** The app as Hosting serves it in `npm test` (emulators:exec starts Hosting on 5000). */
export const APP_URL = process.env['CHARTA_APP_URL'] ?? 'http://localhost:5000';

export const ARTIFACTS = new URL('../.artifacts/', import.meta.url).pathname;

/**
 * A fresh headless Chromium with its own profile. The flags keep it from calling Google's services,
 * which this offline machine refuses (and which would slow every start).
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<BrowserContext> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const userDataDir = mkdtempSync(join(tmpdir(), 'charta-e2e-'));
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
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
