// AI edits are proposals (docs/api.md "Documentation"): with `propose: true` an AI action answers what it
// would write as a diff against the current text, saves nothing, and calls out the clinician's typing it
// removes; accepting saves it through the counter (a stale one is 409) and keeps the previous text as a version.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocumentationProposal } from '@charta/contract';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer } from '../support/sessions.js';

const { app } = emulatorApi();
const post = (user: TestUser, path: string, body: object) => request(app).post(`/api/v1${path}`).set(bearer(user)).send(body);

const NOTES = `Clinician: What brings you in today?
Patient: I have had a dry cough for three days and a mild fever last night.
Clinician: Your temperature is 37.4 and your lungs are clear when I listen.
Clinician: I think this is a viral infection. Plan: rest, fluids, and come back in one week if not better.`;
const PRESCRIPTION = 'Amoxicillin 500 mg three times daily for 7 days.';

interface Section { id: string; content: string; source: string }
interface Version { content: string; source: string; replacedBy: string; counter: number }

let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([createTestUser(), createTestUser()]);
});

async function newNote() {
  const res = await post(owner, '/creation', { patientName: 'Vera Sion', templateId: 'soap', text: NOTES }).expect(201);
  return res.body.documentation.id as string;
}
const docOf = async (documentationId: string) => (await post(owner, '/documentation/by_id', { documentationId }).expect(200)).body.documentation as { counter: number; sections: Section[] };
const sectionOf = async (documentationId: string, id: string) => (await docOf(documentationId)).sections.find((s) => s.id === id)!;
const versionsOf = async (documentationId: string, sectionId: string) =>
  (await post(owner, '/session/documentation/section/versions', { documentationId, sectionId }).expect(200)).body.versions as Version[];
/** The accept body of a proposal, as the app sends it. */
const acceptBody = (p: DocumentationProposal) => ({
  documentationId: p.documentationId,
  counter: p.counter,
  change: p.change,
  ...(p.instructions !== undefined ? { instructions: p.instructions } : {}),
  sections: p.sections.map((s) => ({ sectionId: s.sectionId, content: s.proposed, evidence: s.evidence })),
});

/** A note whose plan ends with a line the clinician typed (a prescription) under the AI's text. */
async function noteWithTypedPrescription() {
  const documentationId = await newNote();
  const generated = await sectionOf(documentationId, 'plan');
  const typed = `${generated.content}\n${PRESCRIPTION}`;
  const { counter } = (await post(owner, '/session/documentation/section/update_value', { documentationId, sectionId: 'plan', content: typed, counter: 1 }).expect(200)).body;
  return { documentationId, generated: generated.content, typed, counter: counter as number };
}

describe('AI edits as proposals', () => {
  it('A magic edit proposal saves nothing and calls out the typed line it removes; accepting saves it and keeps the typed text as a version', async () => {
    const { documentationId, typed, counter } = await noteWithTypedPrescription();
    const versionsBefore = await versionsOf(documentationId, 'plan');

    const proposal = (await post(owner, '/session/magic_edit_section', { documentationId, sectionId: 'plan', instruction: 'Make it shorter', counter, propose: true }).expect(200)).body
      .proposal as DocumentationProposal;
    expect(proposal).toMatchObject({ documentationId, counter, change: 'magic_edit_section' });
    const [plan] = proposal.sections;
    expect(plan).toMatchObject({ sectionId: 'plan', title: 'Plan', current: typed });
    expect(plan!.proposed).not.toContain('Amoxicillin');
    // The typed line is called out; the AI's own words are not.
    expect(plan!.removesTyped).toEqual([PRESCRIPTION]);
    expect(plan!.changes.filter((c) => c.typed).map((c) => c.text).join('')).toContain('Amoxicillin 500 mg');
    expect(plan!.changes.filter((c) => c.kind !== 'added').map((c) => c.text).join('')).toBe(typed);
    expect(plan!.changes.filter((c) => c.kind !== 'removed').map((c) => c.text).join('')).toBe(plan!.proposed);

    // Nothing was saved: same text, same counter, no version kept.
    const after = await docOf(documentationId);
    expect(after.counter).toBe(counter);
    expect(after.sections.find((s) => s.id === 'plan')).toMatchObject({ content: typed, source: 'clinician' });
    expect(await versionsOf(documentationId, 'plan')).toHaveLength(versionsBefore.length);

    const saved = (await post(owner, '/session/documentation/accept_proposal', acceptBody(proposal)).expect(200)).body.documentation as { counter: number; sections: Section[] };
    expect(saved.counter).toBe(counter + 1);
    expect(saved.sections.find((s) => s.id === 'plan')).toMatchObject({ content: plan!.proposed, source: 'magic_edit_section' });
    expect((await versionsOf(documentationId, 'plan'))[0]).toMatchObject({ content: typed, source: 'clinician', replacedBy: 'magic_edit_section', counter: counter + 1 });
  });

  it('Accepting a proposal after the note changed is 409 and saves nothing', async () => {
    const { documentationId, counter } = await noteWithTypedPrescription();
    const proposal = (await post(owner, '/session/magic_edit_section', { documentationId, sectionId: 'plan', instruction: 'Make it shorter', counter, propose: true }).expect(200)).body
      .proposal as DocumentationProposal;
    // Another tab saves the subjective section meanwhile.
    await post(owner, '/session/documentation/section/update_value', { documentationId, sectionId: 'subjective', content: 'Cough for three days.', counter }).expect(200);
    const before = await docOf(documentationId);

    const stale = await post(owner, '/session/documentation/accept_proposal', acceptBody(proposal)).expect(409);
    expect(stale.body.error).toMatchObject({ code: 'conflict', field: 'counter' });
    expect(await docOf(documentationId)).toEqual(before);
  });

  it('Regenerate and Customize propose over the clinician\'s text without asking first; an accepted customize keeps its instructions', async () => {
    const { documentationId, typed, counter } = await noteWithTypedPrescription();
    const regenerated = (await post(owner, '/session/regenerate_documentation_section', { documentationId, sectionId: 'plan', counter, propose: true }).expect(200)).body.proposal as DocumentationProposal;
    expect(regenerated.change).toBe('regenerate_section');
    expect(regenerated.sections[0]!.removesTyped).toContain(PRESCRIPTION);

    const customized = (await post(owner, '/session/customize_section', { documentationId, sectionId: 'plan', instructions: 'One line per step', counter, propose: true }).expect(200)).body
      .proposal as DocumentationProposal;
    expect(customized).toMatchObject({ change: 'customize_section', instructions: 'One line per step' });
    expect((await sectionOf(documentationId, 'plan')).content).toBe(typed);

    // The accept says which action it saves; its instructions go only with a customize.
    const body = acceptBody(customized);
    expect((await post(owner, '/session/documentation/accept_proposal', { ...body, change: 'magic_edit_section' }).expect(400)).body.error.field).toBe('instructions');
    expect((await post(owner, '/session/documentation/accept_proposal', { ...body, sections: [] }).expect(400)).body.error.field).toBe('sections');
    // Another clinician's note is not found, and nothing is saved.
    await post(stranger, '/session/documentation/accept_proposal', body).expect(404);
    expect((await docOf(documentationId)).counter).toBe(counter);

    const saved = (await post(owner, '/session/documentation/accept_proposal', body).expect(200)).body.documentation as { sections: Section[] };
    expect(saved.sections.find((s) => s.id === 'plan')).toMatchObject({ content: customized.sections[0]!.proposed, source: 'customize_section' });
    expect((await versionsOf(documentationId, 'plan'))[0]).toMatchObject({ content: typed, replacedBy: 'customize_section' });
  });

  it('A magic edit of the whole note proposes only the sections it changes, and accepting keeps each one\'s previous text', async () => {
    const documentationId = await newNote();
    const before = await docOf(documentationId);
    const proposal = (await post(owner, '/session/magic_edit_documentation', { documentationId, instruction: 'Use bullet points', counter: before.counter, propose: true }).expect(200)).body
      .proposal as DocumentationProposal;
    expect(proposal.change).toBe('magic_edit_note');
    expect(proposal.sections.length).toBeGreaterThan(0);
    for (const s of proposal.sections) {
      expect(s.current).toBe(before.sections.find((b) => b.id === s.sectionId)!.content);
      expect(s.proposed).not.toBe(s.current);
      // Nothing typed by the clinician in a note the AI wrote.
      expect(s.removesTyped).toEqual([]);
    }
    expect((await docOf(documentationId)).counter).toBe(before.counter);

    const saved = (await post(owner, '/session/documentation/accept_proposal', acceptBody(proposal)).expect(200)).body.documentation as { counter: number; sections: Section[] };
    for (const s of proposal.sections) {
      expect(saved.sections.find((x) => x.id === s.sectionId)).toMatchObject({ content: s.proposed, source: 'magic_edit_note' });
      expect((await versionsOf(documentationId, s.sectionId))[0]).toMatchObject({ content: s.current, replacedBy: 'magic_edit_note', counter: saved.counter });
    }
  });

  it('Regenerating the whole note proposes the sections it would change, calls out the typed line, and saves nothing until accepted', async () => {
    const { documentationId, typed, counter } = await noteWithTypedPrescription();
    const sessionId = documentationId; // a session's one documentation has the session's id
    const before = await docOf(documentationId);
    const proposal = (await post(owner, '/session/regenerate_documentation', { sessionId, counter, propose: true }).expect(200)).body.proposal as DocumentationProposal;
    expect(proposal.change).toBe('regenerate_note');
    expect(proposal.counter).toBe(counter);
    // The emulator writes the same note again: only the section the clinician typed in changes.
    expect(proposal.sections.map((s) => s.sectionId)).toEqual(['plan']);
    expect(proposal.sections[0]).toMatchObject({ current: typed });
    expect(proposal.sections[0]!.removesTyped).toContain(PRESCRIPTION);
    expect(await docOf(documentationId)).toEqual(before);

    // A proposal keeps the note's template; a stale counter and a stranger get nothing.
    expect((await post(owner, '/session/regenerate_documentation', { sessionId, counter, propose: true, templateId: 'progress-note' }).expect(400)).body.error.field).toBe('templateId');
    expect((await post(owner, '/session/regenerate_documentation', { sessionId, counter: counter - 1, propose: true }).expect(409)).body.error.field).toBe('counter');
    await post(stranger, '/session/regenerate_documentation', { sessionId, counter, propose: true }).expect(404);

    const saved = (await post(owner, '/session/documentation/accept_proposal', acceptBody(proposal)).expect(200)).body.documentation as { counter: number; sections: Section[] };
    expect(saved.sections.find((s) => s.id === 'plan')).toMatchObject({ content: proposal.sections[0]!.proposed, source: 'regenerate_note' });
    expect((await versionsOf(documentationId, 'plan'))[0]).toMatchObject({ content: typed, source: 'clinician', replacedBy: 'regenerate_note', counter: saved.counter });
  });
});
