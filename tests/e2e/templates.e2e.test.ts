import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from '../support/audio-fixtures.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { launchBrowser, screenshotPath, shootAndCheck } from '../support/browser.js';
import { confirmConsent, sessionFromApi, sessionIdFromLink, signInThroughUi } from '../support/record-flow.js';

let browser: BrowserContext | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** MUI animates state changes (about 250 ms): a screenshot taken at once catches them mid-way. */
async function shot(page: Page, name: string) {
  // From the top: a full-page capture of a scrolled page draws the sticky header half way down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await sleep(400);
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

/** A POST to the API from inside the page (same origin, the user's token), as the app makes it. */
async function apiFromPage(page: Page, idToken: string, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(
    async ({ token, route, payload }) => {
      const res = await fetch(`/api/v1${route}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(payload) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { token: idToken, route: path, payload: body },
  );
}

const sectionTitles = (page: Page) => page.getByRole('textbox', { name: 'Section title' }).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

describe('Templates in Chromium', () => {
  it('Creates a template in the editor, previews it, publishes it, records a session with it and gets documentation with exactly its sections', async () => {
    const user = await createTestUser({ displayName: 'Dr Ana Patiño' });
    browser = await launchBrowser();
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await signInThroughUi(page, user);

    // The Templates tab: nothing of the user's own yet, the built-ins below.
    await page.getByRole('link', { name: 'Templates' }).first().click();
    await page.getByText('No templates of your own yet').waitFor({ timeout: 20_000 });
    await page.getByRole('list', { name: 'Built-in templates' }).getByRole('link', { name: 'SOAP note' }).waitFor();
    await shot(page, '20-templates-empty');

    // The editor: three sections, one written by "Help me write", one moved with the keyboard.
    const name = `Knee review ${randomUUID().slice(0, 6)}`;
    await page.getByRole('link', { name: 'New template' }).first().click();
    await page.getByRole('textbox', { name: 'Template name' }).fill(name);
    await page.getByRole('textbox', { name: 'Description' }).fill('Follow-up of knee pain in clinic');
    const section = (n: number) => page.getByRole('listitem', { name: new RegExp(`^Section ${n}:`) });
    await section(1).getByRole('textbox', { name: 'Section title' }).fill('Knee history');
    await section(1).getByRole('textbox', { name: 'Instructions' }).fill('Onset, mechanism, swelling, locking and giving way, pain score and what has been tried, as the patient reported them.');
    await page.getByRole('button', { name: 'Add section' }).click();
    await section(2).getByRole('textbox', { name: 'Section title' }).fill('Plan');
    await section(2).getByRole('button', { name: 'Bullets' }).click();
    await section(2).getByRole('button', { name: /Help me write/ }).click();
    await expect.poll(() => section(2).getByRole('textbox', { name: 'Instructions' }).inputValue(), { timeout: 30_000 }).toContain('Plan');
    await page.getByRole('button', { name: 'Add section' }).click();
    await section(3).getByRole('textbox', { name: 'Section title' }).fill('Knee examination');
    await section(3).getByRole('textbox', { name: 'Instructions' }).fill('Effusion, joint-line tenderness, range of motion and ligament tests, only as the clinician stated them.');
    await section(3).getByRole('button', { name: 'Bullets' }).click();

    // Keyboard reordering on the drag handle: Space picks up, an arrow moves, Space drops.
    await page.getByRole('button', { name: 'Reorder section 3: Knee examination' }).focus();
    await page.keyboard.press('Space');
    await sleep(300);
    await page.keyboard.press('ArrowUp');
    await sleep(300);
    await page.keyboard.press('Space');
    await expect.poll(() => sectionTitles(page)).toEqual(['Knee history', 'Knee examination', 'Plan']);

    // The live preview follows the editor: every section, written from the sample consultation.
    const preview = page.getByRole('region', { name: 'Preview' });
    for (const title of ['Knee history', 'Knee examination', 'Plan']) await preview.getByRole('heading', { name: title }).waitFor({ timeout: 30_000 });
    await expect.poll(() => preview.textContent(), { timeout: 30_000 }).toMatch(/knee/i);
    await section(1).getByRole('button', { name: 'Preview section 1' }).click();
    await page.getByRole('region', { name: 'Preview of section 1' }).waitFor({ timeout: 30_000 });
    await shot(page, '21-template-editor');

    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Template saved').waitFor();
    // The saved template's own address, not /templates/new: the router moves there only once the route's lazy
    // module has resolved, a moment after 'Template saved' shows.
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/templates\/(?!new$)[A-Za-z0-9]+$/);
    const templateId = new URL(page.url()).pathname.split('/').pop()!;
    const saved = (await apiFromPage(page, user.idToken, '/template/get_template', { templateId })).body['template'] as { sections: { id: string; title: string }[] };
    expect(saved.sections.map((s) => s.title)).toEqual(['Knee history', 'Knee examination', 'Plan']);

    // A share link for colleagues, and a copy in the community library.
    await page.getByRole('button', { name: 'Share' }).click();
    const link = page.getByRole('textbox', { name: 'Share link' });
    await link.waitFor();
    expect(await link.inputValue()).toMatch(/\/templates\/shared\/[A-Za-z0-9]+$/);
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText(/is in the community library/).waitFor();

    await page.getByRole('link', { name: 'All templates' }).click();
    await page.getByRole('list', { name: 'Your templates' }).getByRole('link', { name }).waitFor();
    await shot(page, '22-templates-list');
    await page.getByRole('link', { name: 'Community library' }).click();
    await page.getByRole('searchbox', { name: 'Search templates' }).fill(name.split(' ').pop()!);
    const entry = page.getByRole('listitem', { name });
    await entry.waitFor({ timeout: 15_000 });
    expect(await entry.textContent()).toContain('by Dr Ana Patiño');
    await entry.getByText('Yours').waitFor();
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('');
    await entry.waitFor();
    await shot(page, '23-template-library');
    await entry.getByRole('button', { name: `Preview ${name}` }).click();
    await page.getByRole('dialog', { name }).getByText('Knee examination').first().waitFor();
    await shot(page, '24-template-library-preview');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // The Record tab lists the user's templates first; a session recorded (uploaded) with it.
    await page.getByRole('link', { name: 'Record' }).first().click();
    await page.getByLabel('Patient name').fill(`Tomás Ruiz ${randomUUID().slice(0, 6)}`);
    // The picker is a native select: its first option is the newest of the user's templates.
    const picker = page.getByLabel('Template', { exact: true });
    await expect.poll(() => picker.locator('option').count(), { timeout: 20_000 }).toBeGreaterThan(1);
    expect(await picker.locator('option').first().textContent()).toBe(name);
    await picker.selectOption({ label: name });
    expect(await picker.inputValue()).toBe(templateId);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Upload audio file' }).click()]);
    await chooser.setFiles(fixture('dialogue.mp3'));
    await confirmConsent(page);
    await page.getByText('File uploaded').waitFor({ timeout: 60_000 });
    const sessionId = await sessionIdFromLink(page, 'Open the session');
    const session = await sessionFromApi(page, user.idToken, sessionId);
    expect((session as unknown as { templateId: string }).templateId).toBe(templateId);

    // The pipeline writes the documentation by itself: exactly the template's sections, in its order.
    let documentation: { templateId: string; sections: { id: string; title: string; content: string }[] } | undefined;
    const deadline = Date.now() + 120_000;
    while (!documentation && Date.now() < deadline) {
      const answer = await apiFromPage(page, user.idToken, '/documentation/by_session', { sessionId });
      if (answer.status === 200) documentation = answer.body['documentation'] as typeof documentation;
      else if (answer.status !== 409) throw new Error(`documentation/by_session: ${answer.status} ${JSON.stringify(answer.body)}`);
      else await sleep(1000);
    }
    expect(documentation, 'the documentation was not written within 2 minutes').toBeDefined();
    expect(documentation!.templateId).toBe(templateId);
    expect(documentation!.sections.map((s) => [s.id, s.title])).toEqual(saved.sections.map((s) => [s.id, s.title]));
    for (const s of documentation!.sections) expect(s.content.trim()).not.toBe('');
    expect(pageErrors).toEqual([]);
  });

  it('A share link opened by a colleague: preview, then their own copy', async () => {
    const author = await createTestUser({ displayName: 'Dr Lee' });
    const colleague = await createTestUser();
    browser = await launchBrowser();
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await signInThroughUi(page, colleague);
    const created = await apiFromPage(page, author.idToken, '/template/upsert_template', {
      template: { name: 'Group therapy note', category: 'mental-health', sections: [{ title: 'Themes', instructions: 'Themes the group discussed.' }, { title: 'Plan', format: 'bullets' }] },
    });
    const templateId = (created.body['template'] as { id: string }).id;
    const shared = await apiFromPage(page, author.idToken, '/template/share_template', { templateId });
    const url = new URL(shared.body['url'] as string);
    // Behind Hosting the API sees the app's host (X-Forwarded-Host), so the link opens the app itself.
    expect(url.origin).toBe(new URL(page.url()).origin);

    await page.goto(new URL(url.pathname, page.url()).toString());
    await page.getByText('Shared by Dr Lee').waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { level: 2, name: 'Group therapy note' }).waitFor();
    await shot(page, '25-shared-template');
    await page.getByRole('button', { name: 'Add to my templates' }).click();
    await page.getByText('is in your templates now').waitFor();
    await page.getByRole('textbox', { name: 'Template name' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Template name' }).inputValue()).toBe('Group therapy note');
    expect(await sectionTitles(page)).toEqual(['Themes', 'Plan']);
    await page.getByText('Shared with you').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('The library: the most added first with add counts, Report with reasons and a confirmation, a reported entry hidden but for its author (screens at both sizes, axe)', async () => {
    const [author, reader, ...others] = await Promise.all([createTestUser({ displayName: 'Dr Lena Ortiz' }), createTestUser(), createTestUser(), createTestUser(), createTestUser()]);
    browser = await launchBrowser();
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await signInThroughUi(page, reader);

    // Three entries by one author: one added by three colleagues, one never added, one reported by three.
    const word = `Zq${randomUUID().slice(0, 6)}`;
    const call = async (user: TestUser, path: string, body: unknown) => {
      const res = await apiFromPage(page, user.idToken, path, body);
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const publishOne = async (name: string, description: string) => {
      const made = (await call(author, '/template/upsert_template', { template: { name, category: 'primary-care', sections: [{ title: 'History' }, { title: 'Plan', format: 'bullets' }] } }))['template'] as { id: string };
      return ((await call(author, '/template/published/publish', { templateId: made.id, description }))['template'] as { id: string }).id;
    };
    const reported = await publishOne(`Annual review ${word}`, 'A yearly check-up for adults with chronic conditions');
    const popular = await publishOne(`Diabetes visit ${word}`, 'Type 2 diabetes follow-up: glucose log, feet, medication changes');
    await publishOne(`Asthma check ${word}`, 'Asthma control, inhaler technique and the action plan');
    for (const user of others) await call(user, '/template/published/add_to_library', { publishedTemplateId: popular });
    for (const user of others) await call(user, '/template/published/report', { publishedTemplateId: reported, reason: 'junk' });

    await page.goto(new URL('/templates/library', page.url()).toString());
    await page.getByRole('searchbox', { name: 'Search templates' }).fill(word);
    const list = page.getByRole('list', { name: 'Library templates' });
    await list.getByRole('listitem', { name: `Asthma check ${word}` }).waitFor({ timeout: 20_000 });
    // The search is debounced: until it answers, the list still shows other tests' entries.
    await expect.poll(() => list.getByRole('heading', { level: 2 }).allTextContents(), { timeout: 20_000 }).toEqual([`Diabetes visit ${word}`, `Asthma check ${word}`]);
    await list.getByRole('listitem', { name: `Diabetes visit ${word}` }).getByText(/added by 3 clinicians/).waitFor();
    await page.getByText('Most added first, then the newest.').waitFor();
    await shootAndCheck(page, '25-library-most-added');

    // Report: a reason, an optional note, then a thank-you.
    await list.getByRole('listitem', { name: `Asthma check ${word}` }).getByRole('button', { name: `Report Asthma check ${word}` }).click();
    const dialog = page.getByRole('dialog', { name: `Report “Asthma check ${word}”` });
    await dialog.getByRole('radio', { name: 'It is clinically misleading or unsafe' }).check();
    await dialog.getByRole('textbox', { name: /Note for the reviewer/ }).fill('The action plan skips the oral steroid step');
    await shootAndCheck(page, '26-library-report-dialog', undefined, { scrollToTop: false });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText(/Thank you: your report was sent/).waitFor();
    await shootAndCheck(page, '27-library-report-sent', undefined, { scrollToTop: false });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);

    // The author still sees the reported entry, marked hidden until reviewed.
    await browser.close();
    browser = await launchBrowser();
    const authorPage = await browser.newPage();
    await signInThroughUi(authorPage, author);
    await authorPage.goto(new URL('/templates/library', authorPage.url()).toString());
    await authorPage.getByRole('searchbox', { name: 'Search templates' }).fill(word);
    const own = authorPage.getByRole('listitem', { name: `Annual review ${word}` });
    await own.getByText('Hidden until reviewed').waitFor({ timeout: 20_000 });
    // Debounced search, as above: the author's unfiltered list also holds their own hidden entry.
    await expect.poll(() => authorPage.getByRole('list', { name: 'Library templates' }).getByRole('heading', { level: 2 }).allTextContents(), { timeout: 20_000 }).toEqual([
      `Diabetes visit ${word}`,
      `Asthma check ${word}`,
      `Annual review ${word}`,
    ]);
    expect(await own.getByRole('button', { name: /^Report/ }).count()).toBe(0);
    await shootAndCheck(authorPage, '28-library-hidden-for-author');
  });
});
