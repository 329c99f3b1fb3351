import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestUser } from '../support/auth-users.js';
import { APP_URL, DESKTOP, launchBrowser, loaded, PHONE, screenshotPath, seriousAxeViolations } from '../support/browser.js';
import { signInThroughUi } from '../support/record-flow.js';
import { api } from '../support/stack.js';

// Issue 23, "Chat knows the session": the chat answers from the note as the clinician edited it (the AI
// emulator answers from what the prompt holds, so the answer can only come from the edited note), says so,
// is labelled like the note, and its history is there after a reload, on a desktop and on a phone.

let browser: BrowserContext | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const NOTES = `Clinician: What brings you in today?
Patient: I have had a dry cough for three days and a mild fever last night.
Clinician: Your temperature is 37.4 and your lungs are clear when I listen.
Clinician: I think this is a viral infection. Plan: rest, fluids, and come back in one week if not better.`;
const PRESCRIPTION = 'Clarithromycin 500 mg twice daily for 5 days.';
const QUESTION = 'Which antibiotic was prescribed?';


async function shot(page: Page, name: string) {
  await sleep(500);
  await page.screenshot({ path: screenshotPath(name) });
}

describe('Chat in Chromium', () => {
  it('Answers from the note as the clinician edited it, says so, is labelled as a demo, and is there after a reload (desktop and phone)', async () => {
    const user = await createTestUser();
    const created = await api(user, '/creation', { patientName: 'Chat Example', templateId: 'soap', text: NOTES }).expect(201);
    const sessionId = created.body.session.id as string;

    browser = await launchBrowser();
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await signInThroughUi(page, user);
    await page.goto(`${APP_URL}/sessions/${sessionId}`);

    // The clinician types the prescription into the Plan: the transcript never said it.
    const plan = page.getByRole('region', { name: 'Plan', exact: true });
    const planText = plan.getByRole('textbox', { name: 'Plan', exact: true });
    await loaded(page, planText);
    await planText.press('ControlOrMeta+End');
    await planText.press('Enter');
    await planText.pressSequentially(PRESCRIPTION);
    await plan.getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });

    // Asked in the side panel: the answer names it, says it comes from the note, and is labelled a demo.
    const chatButton = page.getByRole('button', { name: 'Chat' });
    await loaded(page, chatButton);
    await chatButton.click();
    const chat = page.getByRole('region', { name: 'Chat with this session' });
    await chat.getByText('Kept with the session: the last 20 questions and answers').waitFor();
    await chat.getByRole('textbox', { name: 'Ask about this session' }).fill(QUESTION);
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    const log = chat.getByRole('log', { name: 'Chat messages' });
    const answer = log.getByText(/^The transcript does not say\. The note says/);
    await loaded(page, answer);
    expect(await answer.textContent()).toContain(PRESCRIPTION);
    await log.getByText('From the note, not the transcript (Plan)').waitFor();
    await chat.getByText(/^Simulated answers: /).waitFor();
    await log.getByText('Charta · Simulated').waitFor();

    // A question the transcript answers cites its segments, which select them in the transcript.
    await chat.getByRole('textbox', { name: 'Ask about this session' }).fill('Any fever?');
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    await loaded(page, log.getByText(/^From the transcript:/));
    await log.getByRole('list', { name: 'Cited transcript segments' }).getByRole('button').first().click();
    await page.getByText(/^Cited in the chat:/).waitFor();
    await shot(page, 'chat-01-desktop-answered');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // After a reload the conversation is there, in order, loaded from the server.
    await page.reload();
    await loaded(page, chatButton);
    await chatButton.click();
    await loaded(page, log.getByText(QUESTION, { exact: true }));
    await log.getByText(/^The transcript does not say\. The note says/).waitFor();
    await log.getByText(/^From the transcript:/).waitFor();
    await shot(page, 'chat-02-desktop-after-reload');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A phone: the chat is a tab; the kept conversation is there, and its input is above the bottom navigation.
    await page.setViewportSize(PHONE);
    await page.goto(`${APP_URL}/sessions/${sessionId}?view=chat`);
    await loaded(page, log.getByText(QUESTION, { exact: true }));
    await page.evaluate(() => window.scrollTo(0, 0));
    const input = await chat.getByRole('textbox', { name: 'Ask about this session' }).boundingBox();
    const send = await chat.getByRole('button', { name: 'Send', exact: true }).boundingBox();
    const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    expect(input && send && nav).toBeTruthy();
    expect(input!.y + input!.height).toBeLessThanOrEqual(nav!.y);
    expect(send!.y + send!.height).toBeLessThanOrEqual(nav!.y);
    await shot(page, 'chat-03-phone');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    expect(pageErrors).toEqual([]);
  }, 240_000);
});
