import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatedAi, emulatorApi } from '../support/api-app.js';
import { startPrivateAiEmulator } from '../support/ai-emulator.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer, createSession } from '../support/sessions.js';

const { app, db } = emulatorApi();
const post = (user: TestUser, path: string, body: unknown) => request(app).post(`/api/v1/template${path}`).set(bearer(user)).send(body as object);

const BUILTIN_IDS = ['soap', 'history-and-physical', 'progress-note', 'dap', 'birp', 'referral-letter', 'patient-summary', 'discharge-summary'];

interface TemplateBody {
  id: string;
  name: string;
  description: string;
  category: string;
  source: string;
  published: boolean;
  publishedTemplateId: string | null;
  createdAt: string;
  updatedAt: string;
  sections: { id: string; title: string; instructions: string; format: string }[];
}

const knee = {
  name: 'Knee review',
  description: 'Orthopaedic follow-up of knee pain',
  category: 'specialty',
  sections: [
    { title: 'Knee history', instructions: 'Onset, mechanism, swelling, locking and giving way, and what has been tried.', format: 'paragraph' },
    { title: 'Knee examination', instructions: 'Effusion, joint-line tenderness, range of motion and ligament tests as stated.', format: 'bullets' },
    { title: 'Plan', instructions: 'Treatment, imaging, physiotherapy and follow-up agreed.', format: 'bullets' },
  ],
};

async function createTemplate(user: TestUser, template: object = knee): Promise<TemplateBody> {
  const res = await post(user, '/upsert_template', { template });
  if (res.status !== 200) throw new Error(`upsert_template failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.template as TemplateBody;
}

let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([createTestUser(), createTestUser()]);
});

describe('POST /template/get_templates and get_template', () => {
  it('Success: the built-ins with their sections, for a user with no templates', async () => {
    const res = await post(owner, '/get_templates', {}).expect(200);
    const templates = res.body.templates as TemplateBody[];
    expect(templates.map((t) => t.id)).toEqual(BUILTIN_IDS);
    expect(res.body.nextCursor).toBeNull();
    for (const t of templates) {
      expect(t).toMatchObject({ source: 'builtin', published: false, publishedTemplateId: null });
      expect(t.sections.length).toBeGreaterThan(0);
      expect(Object.keys(t).sort()).toEqual(['category', 'createdAt', 'description', 'id', 'name', 'published', 'publishedTemplateId', 'sections', 'source', 'updatedAt']);
    }
    const soap = templates.find((t) => t.id === 'soap')!;
    expect(soap.sections.map((s) => s.title)).toEqual(['Subjective', 'Objective', 'Assessment', 'Plan']);
  });

  it('The caller\'s own templates come first, newest first; nobody else\'s', async () => {
    const user = await createTestUser();
    const first = await createTemplate(user, { ...knee, name: 'First' });
    const second = await createTemplate(user, { ...knee, name: 'Second' });
    await createTemplate(stranger, { ...knee, name: 'Not yours' });
    const res = await post(user, '/get_templates', {}).expect(200);
    expect(res.body.templates.map((t: TemplateBody) => t.id)).toEqual([second.id, first.id, ...BUILTIN_IDS]);
  });

  it('Pages through own templates with cursors; built-ins on the first page only', async () => {
    const user = await createTestUser();
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push((await createTemplate(user, { ...knee, name: `T${i}` })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await post(user, '/get_templates', { limit: 2, ...(cursor ? { cursor } : {}) }).expect(200);
      seen.push(...(res.body.templates as TemplateBody[]).map((t) => t.id));
      cursor = res.body.nextCursor as string | null;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...[...created].reverse().slice(0, 2), ...BUILTIN_IDS, ...[...created].reverse().slice(2)]);
  });

  it('Bad list input names the field', async () => {
    expect((await post(owner, '/get_templates', { limit: 0 }).expect(400)).body.error.field).toBe('limit');
    expect((await post(owner, '/get_templates', { limit: 101 }).expect(400)).body.error.field).toBe('limit');
    expect((await post(owner, '/get_templates', { cursor: 'garbage' }).expect(400)).body.error.field).toBe('cursor');
    expect((await post(owner, '/get_templates', { color: 'blue' }).expect(400)).body.error.field).toBe('color');
  });

  it('get_template: a built-in, own template; 404 for a stranger and a missing id', async () => {
    expect((await post(owner, '/get_template', { templateId: 'dap' }).expect(200)).body.template.name).toBe('Psychotherapy progress note (DAP)');
    const mine = await createTemplate(owner);
    expect((await post(owner, '/get_template', { templateId: mine.id }).expect(200)).body.template).toEqual(mine);
    const theirs = await post(stranger, '/get_template', { templateId: mine.id }).expect(404);
    const missing = await post(stranger, '/get_template', { templateId: 'does-not-exist' }).expect(404);
    expect(theirs.body).toEqual(missing.body);
    expect((await post(owner, '/get_template', {}).expect(400)).body.error.field).toBe('templateId');
    expect((await post(owner, '/get_template', { templateId: '../soap' }).expect(400)).body.error.field).toBe('templateId');
  });

  it('Without a token: 401', async () => {
    await request(app).post('/api/v1/template/get_templates').send({}).expect(401);
  });
});

describe('POST /template/upsert_template', () => {
  it('Success: creates an own template with section ids from titles and defaults', async () => {
    const template = await createTemplate(owner, {
      name: '  Knee review  ',
      sections: [{ title: 'Knee history', instructions: 'Onset.' }, { title: 'Plan', format: 'bullets' }],
    });
    expect(template).toMatchObject({
      name: 'Knee review',
      description: '',
      category: 'general',
      source: 'own',
      published: false,
      publishedTemplateId: null,
      sections: [
        { id: 'knee-history', title: 'Knee history', instructions: 'Onset.', format: 'paragraph' },
        { id: 'plan', title: 'Plan', instructions: '', format: 'bullets' },
      ],
    });
    expect(template.createdAt).toBe(template.updatedAt);
  });

  it('Updates keep ids the client sends, and sessions using the template go on working', async () => {
    const template = await createTemplate(owner);
    const session = await createSession(app, owner, { templateId: template.id });
    expect(session['templateId']).toBe(template.id);
    const [history, exam] = template.sections;
    const res = await post(owner, '/upsert_template', {
      template: { id: template.id, name: 'Knee review v2', category: 'specialty', sections: [exam, { ...history, title: 'History' }, { title: 'Imaging', format: 'bullets' }] },
    }).expect(200);
    const updated = res.body.template as TemplateBody;
    expect(updated.id).toBe(template.id);
    expect(updated.sections.map((s) => [s.id, s.title])).toEqual([
      ['knee-examination', 'Knee examination'],
      ['knee-history', 'History'],
      ['imaging', 'Imaging'],
    ]);
    expect(updated.createdAt).toBe(template.createdAt);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(template.updatedAt));
    await request(app).post('/api/v1/session/session').set(bearer(owner)).send({ sessionId: session.id }).expect(200);
  });

  it.each([
    [{ sections: knee.sections }, 'template.name'],
    [{ name: '   ', sections: knee.sections }, 'template.name'],
    [{ name: 'x'.repeat(121), sections: knee.sections }, 'template.name'],
    [{ name: 'N' }, 'template.sections'],
    [{ name: 'N', sections: [] }, 'template.sections'],
    [{ name: 'N', sections: Array.from({ length: 31 }, (_, i) => ({ title: `Part ${i}` })) }, 'template.sections'],
    [{ name: 'N', sections: [{ title: 'Plan' }, { title: 'History' }, { title: ' PLAN ' }] }, 'template.sections.2.title'],
    [{ name: 'N', sections: [{ title: '' }] }, 'template.sections.0.title'],
    [{ name: 'N', sections: [{ title: 'x'.repeat(101) }] }, 'template.sections.0.title'],
    [{ name: 'N', sections: [{ title: 'A' }, { title: 'B', instructions: 'x'.repeat(2001) }] }, 'template.sections.1.instructions'],
    [{ name: 'N', sections: [{ title: 'A', format: 'table' }] }, 'template.sections.0.format'],
    [{ name: 'N', sections: [{ title: 'A', id: 'x' }, { title: 'B', id: 'x' }] }, 'template.sections.1.id'],
    [{ name: 'N', description: 'x'.repeat(501), sections: [{ title: 'A' }] }, 'template.description'],
    [{ name: 'N', category: 'astrology', sections: [{ title: 'A' }] }, 'template.category'],
    [{ name: 'N', sections: [{ title: 'A', colour: 'red' }] }, 'template.sections.0.colour'],
  ])('Bad input %j: 400 naming %s', async (template, field) => {
    const res = await post(owner, '/upsert_template', { template }).expect(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_argument', field });
    expect(res.body.error.message).toContain(field);
  });

  it('Limits are inclusive: 120-character name, 30 sections, 2000-character instructions', async () => {
    const sections = Array.from({ length: 30 }, (_, i) => ({ title: `Part ${i}`, instructions: 'x'.repeat(2000) }));
    const template = await createTemplate(owner, { name: 'n'.repeat(120), sections });
    expect(template.sections).toHaveLength(30);
  });

  it('A built-in cannot be changed: 403; someone else\'s: 404', async () => {
    const builtin = await post(owner, '/upsert_template', { template: { id: 'soap', name: 'My SOAP', sections: [{ title: 'S' }] } }).expect(403);
    expect(builtin.body.error.code).toBe('permission_denied');
    const theirs = await createTemplate(stranger);
    const res = await post(owner, '/upsert_template', { template: { ...knee, id: theirs.id, name: 'Hijacked' } }).expect(404);
    expect(res.body.error.code).toBe('not_found');
    expect((await post(stranger, '/get_template', { templateId: theirs.id }).expect(200)).body.template.name).toBe('Knee review');
    await post(owner, '/upsert_template', { template: { ...knee, id: 'no-such-template' } }).expect(404);
  });

  it('Sessions accept the caller\'s template, not someone else\'s', async () => {
    const theirs = await createTemplate(stranger);
    const res = await request(app).post('/api/v1/session/create_session').set(bearer(owner)).send({ patientName: 'Ana', templateId: theirs.id }).expect(400);
    expect(res.body.error.field).toBe('templateId');
  });
});

describe('POST /template/delete_template', () => {
  it('Success: the template goes; sessions that used it stay', async () => {
    const template = await createTemplate(owner);
    const session = await createSession(app, owner, { templateId: template.id });
    expect((await post(owner, '/delete_template', { templateId: template.id }).expect(200)).body).toEqual({ deleted: 1 });
    await post(owner, '/get_template', { templateId: template.id }).expect(404);
    await post(owner, '/delete_template', { templateId: template.id }).expect(404);
    expect((await db.collection('templates').doc(template.id).get()).exists).toBe(false);
    const kept = await request(app).post('/api/v1/session/session').set(bearer(owner)).send({ sessionId: session.id }).expect(200);
    expect(kept.body.session.templateId).toBe(template.id);
  });

  it('Built-in: 403; someone else\'s: 404 and it stays', async () => {
    expect((await post(owner, '/delete_template', { templateId: 'soap' }).expect(403)).body.error.code).toBe('permission_denied');
    const theirs = await createTemplate(stranger);
    await post(owner, '/delete_template', { templateId: theirs.id }).expect(404);
    await post(stranger, '/get_template', { templateId: theirs.id }).expect(200);
    expect((await post(owner, '/delete_template', {}).expect(400)).body.error.field).toBe('templateId');
  });
});

describe('AI helpers', () => {
  it('preview_template of a built-in: every section written from the bundled sample consultation', async () => {
    const res = await post(owner, '/preview_template', { templateId: 'soap' }).expect(200);
    const sections = res.body.sections as { id: string; title: string; content: string }[];
    expect(sections.map((s) => [s.id, s.title])).toEqual([
      ['subjective', 'Subjective'],
      ['objective', 'Objective'],
      ['assessment', 'Assessment'],
      ['plan', 'Plan'],
    ]);
    for (const s of sections) expect(Object.keys(s).sort()).toEqual(['content', 'id', 'title']);
    // The sample is a knee-pain and blood-pressure follow-up; the emulator quotes the lines it used.
    expect(sections.map((s) => s.content).join(' ')).toMatch(/knee|blood pressure|amlodipine/i);
  });

  it('preview_template of an unsaved template and of an own one; a given transcript is used', async () => {
    const unsaved = await post(owner, '/preview_template', { template: knee }).expect(200);
    expect(unsaved.body.sections.map((s: { id: string }) => s.id)).toEqual(['knee-history', 'knee-examination', 'plan']);
    expect(unsaved.body.sections[0].content).toMatch(/knee/i);

    const saved = await createTemplate(owner);
    const transcript = 'Doctor: What brings you in?\nPatient: My left knee swells after football and sometimes locks.\nDoctor: The plan is an MRI and physiotherapy.';
    const res = await post(owner, '/preview_template', { templateId: saved.id, transcript }).expect(200);
    expect(res.body.sections[0].content).toContain('My left knee swells after football');
    expect(JSON.stringify(res.body)).not.toMatch(/amlodipine/);
  });

  it('preview_template: bad input and someone else\'s template', async () => {
    expect((await post(owner, '/preview_template', {}).expect(400)).body.error.field).toBe('templateId');
    expect((await post(owner, '/preview_template', { templateId: 'soap', template: knee }).expect(400)).body.error.field).toBe('template');
    expect((await post(owner, '/preview_template', { template: { ...knee, sections: [] } }).expect(400)).body.error.field).toBe('template.sections');
    expect((await post(owner, '/preview_template', { templateId: 'soap', transcript: '  ' }).expect(400)).body.error.field).toBe('transcript');
    const theirs = await createTemplate(stranger);
    await post(owner, '/preview_template', { templateId: theirs.id }).expect(404);
  });

  it('preview_section: one section, from the sample or a given transcript', async () => {
    const res = await post(owner, '/preview_section', { section: { title: 'Medications', instructions: 'Current medications with dose.', format: 'bullets' } }).expect(200);
    expect(Object.keys(res.body)).toEqual(['content']);
    expect(res.body.content).toMatch(/^- /);
    expect(res.body.content).toMatch(/amlodipine|ibuprofen|diclofenac/i);
    const given = await post(owner, '/preview_section', { section: { title: 'Medications' }, transcript: 'Patient: I take metformin 500 mg twice daily.' }).expect(200);
    expect(given.body.content).toContain('metformin');
    expect((await post(owner, '/preview_section', { section: { instructions: 'x' } }).expect(400)).body.error.field).toBe('section.title');
    expect((await post(owner, '/preview_section', {}).expect(400)).body.error.field).toBe('section');
  });

  it('generate_template_from_note: a draft that follows the note\'s headings, not saved, ready to upsert', async () => {
    const note = [
      'SUBJECTIVE',
      'Two weeks of low back pain after lifting boxes. No leg weakness or numbness.',
      'Objective:',
      '- BP 128/80',
      '- Tender L4-L5 paraspinal muscles',
      '## Assessment',
      'Mechanical low back pain.',
      'Plan: Ibuprofen 400 mg three times daily for five days.',
      '- Physiotherapy referral',
    ].join('\n');
    const before = await post(owner, '/get_templates', {}).expect(200);
    const res = await post(owner, '/generate_template_from_note', { note, name: 'Back pain review' }).expect(200);
    const draft = res.body.template as Omit<TemplateBody, 'id'>;
    expect(draft.name).toBe('Back pain review');
    expect(draft.sections.map((s) => [s.id, s.title, s.format])).toEqual([
      ['subjective', 'Subjective', 'paragraph'],
      ['objective', 'Objective', 'bullets'],
      ['assessment', 'Assessment', 'paragraph'],
      ['plan', 'Plan', 'bullets'],
    ]);
    expect(draft.sections[1]!.instructions).toContain('Tender L4-L5 paraspinal muscles');
    expect((await post(owner, '/get_templates', {}).expect(200)).body.templates).toHaveLength(before.body.templates.length);
    const saved = await createTemplate(owner, draft);
    expect(saved.sections.map((s) => s.title)).toEqual(['Subjective', 'Objective', 'Assessment', 'Plan']);

    const unnamed = await post(owner, '/generate_template_from_note', { note: 'Referral to cardiology\nReason: palpitations\nHistory: three months of episodes' }).expect(200);
    expect(unnamed.body.template.name).toBe('Referral to cardiology');
    expect((await post(owner, '/generate_template_from_note', {}).expect(400)).body.error.field).toBe('note');
    expect((await post(owner, '/generate_template_from_note', { note: 'x'.repeat(20_001) }).expect(400)).body.error.field).toBe('note');
  });

  it('help_me_write_section: instructions built from the title and the description', async () => {
    const res = await post(owner, '/help_me_write_section', { title: 'Medication changes', description: 'only what changed today' }).expect(200);
    expect(res.body.instructions).toContain('Medication changes');
    expect(res.body.instructions).toContain('only what changed today');
    const other = await post(owner, '/help_me_write_section', { title: 'Sleep' }).expect(200);
    expect(other.body.instructions).toContain('sleep');
    expect((await post(owner, '/help_me_write_section', {}).expect(400)).body.error.field).toBe('title');
    expect((await post(owner, '/help_me_write_section', { title: 'x'.repeat(101) }).expect(400)).body.error.field).toBe('title');
  });
});

describe('AI helpers when the model fails', () => {
  let privateAi: Awaited<ReturnType<typeof startPrivateAiEmulator>>;
  let failing: ReturnType<typeof emulatorApi>;
  beforeAll(async () => {
    privateAi = await startPrivateAiEmulator();
    failing = emulatorApi({ ai: emulatedAi(privateAi.url) });
  });
  afterAll(() => new Promise<void>((resolve) => privateAi?.server.close(() => resolve())));

  it('An answer that is not what was asked: 503 with a clear message, nothing internal', async () => {
    await privateAi.control.injectFault({ service: 'gemini', mode: 'malformed' });
    const res = await request(failing.app).post('/api/v1/template/help_me_write_section').set(bearer(owner)).send({ title: 'Plan' }).expect(503);
    expect(res.body.error).toEqual({ code: 'unavailable', message: 'The writing assistant gave an answer Charta could not use. Please try again.' });
  });

  it('The model keeps failing: 503 after retries', async () => {
    await privateAi.control.injectFault({ service: 'gemini', mode: 'error', status: 503, count: 5 });
    const res = await request(failing.app).post('/api/v1/template/preview_template').set(bearer(owner)).send({ templateId: 'soap' }).expect(503);
    expect(res.body.error.code).toBe('unavailable');
    await privateAi.control.clearFaults();
    await request(failing.app).post('/api/v1/template/preview_template').set(bearer(owner)).send({ templateId: 'soap' }).expect(200);
  });
});
