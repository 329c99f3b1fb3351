// `npm run lighthouse`: Lighthouse's mobile audit (its default preset: a mid-range phone, slow 4G and a 4x
// slower CPU, simulated) of the sign-in page and the Record tab, performance and accessibility, printed as
// scores with FCP, LCP and TBT (the median run of CHARTA_LIGHTHOUSE_RUNS, default 3, by performance score).
//
// Runs against an app that is already up: `npm start` (http://localhost:5000, the demo clinician; the
// emulator-mode production build, minified, which reaches no Google server) or whatever CHARTA_APP_URL,
// CHARTA_PERF_EMAIL and CHARTA_PERF_PASSWORD name. Under `firebase emulators:exec` (no demo seed) it makes the
// account in the Auth emulator first. Not part of `npm test`: a run takes about a minute a page and the
// scores move a few points between runs on a loaded machine.
//
// The Record tab is audited signed in: the browser signs in through the app's own form first, and that
// audit keeps the origin's storage (where Firebase Auth keeps the session) but starts from an empty HTTP
// cache, so it is still a cold first load. Lighthouse drives Chromium through puppeteer-core, the version it
// depends on (its Node API takes that Page); the machine's Chromium (CHROMIUM_PATH, default Debian's).
// CHARTA_LIGHTHOUSE_HTTP2=1 audits through a local HTTP/2 proxy in front of the app (scripts/lib/http2-proxy.mjs):
// Hosting serves HTTP/2 in production, the emulator HTTP/1.1, which the simulated network makes six connections.
// Node's URL and fetch; location and document inside page.waitForFunction, which runs in the page.
/* global URL, fetch, location, document */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startHttp2Proxy } from './lib/http2-proxy.mjs';

const APP_URL = (process.env['CHARTA_APP_URL'] ?? 'http://localhost:5000').replace(/\/+$/, '');
const HTTP2 = process.env['CHARTA_LIGHTHOUSE_HTTP2'] === '1';
const EMAIL = process.env['CHARTA_PERF_EMAIL'] ?? 'demo@charta.local';
const PASSWORD = process.env['CHARTA_PERF_PASSWORD'] ?? 'charta-demo';
const RUNS = Number(process.env['CHARTA_LIGHTHOUSE_RUNS'] ?? 3);
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/** Each run's full report (open it in Chrome's Lighthouse viewer to see every audit). */
const REPORTS = new URL('../tests/.artifacts/lighthouse/', import.meta.url).pathname;

/**
 * Under `firebase emulators:exec` (no demo seed): the account is made in the Auth emulator first, verified
 * like the demo clinician (made as an administrator would, `Bearer owner`), so the Record tab is the one a
 * clinician sees rather than its "check your inbox" state. An account that already exists is left alone.
 */
async function ensureEmulatorAccount() {
  const host = process.env['FIREBASE_AUTH_EMULATOR_HOST'];
  if (!host) return;
  await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${process.env['GCLOUD_PROJECT'] ?? 'demo-charta'}/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD, emailVerified: true }),
  });
}

async function launch() {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: mkdtempSync(join(tmpdir(), 'charta-lighthouse-')),
    // The flags the e2e suites use (tests/support/browser.ts): no calls to Google's services from Chromium.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      // The HTTP/2 proxy's certificate is self-signed, made for this run.
      ...(HTTP2 ? ['--ignore-certificate-errors'] : []),
    ],
  });
}

/** One Lighthouse run: the scores (0-100) and the three timings, and the report written to REPORTS. */
async function audit(page, appUrl, path, name, run, { keepStorage }) {
  if (keepStorage) {
    // Lighthouse clears the cache only together with storage; a signed-in cold load needs the one without the other.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  }
  const result = await lighthouse(
    `${appUrl}${path}`,
    { logLevel: 'error', output: 'html', onlyCategories: ['performance', 'accessibility'], disableStorageReset: keepStorage },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(join(REPORTS, `${name}-${run + 1}.html`), String(result.report));
  const score = (category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const ms = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = Object.values(lhr.audits)
    .filter((item) => lhr.categories.accessibility.auditRefs.some((ref) => ref.id === item.id && ref.weight > 0) && item.score !== null && item.score < 1)
    .map((item) => item.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcpMs: ms('first-contentful-paint'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    clsScore: ms('cumulative-layout-shift'),
    path: new URL(lhr.finalDisplayedUrl).pathname,
    version: lhr.lighthouseVersion,
    failing,
  };
}

async function signIn(page, appUrl) {
  await page.goto(`${appUrl}/sign-in`);
  await page.locator('::-p-aria([name="Email"][role="textbox"])').fill(EMAIL);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.locator('::-p-aria([name="Sign in"][role="button"])').click();
  try {
    // The Record tab's own form (its heading), not merely the shell around it.
    await page.waitForFunction(() => location.pathname === '/' && document.body.innerText.includes('Patient and template'), { timeout: 60_000 });
  } catch (error) {
    mkdirSync(REPORTS, { recursive: true });
    await page.screenshot({ path: join(REPORTS, 'sign-in-failed.png') });
    throw new Error(`Signing in as ${EMAIL} did not reach the Record tab (${page.url()}; see sign-in-failed.png)`, { cause: error });
  }
}

function report(label, path, runs) {
  const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
  const seconds = (value) => `${(value / 1000).toFixed(2)} s`;
  console.log(
    `${label.padEnd(12)} performance ${String(median.performance).padStart(3)}   accessibility ${String(median.accessibility).padStart(3)}   ` +
      `FCP ${seconds(median.fcpMs)}   LCP ${seconds(median.lcpMs)}   TBT ${Math.round(median.tbtMs)} ms   CLS ${median.clsScore.toFixed(3)}` +
      `   (performance of each run: ${runs.map((run) => run.performance).join(', ')})`,
  );
  if (median.failing.length > 0) console.log(`${''.padEnd(12)} accessibility audits not passed: ${median.failing.join(', ')}`);
  // A Record tab audit that ended on the sign-in page measured the wrong page: say so.
  if (median.path !== path) console.log(`${''.padEnd(12)} ended at ${median.path}, not ${path}`);
}

await ensureEmulatorAccount();
const proxy = HTTP2 ? await startHttp2Proxy(APP_URL) : null;
const appUrl = proxy?.url ?? APP_URL;
const browser = await launch();
try {
  const page = await browser.newPage();
  const signInRuns = [];
  for (let run = 0; run < RUNS; run += 1) signInRuns.push(await audit(page, appUrl, '/sign-in', 'sign-in', run, { keepStorage: false }));
  await signIn(page, appUrl);
  const recordRuns = [];
  for (let run = 0; run < RUNS; run += 1) recordRuns.push(await audit(page, appUrl, '/', 'record', run, { keepStorage: true }));
  const served = proxy ? `${APP_URL} over HTTP/2 (${proxy.url}, a local proxy)` : APP_URL;
  console.log(`Lighthouse ${signInRuns[0].version} mobile (simulated slow 4G, 4x CPU) at ${served}, median of ${RUNS}; reports in ${REPORTS}`);
  report('/sign-in', '/sign-in', signInRuns);
  report('/ (Record)', '/', recordRuns);
} finally {
  await browser.close();
  await proxy?.close();
}

