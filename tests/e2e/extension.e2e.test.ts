import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestUser } from '../support/auth-users.js';
import { DESKTOP, launchBrowser, PHONE, screenshotPath, shootAndCheck } from '../support/browser.js';
import { api } from '../support/stack.js';

// The Chrome extension against the whole emulated stack: the unpacked build (scripts/test.sh builds it for
// the test ports; CHARTA_EXTENSION_DIST names another) loaded into Chromium, its side panel page opened as
// a tab, filling the sample EHR (SAMPLE_EHR_URL, started by the test stack) in the tab beside it.

const EXTENSION_DIR = process.env['CHARTA_EXTENSION_DIST'] ?? new URL('../../extension/dist/', import.meta.url).pathname;
const EHR_URL = process.env['SAMPLE_EHR_URL'] ?? 'http://127.0.0.1:19450';

let browser: BrowserContext | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** Extensions load only in a persistent context (Playwright turns them off by default); Chromium's headless mode (the new one) runs them. */
function launchWithExtension(): Promise<BrowserContext> {
  return launchBrowser([`--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`], { ignoreDefaultArgs: ['--disable-extensions'] });
}

/** The panel at a side panel's width and at a desktop tab's, each checked by axe-core; left at the panel's width. */
const shootPanel = (page: Page, name: string) =>
  shootAndCheck(
    page,
    name,
    [
      ['panel', PHONE],
      ['desktop', DESKTOP],
    ],
    { scrollToTop: false },
  );

async function extensionId(context: BrowserContext): Promise<string> {
  const worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ?? (await context.waitForEvent('serviceworker', { timeout: 20_000 }));
  return new URL(worker.url()).host;
}

const NOTES = [
  'Doctor: What brings you in today?',
  'Patient: A dry cough for four days and a low fever.',
  'Doctor: Any medicines? Patient: Ibuprofen 400 mg when needed.',
  'Doctor: Temperature 37.9, blood pressure 128 over 82, pulse 88. Lungs are clear.',
  'Doctor: This looks like an acute upper respiratory infection.',
  'Doctor: Rest, fluids, paracetamol for the fever; come back in a week if it is not better.',
].join('\n');

/** Every value on the sample EHR page, the vitals iframe's field included. */
async function pageValues(ehr: Page) {
  const vitals = ehr.frameLocator('#vitals-frame');
  const value = (selector: string, frame: Page | Frame = ehr) => frame.locator(selector).inputValue();
  return {
    chiefComplaint: await value('#chief-complaint'),
    hpi: await value('#hpi'),
    medications: await value('textarea[name="medications"]'),
    allergies: await value('input[name="allergies"]'),
    assessment: await value('textarea[name="assessment"]'),
    diagnosis: await value('#diagnosis'),
    plan: await value('#plan'),
    followUp: await value('#follow-up'),
    vitalSigns: await vitals.locator('#vital-signs').inputValue(),
    // Never touched: read-only, disabled, hidden, password, file.
    mrn: await value('#mrn'),
    visitId: await value('#visit-id'),
    encounterToken: await value('#encounter-token'),
    vitalsDevice: await vitals.locator('input[name="vitals_device"]').inputValue(),
    password: await value('#signature-password'),
    attachment: await value('#attachment'),
  };
}

describe('The Chrome extension in Chromium', () => {
  it('signs in in the side panel, fills the sample EHR from a documented session (React field and iframe too, secrets untouched), and undoes it', async () => {
    expect(existsSync(join(EXTENSION_DIR, 'manifest.json')), `no extension build in ${EXTENSION_DIR}: run npm run build:extension`).toBe(true);
    const user = await createTestUser();
    const created = await api(user, '/creation', { patientName: 'Rosa Extension', templateId: 'soap', text: NOTES });
    expect(created.status).toBe(201);

    browser = await launchWithExtension();
    const id = await extensionId(browser);

    // The EHR page, where the clinician has already typed one field and a password.
    const ehr = await browser.newPage();
    await ehr.goto(EHR_URL);
    await ehr.locator('#plan').waitFor();
    await ehr.locator('input[name="allergies"]').fill('NKDA');
    await ehr.locator('#signature-password').fill('typed-secret');
    const before = await pageValues(ehr);

    // The side panel page as a tab (beside the EHR tab, in the phone-width layout a panel has).
    const panel = await browser.newPage();
    await panel.setViewportSize({ width: 390, height: 844 });
    const pageErrors: string[] = [];
    panel.on('pageerror', (error) => pageErrors.push(error.message));
    await panel.goto(`chrome-extension://${id}/sidepanel.html`);
    await panel.getByLabel('Email').fill(user.email);
    await panel.getByLabel('Password').fill(user.password);
    await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
    await panel.getByLabel('Patient name').waitFor({ timeout: 30_000 });

    await panel.getByRole('link', { name: 'Sessions' }).first().click();
    await panel.getByText('Rosa Extension').first().click();
    await panel.getByRole('button', { name: 'Fill this page' }).click();
    const proposed = panel.getByRole('list', { name: 'Proposed fields' });
    await proposed.waitFor({ timeout: 30_000 });
    const proposals = await proposed.getByRole('textbox').evaluateAll((boxes) => boxes.map((box) => (box as HTMLTextAreaElement).value));
    expect(proposals.length).toBeGreaterThanOrEqual(5);
    await shootPanel(panel, 'extension-panel-proposed');

    await panel.getByRole('button', { name: 'Fill', exact: true }).click();
    const summary = panel.getByRole('status').filter({ hasText: /^Filled/ });
    await summary.waitFor({ timeout: 20_000 });
    await shootPanel(panel, 'extension-panel-filled');

    const after = await pageValues(ehr);
    await ehr.bringToFront();
    await ehr.screenshot({ path: screenshotPath('extension-ehr-filled'), fullPage: true });
    console.log(`extension e2e: proposals ${JSON.stringify(proposals)}; page after ${JSON.stringify(after)}; ${await summary.textContent()}`);

    // Every field that changed took a proposed value; the React field and the iframe's field among them.
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((key) => after[key] !== before[key]);
    for (const key of changed) expect(proposals, `${key} got ${after[key]}`).toContain(after[key]);
    // (The AI emulator maps a SOAP note's sections by label: Assessment, Plan, the vitals from Objective, a
    // diagnosis among the select's options, a follow-up date.)
    expect(changed).toEqual(expect.arrayContaining(['assessment', 'diagnosis', 'plan', 'followUp', 'vitalSigns']));
    expect(after.diagnosis).toBe('J06.9');
    expect(after.followUp).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // React saw the plan (its own state, shown under the field), not only the DOM.
    expect(await ehr.locator('#plan-react-state').textContent()).toBe(`React state: ${after.plan.length} characters`);
    // What the clinician typed is kept; secrets, hidden, read-only and disabled fields are untouched.
    for (const key of ['allergies', 'mrn', 'visitId', 'encounterToken', 'vitalsDevice', 'password', 'attachment'] as const) expect(after[key], key).toBe(before[key]);
    expect(await summary.textContent()).toMatch(new RegExp(`^Filled ${changed.length} fields, skipped \\d+`));

    // Undo: the page is as it was.
    await panel.getByRole('button', { name: 'Undo' }).click();
    await panel.getByText(/^Undone: \d+ fields are back/).waitFor();
    expect(await pageValues(ehr)).toEqual(before);
    expect(await ehr.locator('#plan-react-state').textContent()).toBe('React state: 0 characters');
    expect(pageErrors).toEqual([]);
  });
});
