/**
 * The clinic library in Chromium (docs/clinics.md "The clinic library"): a member shares a template with
 * the clinic from the template's page, a colleague finds it in the clinic's tab of the library and adds it to
 * their templates, and it is nowhere in the public library. Screenshots and axe at both sizes on the way.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestUser } from '../support/auth-users.js';
import { APP_URL, loaded, shootAndCheck } from '../support/browser.js';
import { mailTo } from '../support/mail-catcher.js';
import { apiAs, browserPages } from '../support/e2e-clinicians.js';

const signedInPage = browserPages();

const INVITATION_LINK = /\/clinic\/invitations\/([A-Za-z0-9_-]{43})/;

async function invitationToken(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await mailTo(email)).find((m) => m.subject.startsWith('You are invited to join'));
    const token = mail && INVITATION_LINK.exec(mail.text)?.[1];
    if (token) return token;
    if (Date.now() > deadline) throw new Error('no invitation arrived');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('The clinic library in Chromium', () => {
  it('A member shares a template with the clinic; a colleague adds it from the clinic tab; the public library never lists it', async () => {
    const suffix = randomUUID().slice(0, 6);
    const clinicName = `Harbour Practice ${suffix}`;
    const [ana, ben] = await Promise.all([createTestUser({ displayName: 'Dr Ana Patiño' }), createTestUser({ displayName: 'Dr Ben Okafor' })]);

    // The clinic and its second member, through the API: the clinic screens are not this test's subject.
    expect((await apiAs(ana, '/clinic/create', { name: clinicName })).status).toBe(201);
    expect((await apiAs(ana, '/clinic/invitations/create', { email: ben.email })).status).toBe(201);
    expect((await apiAs(ben, '/clinic/invitations/accept', { token: await invitationToken(ben.email) })).status).toBe(200);
    const templateName = `Harbour asthma review ${suffix}`;
    const made = await apiAs(ana, '/template/upsert_template', {
      template: { name: templateName, description: 'Annual asthma check', category: 'general', sections: [{ title: 'Control', instructions: 'Symptoms, night waking and reliever use, as the patient reported them.', format: 'paragraph' }] },
    });
    const templateId = (made.body['template'] as { id: string }).id;

    // Ana: the clinic tab, empty so far; then Share with my clinic from the template's page.
    const anaPage = await signedInPage(ana);
    await anaPage.goto(`${APP_URL}/templates/library`);
    await loaded(anaPage, anaPage.getByRole('tab', { name: clinicName }));
    await anaPage.getByRole('tab', { name: clinicName }).click();
    await loaded(anaPage, anaPage.getByText('No templates shared in your clinic yet'));
    await shootAndCheck(anaPage, 'clinic-library-empty');

    await anaPage.goto(`${APP_URL}/templates/${templateId}`);
    await loaded(anaPage, anaPage.getByRole('button', { name: 'Share with my clinic' }));
    await anaPage.getByRole('button', { name: 'Share with my clinic' }).click();
    const dialog = anaPage.getByRole('dialog', { name: 'Share with your clinic' });
    await dialog.getByRole('textbox', { name: 'Description (optional)' }).fill('Our annual asthma check, as the practice nurses run it');
    await shootAndCheck(anaPage, 'clinic-share-dialog', undefined, { scrollToTop: false });
    await dialog.getByRole('button', { name: 'Share with the clinic' }).click();
    await anaPage.getByText(`“${templateName}” is in the ${clinicName} library`).waitFor({ timeout: 20_000 });

    // Ben: the clinic tab lists it, by Ana; he adds it, and it is in his templates.
    const benPage = await signedInPage(ben);
    await benPage.goto(`${APP_URL}/templates/library?library=clinic`);
    const entry = benPage.getByRole('listitem', { name: templateName });
    await loaded(benPage, entry);
    expect(await entry.textContent()).toContain('by Dr Ana Patiño');
    expect(await entry.textContent()).toContain('Our annual asthma check, as the practice nurses run it');
    // A member removes only their own entries: Ben sees no Remove on Ana's.
    expect(await entry.getByRole('button', { name: /Remove from the clinic/ }).count()).toBe(0);
    await shootAndCheck(benPage, 'clinic-library');
    await entry.getByRole('button', { name: `Add to my templates: ${templateName}` }).click();
    await entry.getByRole('link', { name: /open my copy/ }).waitFor({ timeout: 20_000 });

    await benPage.getByRole('link', { name: 'All templates' }).click();
    await loaded(benPage, benPage.getByRole('list', { name: 'Your templates' }).getByRole('link', { name: templateName }));

    // The public library: the tab, searched by the name, finds nothing; and the API's public list agrees.
    await benPage.goto(`${APP_URL}/templates/library`);
    await loaded(benPage, benPage.getByRole('tab', { name: 'Public library', selected: true }));
    await benPage.getByRole('searchbox', { name: 'Search templates' }).fill(suffix);
    await benPage.getByText('No templates match').waitFor({ timeout: 20_000 });
    const publicList = await apiAs(ben, '/template/published/list', { limit: 50, query: suffix });
    expect(publicList.status).toBe(200);
    expect((publicList.body['templates'] as { name: string }[]).map((t) => t.name)).not.toContain(templateName);
  }, 240_000);
});
