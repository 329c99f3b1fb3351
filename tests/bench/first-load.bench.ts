// First-load figures for the sign-in page and the Record tab, as Lighthouse's mobile run measures them:
// a 4x slower CPU and a slow 4G network (150 ms round trip, 1.6 Mbps down), a 412x823 phone screen,
// each page opened cold (no cache) three times, the median printed. `npm run bench:first-load` runs it
// against `npm start` (http://localhost:5000, the demo clinician); CHARTA_APP_URL, CHARTA_PERF_EMAIL and
// CHARTA_PERF_PASSWORD point it elsewhere. Then a repeat visit to the Record tab with the network off: the
// service worker's precache serves the app (4x CPU, signed in on that browser before), first paint printed.
//
// Not Lighthouse itself: its npm package (and the puppeteer-core it drives Chromium with) is a large
// dependency tree for one script, and the figures that matter here come straight from Chromium through
// the DevTools protocol that Lighthouse also reads: First Contentful Paint and Largest Contentful Paint
// from the page's own performance entries, Total Blocking Time as Lighthouse defines it (every long task
// between FCP and the page settling, less its first 50 ms), and the JavaScript the page downloaded.
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';

const APP_URL = process.env['CHARTA_APP_URL'] ?? 'http://localhost:5000';
const EMAIL = process.env['CHARTA_PERF_EMAIL'] ?? 'demo@charta.local';
const PASSWORD = process.env['CHARTA_PERF_PASSWORD'] ?? 'charta-demo';
const RUNS = 3;

interface Figures {
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  scriptKb: number;
  scripts: number;
}

/** Lighthouse's mobile settings (its "simulated" throttling, applied here for real through the protocol). */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

async function measure(
  context: BrowserContext,
  path: string,
  ready: (page: Page) => Promise<void>,
  { offline = false }: { offline?: boolean } = {},
): Promise<Figures> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 412, height: 823 });
  // Observers registered before any of the app runs, so nothing is missed.
  await page.addInitScript(() => {
    const w = window as unknown as { __perf: { lcp: number; longTasks: { start: number; duration: number }[] } };
    w.__perf = { lcp: 0, longTasks: [] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__perf.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__perf.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  if (offline) {
    // The repeat visit: the page comes from the service worker's precache, so the cache stays on and only the CPU is slowed.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  } else {
    await throttle(page);
  }
  await page.goto(`${APP_URL}${path}`);
  await ready(page);
  // Settled: Lighthouse waits for the main thread to be quiet; 3 s after the page is usable is ample here.
  await page.waitForTimeout(3000);
  const figures = await page.evaluate(() => {
    const w = window as unknown as { __perf: { lcp: number; longTasks: { start: number; duration: number }[] } };
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const tbt = w.__perf.longTasks.filter((task) => task.start >= fcp).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    const scripts = performance.getEntriesByType('resource').filter((r) => (r as PerformanceResourceTiming).initiatorType === 'script' || r.name.endsWith('.js'));
    const bytes = scripts.reduce((sum, r) => sum + (r as PerformanceResourceTiming).encodedBodySize, 0);
    return { fcpMs: fcp, lcpMs: w.__perf.lcp, tbtMs: tbt, scriptKb: bytes / 1024, scripts: scripts.length };
  });
  await page.close();
  return figures;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function report(name: string, runs: Figures[]): void {
  const pick = (key: keyof Figures) => median(runs.map((run) => run[key]));
  console.log(
    `${name.padEnd(12)} FCP ${(pick('fcpMs') / 1000).toFixed(2)} s   LCP ${(pick('lcpMs') / 1000).toFixed(2)} s   ` +
      `TBT ${Math.round(pick('tbtMs'))} ms   JavaScript ${pick('scriptKb').toFixed(0)} KB over the wire in ${pick('scripts')} files`,
  );
}

async function signIn(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${APP_URL}/sign-in`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Start recording' }).waitFor({ timeout: 60_000 });
  await page.close();
}

/** Under `firebase emulators:exec` (no demo seed): the account is made in the Auth emulator first. */
async function ensureEmulatorAccount(): Promise<void> {
  const host = process.env['FIREBASE_AUTH_EMULATOR_HOST'];
  if (!host) return;
  await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD, returnSecureToken: true }),
  });
}

await ensureEmulatorAccount();
const signedOut = await launchBrowser();
const signInRuns: Figures[] = [];
for (let i = 0; i < RUNS; i += 1) {
  signInRuns.push(await measure(signedOut, '/sign-in', (page) => page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 60_000 })));
}
await signedOut.close();

const signedIn = await launchBrowser();
await signIn(signedIn);
const recordRuns: Figures[] = [];
for (let i = 0; i < RUNS; i += 1) {
  recordRuns.push(await measure(signedIn, '/', (page) => page.getByRole('button', { name: 'Start recording' }).waitFor({ timeout: 60_000 })));
}
await signedIn.close();

// A repeat visit with the network off: signed in, the service worker installed and in control, then offline.
const repeat = await launchBrowser([], { serviceWorkers: 'allow' });
await signIn(repeat);
const warm = await repeat.newPage();
await warm.goto(APP_URL);
await warm.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active) && navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
await warm.close();
await repeat.setOffline(true);
const offlineRuns: Figures[] = [];
for (let i = 0; i < RUNS; i += 1) {
  offlineRuns.push(await measure(repeat, '/', (page) => page.getByRole('button', { name: 'Start recording' }).waitFor({ timeout: 60_000 }), { offline: true }));
}
await repeat.close();

console.log(`First load at ${APP_URL}, Lighthouse's mobile conditions (4x CPU, 150 ms RTT, 1.6 Mbps), median of ${RUNS}:`);
report('/sign-in', signInRuns);
report('/ (Record)', recordRuns);
console.log(`Repeat visit with the network off (service worker, 4x CPU), median of ${RUNS}:`);
report('/ (Record)', offlineRuns);
