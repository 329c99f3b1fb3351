import type { Documentation, SectionVersion } from '@charta/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { APP_URL, axeViolations, DESKTOP, launchBrowser, loaded, PHONE, screenshotPath } from '../support/browser.js';
import { signInThroughUi } from '../support/record-flow.js';
import { api } from '../support/stack.js';

// Issue 23, "AI edits are proposals", end to end: the clinician types a prescription under the AI's plan;
// "Make it shorter" would drop it. The change is shown as a diff that calls the typed line out, and the
// note changes only once the clinician accepts it (the typed text is then kept in the section's history).

let browser: BrowserContext | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const PASTED = [
  'Clinician: What brings you in today?',
  'Patient: I have had a sore throat and a dry cough for four days.',
  'Clinician: Your temperature is thirty seven point two and your lungs are clear.',
  'Clinician: I think this is a viral infection. Rest and drink plenty of fluids. Come back if you have trouble breathing.',
].join('\n');
const PRESCRIPTION = 'Amoxicillin 500 mg three times daily for 7 days.';

const section = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });
const planText = (page: Page) => section(page, 'Plan').getByRole('textbox', { name: 'Plan', exact: true });
/** The same box while a dialog is open (the page behind a modal dialog is hidden from assistive technology). */
const planTextBehindDialog = (page: Page) =>
  page.getByRole('region', { name: 'Plan', exact: true, includeHidden: true }).getByRole('textbox', { name: 'Plan', exact: true, includeHidden: true });
const note = async (user: TestUser, sessionId: string) => (await api(user, '/documentation/by_session', { sessionId }).expect(200)).body.documentation as Documentation;


/** The open dialog at 1280x800 and 390x844: a screenshot of what the screen shows, and axe-core on the dialog. */
async function shotsOfDialog(page: Page, name: string) {
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    // MUI animates the dialog's change of layout (about 250 ms).
    await sleep(500);
    await page.screenshot({ path: screenshotPath(`${name}-${label}`) });
    const violations = await axeViolations(page, '[role="dialog"]');
    const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`);
    console.log(`axe ${name}-${label}: ${violations.length} violations${summary.length ? `\n  ${summary.join('\n  ')}` : ''}`);
    expect(summary).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

describe('AI edits as proposals in Chromium', () => {
  it('A magic edit that would remove typed text shows it in the diff and changes nothing until accepted', async () => {
    const user = await createTestUser();
    const created = await api(user, '/creation', { patientName: 'Noa Ibarra', templateId: 'soap', language: 'en-US', text: PASTED }).expect(201);
    const sessionId = created.body.session.id as string;

    browser = await launchBrowser();
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.setViewportSize(DESKTOP);
    await signInThroughUi(page, user);
    await page.goto(`${APP_URL}/sessions/${sessionId}`);
    await loaded(page, planText(page));

    // The clinician types the prescription under the AI's plan; it saves by itself.
    const generated = await planText(page).inputValue();
    await planText(page).press('ControlOrMeta+End');
    await planText(page).pressSequentially(`\n${PRESCRIPTION}`);
    await section(page, 'Plan').getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });
    const typed = `${generated}\n${PRESCRIPTION}`;
    const before = await note(user, sessionId);
    expect(before.sections.find((s) => s.id === 'plan')).toMatchObject({ content: typed, source: 'clinician' });

    // "Make it shorter": the proposal, not the change.
    await section(page, 'Plan').getByRole('button', { name: 'Magic edit' }).click();
    const ask = page.getByRole('dialog', { name: 'Magic edit: Plan' });
    await ask.getByRole('button', { name: 'Make it shorter' }).click();
    await ask.getByRole('button', { name: 'Show the change' }).click();
    const review = page.getByRole('dialog', { name: 'Review: Magic edit: Plan' });
    await review.waitFor({ timeout: 30_000 });
    const callout = review.getByRole('note', { name: /^You typed this; the change removes it/ });
    await expect.poll(() => callout.textContent()).toContain(PRESCRIPTION);
    // In the diff: the typed line struck through and marked as the clinician's.
    const typedRemoved = review.locator('del[data-typed="true"]');
    expect(await typedRemoved.count()).toBeGreaterThan(0);
    expect((await typedRemoved.allTextContents()).join('')).toContain('Amoxicillin 500 mg');
    await shotsOfDialog(page, '23a-proposal-removes-typed');

    // Nothing changed: not on the page, not on the server.
    expect(await planTextBehindDialog(page).inputValue()).toBe(typed);
    expect(await note(user, sessionId)).toMatchObject({ counter: before.counter });

    // Discard: still nothing changed.
    await review.getByRole('button', { name: 'Discard' }).click();
    await review.waitFor({ state: 'hidden' });
    expect(await planText(page).inputValue()).toBe(typed);
    expect((await note(user, sessionId)).counter).toBe(before.counter);

    // Asked again and accepted: the shorter plan is saved, and the typed text is kept in the history.
    await section(page, 'Plan').getByRole('button', { name: 'Magic edit' }).click();
    await ask.getByRole('button', { name: 'Make it shorter' }).click();
    await ask.getByRole('button', { name: 'Show the change' }).click();
    await review.waitFor({ timeout: 30_000 });
    await review.getByRole('button', { name: 'Accept change' }).click();
    await review.waitFor({ state: 'hidden', timeout: 30_000 });
    await expect.poll(() => planText(page).inputValue()).not.toContain('Amoxicillin');
    const after = await note(user, sessionId);
    expect(after.counter).toBe(before.counter + 1);
    expect(after.sections.find((s) => s.id === 'plan')?.source).toBe('magic_edit_section');
    const versions = (await api(user, '/session/documentation/section/versions', { documentationId: after.id, sectionId: 'plan' }).expect(200)).body.versions as SectionVersion[];
    expect(versions[0]).toMatchObject({ content: typed, source: 'clinician', replacedBy: 'magic_edit_section' });
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
