import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer } from '../support/sessions.js';

const { app, db } = emulatorApi();
const post = (user: TestUser, path: string, body: object) => request(app).post(`/api/v1${path}`).set(bearer(user)).send(body);

const NOTES = `Clinician: What brings you in today?
Patient: I have had a dry cough for three days and a mild fever last night.
Clinician: Any shortness of breath?
Patient: A little breathless on the stairs. I am taking ibuprofen 400 mg.
Clinician: Your temperature is 37.4 and your lungs are clear when I listen.
Clinician: I think this is a viral infection. Plan: rest, fluids, and come back in one week if not better.`;

let owner: TestUser;
let stranger: TestUser;
let documentationId: string;
let sessionId: string;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([createTestUser(), createTestUser()]);
  await request(app).put('/api/v1/profile').set(bearer(owner)).send({ specialty: 'Family medicine' }).expect(200);
  const res = await post(owner, '/creation', { patientName: 'Ana Patiño', templateId: 'soap', text: NOTES }).expect(201);
  documentationId = res.body.documentation.id as string;
  sessionId = res.body.session.id as string;
});

const doc = async () => (await post(owner, '/documentation/by_id', { documentationId }).expect(200)).body.documentation;

describe('POST /creation', () => {
  it('Success: a ready session and its documentation from typed text', async () => {
    const res = await post(owner, '/creation', { patientName: 'Jo Park', templateId: 'soap', text: NOTES, language: 'en-GB' }).expect(201);
    expect(res.body.session).toMatchObject({ patientName: 'Jo Park', status: 'ready', language: 'en-GB', audio_uri: null, documentationId: res.body.documentation.id });
    expect(res.body.documentation.sections.map((s: { title: string }) => s.title)).toEqual(['Subjective', 'Objective', 'Assessment', 'Plan']);
    const transcript = (await post(owner, '/session/transcription', { sessionId: res.body.session.id }).expect(200)).body.transcript;
    expect(transcript).toMatchObject({ engine: 'typed-text', language: 'en-GB' });
    expect(transcript.segments[1]).toMatchObject({ id: 'seg-2', speaker: 'patient' });
  });

  it.each([
    [{ templateId: 'soap', text: NOTES }, 'patientName'],
    [{ patientName: 'A', templateId: 'nope', text: NOTES }, 'templateId'],
    [{ patientName: 'A', templateId: 'soap', text: '   ' }, 'text'],
    [{ patientName: 'A', templateId: 'soap', text: NOTES, language: 'xx_!' }, 'language'],
  ])('Bad input %j: 400 naming %s', async (body, field) => {
    expect((await post(owner, '/creation', body).expect(400)).body.error.field).toBe(field);
  });
});

describe('Reading documentation', () => {
  it('by_session, by_id and one section; strangers get 404', async () => {
    const bySession = (await post(owner, '/documentation/by_session', { sessionId }).expect(200)).body.documentation;
    expect(bySession.id).toBe(documentationId);
    expect(bySession.counter).toBe(1);
    expect(Object.keys(bySession).sort()).toEqual(['counter', 'createdAt', 'engine', 'id', 'sections', 'sessionId', 'templateId', 'updatedAt']);
    const section = (await post(owner, '/session/documentation/section', { documentationId, sectionId: 'plan' }).expect(200)).body.section;
    expect(section).toMatchObject({ id: 'plan', title: 'Plan' });
    await post(owner, '/session/documentation/section', { documentationId, sectionId: 'nope' }).expect(404);
    await post(stranger, '/documentation/by_id', { documentationId }).expect(404);
    await post(stranger, '/documentation/by_session', { sessionId }).expect(404);
    await post(stranger, '/session/transcription', { sessionId }).expect(404);
    await post(stranger, '/session/documentation/section', { documentationId, sectionId: 'plan' }).expect(404);
  });

  it('Counter: this month by default, a window on request, bad windows refused', async () => {
    const user = await createTestUser();
    await post(user, '/creation', { patientName: 'C One', templateId: 'soap', text: NOTES }).expect(201);
    await post(user, '/creation', { patientName: 'C Two', templateId: 'soap', text: NOTES }).expect(201);
    const month = (await request(app).get('/api/v1/documentation/counter').set(bearer(user)).expect(200)).body;
    expect(month.count).toBe(2);
    expect(Date.parse(month.to)).toBeGreaterThan(Date.parse(month.from));
    const past = (await request(app).get('/api/v1/documentation/counter?from=2020-01-01T00:00:00Z&to=2020-02-01T00:00:00Z').set(bearer(user)).expect(200)).body;
    expect(past).toEqual({ count: 0, from: '2020-01-01T00:00:00.000Z', to: '2020-02-01T00:00:00.000Z' });
    expect((await request(app).get('/api/v1/documentation/counter?from=yesterday').set(bearer(user)).expect(400)).body.error.field).toBe('from');
    expect((await request(app).get('/api/v1/documentation/counter?from=2021-01-01T00:00:00Z&to=2020-01-01T00:00:00Z').set(bearer(user)).expect(400)).body.error.field).toBe('to');
  });
});

describe('Editing documentation: each route changes what it should and bumps the counter', () => {
  it('update_value: the clinician\'s text is kept; a stale counter answers 409 and changes nothing', async () => {
    const before = await doc();
    const res = await post(owner, '/session/documentation/section/update_value', { documentationId, sectionId: 'assessment', content: 'Viral URTI.', counter: before.counter }).expect(200);
    expect(res.body).toMatchObject({ counter: before.counter + 1, section: { id: 'assessment', content: 'Viral URTI.' } });
    const stale = await post(owner, '/session/documentation/section/update_value', { documentationId, sectionId: 'assessment', content: 'Overwritten?', counter: before.counter }).expect(409);
    expect(stale.body.error).toMatchObject({ code: 'conflict', field: 'counter' });
    expect((await doc()).sections.find((s: { id: string }) => s.id === 'assessment').content).toBe('Viral URTI.');
    // Without a counter nothing is written: a write must say which version it replaces.
    expect((await post(owner, '/session/documentation/section/update_value', { documentationId, sectionId: 'assessment', content: 'Viral URTI, mild.' }).expect(400)).body.error.field).toBe('counter');
    expect((await doc()).counter).toBe(before.counter + 1);
  });

  it('regenerate_documentation_section writes the section again from the transcript', async () => {
    const before = await doc();
    const res = await post(owner, '/session/regenerate_documentation_section', { documentationId, sectionId: 'subjective', counter: before.counter }).expect(200);
    expect(res.body.counter).toBe(before.counter + 1);
    expect(res.body.section.content).toContain('dry cough');
    expect(res.body.section.evidence.length).toBeGreaterThan(0);
  });

  it('customize_section follows the new instructions', async () => {
    const { counter } = await doc();
    const res = await post(owner, '/session/customize_section', { documentationId, sectionId: 'objective', instructions: 'Only the temperature and what the lungs sounded like when listened to.', counter }).expect(200);
    expect(res.body.section.content).toMatch(/temperature is 37\.4/);
    expect(res.body.section.content).not.toMatch(/ibuprofen/);
  });

  it('magic_edit_section applies the instruction to the current text', async () => {
    const { counter } = await doc();
    const res = await post(owner, '/session/magic_edit_section', { documentationId, sectionId: 'plan', instruction: 'Add that the patient should avoid smoking', counter }).expect(200);
    expect(res.body.section.content).toContain('The patient should avoid smoking.');
  });

  it('magic_edit_documentation changes every discussed section', async () => {
    const before = await doc();
    const res = await post(owner, '/session/magic_edit_documentation', { documentationId, instruction: 'Use bullet points throughout', counter: before.counter }).expect(200);
    expect(res.body.documentation.counter).toBe(before.counter + 1);
    const subjective = res.body.documentation.sections.find((s: { id: string }) => s.id === 'subjective');
    expect(subjective.content.startsWith('- ')).toBe(true);
  });

  it('regenerate_documentation writes the whole note again, with another template if asked', async () => {
    const before = await doc();
    // The assessment holds the clinician's text (update_value above): replacing it is confirmed.
    const res = await post(owner, '/session/regenerate_documentation', { sessionId, templateId: 'progress-note', confirmReplaceEdited: true, counter: before.counter }).expect(200);
    expect(res.body.documentation).toMatchObject({ id: documentationId, templateId: 'progress-note', counter: before.counter + 1 });
    expect((await post(owner, '/session/session', { sessionId }).expect(200)).body.session.templateId).toBe('progress-note');
    expect((await post(owner, '/session/regenerate_documentation', { sessionId, templateId: 'nope', counter: before.counter + 1 }).expect(400)).body.error.field).toBe('templateId');
    // A stale counter: 409, and the note is not written again.
    expect((await post(owner, '/session/regenerate_documentation', { sessionId, confirmReplaceEdited: true, counter: before.counter }).expect(409)).body.error.field).toBe('counter');
  });

  it('Bad input and strangers', async () => {
    const { counter } = await doc();
    expect((await post(owner, '/session/magic_edit_section', { documentationId, sectionId: 'plan', counter }).expect(400)).body.error.field).toBe('instruction');
    expect((await post(owner, '/session/customize_section', { documentationId, sectionId: 'plan', instructions: 'x'.repeat(2001), counter }).expect(400)).body.error.field).toBe('instructions');
    expect((await post(owner, '/session/documentation/section/update_value', { documentationId, sectionId: 'plan', content: 'x', counter: 0 }).expect(400)).body.error.field).toBe('counter');
    await post(stranger, '/session/regenerate_documentation_section', { documentationId, sectionId: 'plan', counter }).expect(404);
    await post(stranger, '/session/customize_section', { documentationId, sectionId: 'plan', instructions: 'x', counter }).expect(404);
    await post(stranger, '/session/magic_edit_section', { documentationId, sectionId: 'plan', instruction: 'x', counter }).expect(404);
    await post(stranger, '/session/magic_edit_documentation', { documentationId, instruction: 'x', counter }).expect(404);
    await post(stranger, '/session/documentation/section/update_value', { documentationId, sectionId: 'plan', content: 'mine', counter }).expect(404);
    await post(stranger, '/session/regenerate_documentation', { sessionId, counter }).expect(404);
  });
});

describe('Deletion', () => {
  it('Deleting a session removes its transcript and documentation', async () => {
    const res = await post(owner, '/creation', { patientName: 'Del Ete', templateId: 'soap', text: NOTES }).expect(201);
    const id = res.body.session.id as string;
    await post(owner, '/session/delete', { sessionId: id }).expect(200);
    expect((await db.collection('transcripts').doc(id).get()).exists).toBe(false);
    expect((await db.collection('documentation').doc(res.body.documentation.id as string).get()).exists).toBe(false);
    await post(owner, '/documentation/by_id', { documentationId: res.body.documentation.id }).expect(404);
  });
});
