// `npm run screenshot:readme`: the README's picture of Charta, taken from the running app rather than drawn,
// so it can be taken again whenever the session page changes. Run it beside `npm start`: it signs in as the
// demo clinician, opens the documented session the demo starts with, waits for its note and transcript, and
// writes docs/images/session-page.png at 1280x800 (and the phone size, 390x844, beside it).
// CHARTA_APP_URL, CHARTA_PERF_EMAIL and CHARTA_PERF_PASSWORD point it elsewhere, as for the first-load bench.
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../support/browser.js';

const APP_URL = process.env['CHARTA_APP_URL'] ?? 'http://localhost:5000';
const EMAIL = process.env['CHARTA_PERF_EMAIL'] ?? 'demo@charta.local';
const PASSWORD = process.env['CHARTA_PERF_PASSWORD'] ?? 'charta-demo';
const IMAGES = fileURLToPath(new URL('../../docs/images/', import.meta.url));
// A cold Functions emulator on a busy machine can take a minute to answer the session page's first reads.
const PAGE_TIMEOUT_MS = 120_000;

const context = await launchBrowser();
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${APP_URL}/sign-in`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'), { timeout: PAGE_TIMEOUT_MS });
  await page.goto(`${APP_URL}/sessions`);
  // The demo's documented session (scripts/start.sh seeds it through /creation).
  await page.getByRole('link', { name: 'Jordan Demo' }).click();
  await page.getByRole('heading', { name: 'Transcript' }).waitFor({ timeout: PAGE_TIMEOUT_MS });
  await page.getByRole('heading', { name: 'Subjective' }).waitFor({ timeout: PAGE_TIMEOUT_MS });
  await page.getByText('Clinician', { exact: true }).first().waitFor({ timeout: PAGE_TIMEOUT_MS });
  await page.screenshot({ path: `${IMAGES}session-page.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('heading', { name: 'Subjective' }).waitFor();
  await page.screenshot({ path: `${IMAGES}session-page-phone.png` });
  console.log(`README screenshots written to ${IMAGES} (session-page.png, session-page-phone.png)`);
} finally {
  await context.close();
}
