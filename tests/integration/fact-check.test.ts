// Sentence evidence and the fact check through the API (docs/quality.md "Sentence evidence and the fact check"):
// every documentation answer carries each section's sentences and the facts the transcript does not support.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocumentationSection, FactFlag } from '@charta/contract';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer } from '../support/sessions.js';

const { app } = emulatorApi();
const post = (user: TestUser, path: string, body: object) => request(app).post(`/api/v1${path}`).set(bearer(user)).send(body);

const DIALOGUE = `Clinician: What medicines do you take at the moment?
Patient: Lisinopril 20 mg once a day for my blood pressure.
Clinician: And where is the pain?
Patient: In my left knee, since I fell two weeks ago.
Clinician: Any chest pain?
Patient: No.
Clinician: Any fever?
Patient: No fever at all.`;

/** The note as its author heard the dialogue: every fact in it is said. */
const FAITHFUL = 'Takes lisinopril 20 mg daily for blood pressure. Pain in the left knee since a fall two weeks ago. Denies chest pain and fever.';

let owner: TestUser;
let stranger: TestUser;
let documentationId: string;
let sessionId: string;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([createTestUser(), createTestUser()]);
  const res = await post(owner, '/creation', { patientName: 'Fact Check', templateId: 'soap', text: DIALOGUE }).expect(201);
  documentationId = res.body.documentation.id as string;
  sessionId = res.body.session.id as string;
});

const current = async () => (await post(owner, '/documentation/by_id', { documentationId }).expect(200)).body.documentation;
const subjectiveOf = (doc: { sections: DocumentationSection[] }) => doc.sections.find((s) => s.id === 'subjective')!;

/** Saves the Subjective section's text and answers the section as the API returns it. */
async function write(content: string): Promise<{ section: DocumentationSection; counter: number }> {
  const { counter } = await current();
  return (await post(owner, '/session/documentation/section/update_value', { documentationId, sectionId: 'subjective', content, counter }).expect(200)).body;
}

const flagsOf = (section: DocumentationSection, kind?: FactFlag['kind']) => section.flags.filter((f) => kind === undefined || f.kind === kind);

describe('Evidence for pasted text (/creation)', () => {
  it('the answer carries each section\'s sentences, linked to the pasted segments, and its flags', async () => {
    const res = await post(owner, '/creation', { patientName: 'Pasted Notes', templateId: 'soap', text: DIALOGUE }).expect(201);
    const sections = res.body.documentation.sections as DocumentationSection[];
    for (const section of sections) {
      expect(Array.isArray(section.sentences)).toBe(true);
      expect(Array.isArray(section.flags)).toBe(true);
      for (const s of section.sentences) expect(section.content.slice(s.start, s.end)).toBe(s.text);
    }
    const linked = sections.flatMap((s) => s.sentences).filter((s) => s.segmentIds.length > 0);
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.every((s) => s.segmentIds.every((id) => /^seg-\d+$/.test(id)))).toBe(true);
  });
});

describe('The fact check in every answer', () => {
  it('a note that says only what was said has no flags, and each sentence is linked to what supports it', async () => {
    const { section } = await write(FAITHFUL);
    expect(section.flags).toEqual([]);
    expect(section.sentences.map((s) => s.text)).toEqual([
      'Takes lisinopril 20 mg daily for blood pressure.',
      'Pain in the left knee since a fall two weeks ago.',
      'Denies chest pain and fever.',
    ]);
    // seg-2: the patient's lisinopril; seg-4: the left knee; seg-5/6: "Any chest pain?" "No."
    expect(section.sentences[0]!.segmentIds).toContain('seg-2');
    expect(section.sentences[1]!.segmentIds).toContain('seg-4');
    expect(section.sentences[2]!.segmentIds).toEqual(expect.arrayContaining(['seg-5', 'seg-6']));
  });

  it('a changed dose is flagged where it is, as a number', async () => {
    const { section } = await write('Takes lisinopril 40 mg daily for blood pressure.');
    const [flag] = flagsOf(section, 'number');
    expect(flag).toMatchObject({ kind: 'number', text: '40 mg', sentenceIndex: 0, status: 'unresolved' });
    expect(section.content.slice(flag!.start, flag!.end)).toBe('40 mg');
  });

  it('a swapped side is flagged with its body part', async () => {
    const { section } = await write('Pain in the right knee since a fall two weeks ago.');
    expect(flagsOf(section, 'laterality')).toMatchObject([{ text: 'right knee', status: 'unresolved' }]);
  });

  it('a dropped "no" is flagged: the patient said no to chest pain', async () => {
    const { section } = await write('Reports chest pain.');
    expect(flagsOf(section, 'negation')).toMatchObject([{ text: 'chest pain', sentenceIndex: 0 }]);
  });

  it('a denial nobody made is flagged', async () => {
    const { section } = await write('Denies knee pain.');
    expect(flagsOf(section, 'negation')).toMatchObject([{ text: 'Denies knee pain' }]);
  });

  it('an added drug is flagged', async () => {
    const { section } = await write('Takes lisinopril 20 mg daily and metformin.');
    expect(flagsOf(section)).toMatchObject([{ kind: 'drug', text: 'metformin' }]);
  });

  it('reading answers carry them too: by_session, by_id and the section route', async () => {
    await write('Takes lisinopril 40 mg daily.');
    const bySession = subjectiveOf((await post(owner, '/documentation/by_session', { sessionId }).expect(200)).body.documentation);
    const byId = subjectiveOf(await current());
    const section = (await post(owner, '/session/documentation/section', { documentationId, sectionId: 'subjective' }).expect(200)).body.section;
    for (const s of [bySession, byId, section]) expect(s.flags).toMatchObject([{ kind: 'number', text: '40 mg' }]);
  });

  it('AI writes and restores answer with sentences and flags', async () => {
    const doc = await current();
    const regenerated = (await post(owner, '/session/regenerate_documentation_section', { documentationId, sectionId: 'plan', counter: doc.counter }).expect(200)).body;
    expect(regenerated.section).toHaveProperty('sentences');
    expect(regenerated.section).toHaveProperty('flags');
    const magic = (await post(owner, '/session/magic_edit_documentation', { documentationId, instruction: 'Use bullet points throughout', counter: regenerated.counter }).expect(200)).body.documentation;
    for (const s of magic.sections as DocumentationSection[]) {
      expect(s.sentences.every((sentence) => s.content.slice(sentence.start, sentence.end) === sentence.text)).toBe(true);
      expect(Array.isArray(s.flags)).toBe(true);
    }
    const versions = (await post(owner, '/session/documentation/section/versions', { documentationId, sectionId: 'subjective' }).expect(200)).body.versions;
    const restored = (await post(owner, '/session/documentation/section/restore', { documentationId, sectionId: 'subjective', versionId: versions[0].id, counter: magic.counter }).expect(200)).body;
    expect(restored.section.sentences.length).toBeGreaterThan(0);
    expect(restored.section).toHaveProperty('flags');
  });
});

describe('Confirming a flag', () => {
  const PLANTED = 'Takes lisinopril 40 mg daily for blood pressure.';

  it('needs the counter, sticks through edits elsewhere, and is dropped when its sentence changes', async () => {
    const { section, counter } = await write(`${PLANTED} Pain in the left knee.`);
    const [flag] = flagsOf(section, 'number');
    const body = { documentationId, sectionId: 'subjective', flagId: flag!.id };
    expect((await post(owner, '/session/documentation/confirm_fact', body).expect(400)).body.error.field).toBe('counter');
    expect((await post(owner, '/session/documentation/confirm_fact', { ...body, counter: counter - 1 }).expect(409)).body.error.field).toBe('counter');

    const confirmed = (await post(owner, '/session/documentation/confirm_fact', { ...body, counter }).expect(200)).body;
    expect(confirmed.counter).toBe(counter + 1);
    expect(flagsOf(confirmed.section, 'number')).toMatchObject([{ id: flag!.id, status: 'confirmed' }]);
    // A retry of the same confirmation (its answer lost) changes nothing.
    const again = (await post(owner, '/session/documentation/confirm_fact', { ...body, counter }).expect(200)).body;
    expect(again.counter).toBe(counter + 1);
    expect(subjectiveOf(await current()).flags).toMatchObject([{ id: flag!.id, status: 'confirmed' }]);

    // Another sentence edited: the same fact in the same sentence keeps its id and stays confirmed.
    const elsewhere = await write(`${PLANTED} Pain in the left knee since a fall.`);
    expect(flagsOf(elsewhere.section, 'number')).toMatchObject([{ id: flag!.id, status: 'confirmed' }]);

    // Its sentence edited: checked again; and put back, the confirmation is gone.
    const edited = await write('Takes lisinopril 40 mg each morning for blood pressure.');
    expect(flagsOf(edited.section, 'number')).toMatchObject([{ status: 'unresolved' }]);
    expect(flagsOf(edited.section, 'number')[0]!.id).not.toBe(flag!.id);
    const back = await write(PLANTED);
    expect(flagsOf(back.section, 'number')).toMatchObject([{ id: flag!.id, status: 'unresolved' }]);
  });

  it('a flag the section does not have is 404; a malformed one 400', async () => {
    const { counter } = await write(PLANTED);
    await post(owner, '/session/documentation/confirm_fact', { documentationId, sectionId: 'subjective', flagId: 'n-0123456789abcdef', counter }).expect(404);
    expect((await post(owner, '/session/documentation/confirm_fact', { documentationId, sectionId: 'subjective', flagId: 'nope', counter }).expect(400)).body.error.field).toBe('flagId');
    await post(owner, '/session/documentation/confirm_fact', { documentationId, sectionId: 'nope', flagId: 'n-0123456789abcdef', counter }).expect(404);
  });

  it("another user's documentation answers 404, and nothing is confirmed", async () => {
    const { section, counter } = await write(PLANTED);
    const flagId = flagsOf(section, 'number')[0]!.id;
    await post(stranger, '/session/documentation/confirm_fact', { documentationId, sectionId: 'subjective', flagId, counter }).expect(404);
    await post(stranger, '/documentation/by_id', { documentationId }).expect(404);
    const after = await current();
    expect(after.counter).toBe(counter);
    expect(subjectiveOf(after).flags).toMatchObject([{ id: flagId, status: 'unresolved' }]);
  });
});
