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
  return launchBrowser([`--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`], { ignoreDefaultArgs: ['--disable-extensions'], serviceWorkers: 'allow' });
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
  'Doctor: Do you smoke? Patient: No, I have never smoked.',
  'Doctor: Temperature 38.5 °C, blood pressure 128 over 82, pulse 88, respiratory rate 18, oxygen saturation 97%. Weight 72 kg, height 170 cm. Lungs are clear.',
  'Doctor: This looks like an acute upper respiratory infection.',
  'Doctor: Rest, fluids, paracetamol for the fever; come back in a week if it is not better.',
].join('\n');

/**
 * Every value on the sample EHR page: the vitals iframe's table and field, the chief complaint inside its
 * web component's shadow root (Playwright's CSS locators pierce open shadow roots), the checked radio, and
 * the cross-origin lab frame's field, which Charta may not reach.
 */
async function pageValues(ehr: Page) {
  const vitals = ehr.frameLocator('#vitals-frame');
  const value = (selector: string, frame: Page | Frame = ehr) => frame.locator(selector).inputValue();
  const vital = (id: string) => vitals.locator(`#${id}`).inputValue();
  return {
    chiefComplaint: await value('#chief-complaint'),
    smokingStatus: await ehr.locator('[name="smoking_status"]').evaluateAll((radios) => radios.find((r) => (r as HTMLInputElement).checked)?.getAttribute('value') ?? ''),
    hpi: await value('#hpi'),
    medications: await value('textarea[name="medications"]'),
    allergies: await value('input[name="allergies"]'),
    assessment: await value('textarea[name="assessment"]'),
    diagnosis: await value('#diagnosis'),
    plan: await value('#plan'),
    followUp: await value('#follow-up'),
    vitalSigns: await vitals.locator('#vital-signs').inputValue(),
    weightLbs: await vital('weight-lbs'),
    weightKg: await vital('weight-kg'),
    heightIn: await vital('height-in'),
    heightCm: await vital('height-cm'),
    bpSystolic: await vital('bp-systolic'),
    bpDiastolic: await vital('bp-diastolic'),
    pulse: await vital('pulse'),
    respiration: await vital('respiration'),
    temperatureF: await vital('temp-f'),
    temperatureC: await vital('temp-c'),
    oxygenSaturation: await vital('spo2'),
    labTests: await ehr.frameLocator('#labs-frame').locator('#lab-tests').inputValue(),
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
  it('signs in in the side panel, fills the sample EHR from a documented session (React field, shadow-DOM field, radio group, vitals table in its units; secrets untouched), says which frame it could not reach, and undoes it', async () => {
    expect(existsSync(join(EXTENSION_DIR, 'manifest.json')), `no extension build in ${EXTENSION_DIR}: run npm run build:extension`).toBe(true);
    const user = await createTestUser();
    const created = await api(user, '/creation', { patientName: 'Rosa Extension', templateId: 'soap', text: NOTES });
    expect(created.status).toBe(201);
    // The clinician writes the history in their own words (the emulator's note quotes only what it finds
    // about a section's title, and smoking is not in the Subjective's): the radio group is filled from it.
    const { id: documentationId, counter } = created.body.documentation as { id: string; counter: number };
    const subjective = 'Dry cough for four days and a low fever. Takes ibuprofen 400 mg when needed. Never smoked.';
    expect((await api(user, '/session/documentation/section/update_value', { documentationId, sectionId: 'subjective', content: subjective, counter })).status).toBe(200);

    browser = await launchWithExtension();
    const id = await extensionId(browser);

    // The EHR page, where the clinician has already typed one field and a password.
    const ehr = await browser.newPage();
    await ehr.goto(EHR_URL);
    await ehr.locator('#plan').waitFor();
    await ehr.frameLocator('#labs-frame').locator('#lab-tests').waitFor();
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
    // The lab frame is another origin the extension has no permission for: the panel says so, and why.
    const labsHost = `labs.localhost:${new URL(EHR_URL).port}`;
    const unreached = panel.getByRole('list', { name: 'Frames Charta could not reach' });
    expect(await unreached.textContent()).toBe(`“Lab orders” (${labsHost}): Charta has no permission for this site, so its fields stay as they are.`);
    await panel.getByRole('button', { name: `Allow ${labsHost}` }).waitFor();
    // A converted value says how it was converted.
    await panel.getByText('Converted from 38.5 °C (°F = °C × 9/5 + 32).').waitFor();
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
    // (The AI emulator maps a SOAP note's sections by label: Subjective for the chief complaint, Assessment,
    // Plan, the examination from Objective, a diagnosis among the select's options, the radio the note's
    // words name, a follow-up date, and each vital sign the note states, with its unit.)
    expect(changed).toEqual(expect.arrayContaining(['chiefComplaint', 'smokingStatus', 'assessment', 'diagnosis', 'plan', 'followUp', 'vitalSigns']));
    expect(after.diagnosis).toBe('J06.9');
    expect(after.smokingStatus).toBe('never');
    expect(after.followUp).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The vitals table, each cell in its row's unit: the note said 38.5 °C, 72 kg and 170 cm, so °F, lbs and
    // in are exact conversions rounded to 0.1; the °C and SpO2 cells are bounded number inputs.
    expect({
      weightLbs: after.weightLbs,
      weightKg: after.weightKg,
      heightIn: after.heightIn,
      heightCm: after.heightCm,
      bpSystolic: after.bpSystolic,
      bpDiastolic: after.bpDiastolic,
      pulse: after.pulse,
      respiration: after.respiration,
      temperatureF: after.temperatureF,
      temperatureC: after.temperatureC,
      oxygenSaturation: after.oxygenSaturation,
    }).toEqual({
      weightLbs: '158.7',
      weightKg: '72',
      heightIn: '66.9',
      heightCm: '170',
      bpSystolic: '128',
      bpDiastolic: '82',
      pulse: '88',
      respiration: '18',
      temperatureF: '101.3',
      temperatureC: '38.5',
      oxygenSaturation: '97',
    });
    expect(await ehr.frameLocator('#vitals-frame').locator('#temp-c').evaluate((input) => (input as HTMLInputElement).validity.valid)).toBe(true);
    // React saw the plan (its own state, shown under the field), not only the DOM.
    expect(await ehr.locator('#plan-react-state').textContent()).toBe(`React state: ${after.plan.length} characters`);
    // What the clinician typed is kept; secrets, hidden, read-only and disabled fields are untouched.
    // The frame Charta could not reach is as it was.
    for (const key of ['allergies', 'mrn', 'visitId', 'encounterToken', 'vitalsDevice', 'password', 'attachment', 'labTests'] as const) expect(after[key], key).toBe(before[key]);
    expect(await summary.textContent()).toMatch(new RegExp(`^Filled ${changed.length} fields, skipped \\d+`));

    // Undo: the page is as it was.
    await panel.getByRole('button', { name: 'Undo' }).click();
    await panel.getByText(/^Undone: \d+ fields are back/).waitFor();
    expect(await pageValues(ehr)).toEqual(before);
    expect(await ehr.locator('#plan-react-state').textContent()).toBe('React state: 0 characters');

    // The side panel locks when left idle, like the web app (docs/sign-in.md "Automatic lock"): an idle time of 2 s is
    // stored the way Settings stores it, and the panel's session stays underneath until the password is given.
    await panel.evaluate(() => {
      localStorage.setItem('charta.lock.idleSeconds', '2');
      window.dispatchEvent(new StorageEvent('storage', { key: 'charta.lock.idleSeconds' }));
    });
    const lock = panel.getByRole('dialog', { name: 'Charta is locked' });
    await lock.waitFor({ timeout: 30_000 });
    expect(await panel.getByRole('button', { name: 'Fill this page' }).count()).toBe(0);
    await shootPanel(panel, 'extension-panel-locked');
    await lock.getByLabel('Your password').fill(user.password);
    await lock.getByRole('button', { name: 'Unlock with password' }).click();
    await lock.waitFor({ state: 'detached', timeout: 15_000 });
    await panel.evaluate(() => localStorage.setItem('charta.lock.idleSeconds', '3600'));
    await panel.getByRole('button', { name: 'Fill this page' }).waitFor();
    expect(pageErrors).toEqual([]);

    // The audit trail has the fill (reported by the panel) and the model's matching, both from the extension.
    const trail = (await api(user, '/audit/entries', { sessionId: documentationId })).body.entries as { action: string; client: string }[];
    expect(trail).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'ehr.page_filled', client: 'extension' }), expect.objectContaining({ action: 'ai.ehr_fill_proposed', client: 'extension' })]));
    const accountTrail = (await api(user, '/audit/entries', { action: 'account.unlocked' })).body.entries as { action: string; client: string }[];
    expect(accountTrail).toEqual([expect.objectContaining({ action: 'account.unlocked', client: 'extension' })]);
  });
});
