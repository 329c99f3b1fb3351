// No edit is ever lost: every write that replaces a section's text keeps the text before it (a version per
// section, on the server), AI actions that would throw away the clinician's text ask first (409), a version
// can be restored through the counter, and a note can be marked done.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { SECTION_VERSION_LIMITS } from '@charta/contract';
import { emulatorApi } from '../support/api-app.js';
import { SessionRepo } from '../../functions/src/sessions/session-repo.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer } from '../support/sessions.js';

const { app, db } = emulatorApi();
const post = (user: TestUser, path: string, body: object) => request(app).post(`/api/v1${path}`).set(bearer(user)).send(body);

const NOTES = `Clinician: What brings you in today?
Patient: I have had a dry cough for three days and a mild fever last night.
Clinician: Your temperature is 37.4 and your lungs are clear when I listen.
Clinician: I think this is a viral infection. Plan: rest, fluids, and come back in one week if not better.`;

interface Section { id: string; content: string; source: string }
interface Version { id: string; sectionId: string; content: string; source: string; replacedBy: string; counter: number }

let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([createTestUser(), createTestUser()]);
});

async function newNote() {
  const res = await post(owner, '/creation', { patientName: 'Vera Sion', templateId: 'soap', text: NOTES }).expect(201);
  return { documentationId: res.body.documentation.id as string, sessionId: res.body.session.id as string };
}
const docOf = async (documentationId: string) => (await post(owner, '/documentation/by_id', { documentationId }).expect(200)).body.documentation as { counter: number; sections: Section[] };
const sectionOf = async (documentationId: string, id: string) => (await docOf(documentationId)).sections.find((s) => s.id === id)!;
const versionsOf = async (documentationId: string, sectionId: string) =>
  (await post(owner, '/session/documentation/section/versions', { documentationId, sectionId }).expect(200)).body.versions as Version[];
/** A write sent with the note's counter as it is now (every write to documentation must carry one). */
const current = async (documentationId: string, body: object) => ({ documentationId, ...body, counter: (await docOf(documentationId)).counter });
/** The clinician's save of one section, from one tab (its editorId), answered 200. */
const saveSection = async (documentationId: string, sectionId: string, content: string, editorId = 'tab-aaaaaaaa') =>
  post(owner, '/session/documentation/section/update_value', await current(documentationId, { sectionId, content, editorId })).expect(200);

describe('Section versions', () => {
  it('A regenerate over the clinician\'s text asks first (409), then keeps it as a version that restores through the counter', async () => {
    const { documentationId } = await newNote();
    const generated = await sectionOf(documentationId, 'plan');
    expect(generated.source).toBe('generated');
    const saved = (await post(owner, '/session/documentation/section/update_value', { documentationId, sectionId: 'plan', content: 'My own plan.', counter: 1 }).expect(200)).body;
    expect(saved.section).toMatchObject({ content: 'My own plan.', source: 'clinician' });

    const asked = await post(owner, '/session/regenerate_documentation_section', { documentationId, sectionId: 'plan', counter: saved.counter }).expect(409);
    expect(asked.body.error).toMatchObject({ code: 'replaces_edited_text', field: 'confirmReplaceEdited' });
    expect((await sectionOf(documentationId, 'plan')).content).toBe('My own plan.');
    expect((await post(owner, '/session/customize_section', await current(documentationId, { sectionId: 'plan', instructions: 'Shorter' })).expect(409)).body.error.code).toBe('replaces_edited_text');

    const regenerated = (await post(owner, '/session/regenerate_documentation_section', { documentationId, sectionId: 'plan', counter: saved.counter, confirmReplaceEdited: true }).expect(200)).body;
    expect(regenerated.section.source).toBe('regenerate_section');
    expect(regenerated.section.content).not.toBe('My own plan.');

    const versions = await versionsOf(documentationId, 'plan');
    expect(versions.map((v) => [v.content, v.source, v.replacedBy])).toEqual([
      ['My own plan.', 'clinician', 'regenerate_section'],
      [generated.content, 'generated', 'clinician'],
    ]);
    expect(versions[0]!.counter).toBe(regenerated.counter);

    // Restoring goes through the counter: a stale one is 409 and changes nothing.
    const stale = await post(owner, '/session/documentation/section/restore', { documentationId, sectionId: 'plan', versionId: versions[0]!.id, counter: saved.counter }).expect(409);
    expect(stale.body.error).toMatchObject({ code: 'conflict', field: 'counter' });
    const restored = (await post(owner, '/session/documentation/section/restore', { documentationId, sectionId: 'plan', versionId: versions[0]!.id, counter: regenerated.counter }).expect(200)).body;
    expect(restored).toMatchObject({ counter: regenerated.counter + 1, section: { content: 'My own plan.', source: 'clinician' } });
    // The text the restore replaced is kept in turn, so the restore itself can be undone.
    const after = await versionsOf(documentationId, 'plan');
    expect(after[0]).toMatchObject({ content: regenerated.section.content, source: 'regenerate_section', replacedBy: 'restore' });
  });

  it('Magic edits work from the clinician\'s text without asking, and keep the text before them', async () => {
    const { documentationId } = await newNote();
    await saveSection(documentationId, 'plan', 'Rest and fluids.');
    const edited = (await post(owner, '/session/magic_edit_section', await current(documentationId, { sectionId: 'plan', instruction: 'Add that the patient should avoid smoking' })).expect(200)).body;
    expect(edited.section.source).toBe('magic_edit_section');
    expect((await versionsOf(documentationId, 'plan'))[0]).toMatchObject({ content: 'Rest and fluids.', source: 'clinician', replacedBy: 'magic_edit_section' });
    const note = (await post(owner, '/session/magic_edit_documentation', await current(documentationId, { instruction: 'Use bullet points throughout' })).expect(200)).body.documentation;
    const subjective = note.sections.find((s: Section) => s.id === 'subjective');
    expect(subjective.source).toBe('magic_edit_note');
    expect((await versionsOf(documentationId, 'subjective'))[0]).toMatchObject({ source: 'generated', replacedBy: 'magic_edit_note', counter: note.counter });
  });

  it('Regenerating the whole note asks when any section holds the clinician\'s text, and keeps every section it replaces', async () => {
    const { documentationId, sessionId } = await newNote();
    const before = await docOf(documentationId);
    await saveSection(documentationId, 'assessment', 'Viral URTI.');
    const { counter } = await docOf(documentationId);
    const asked = await post(owner, '/session/regenerate_documentation', { sessionId, counter }).expect(409);
    expect(asked.body.error).toMatchObject({ code: 'replaces_edited_text', field: 'confirmReplaceEdited' });
    expect(asked.body.error.message).toContain('Assessment');
    const note = (await post(owner, '/session/regenerate_documentation', { sessionId, templateId: 'progress-note', confirmReplaceEdited: true, counter }).expect(200)).body.documentation;
    expect(note.templateId).toBe('progress-note');
    // The SOAP sections the progress note drops or rewrites are gone from the note, their texts are not
    // (a section written again word for word keeps no version).
    const kept = await db.collection('documentation').doc(documentationId).collection('versions').where('replacedBy', '==', 'regenerate_note').get();
    const changed = before.sections.filter((s) => note.sections.find((n: Section) => n.id === s.id)?.content !== (s.id === 'assessment' ? 'Viral URTI.' : s.content));
    expect(kept.docs.map((d) => d.get('sectionId')).sort()).toEqual(changed.map((s) => s.id).sort());
    expect(changed.map((s) => s.id)).toEqual(expect.arrayContaining(['subjective', 'objective', 'assessment']));
    expect(kept.docs.find((d) => d.get('sectionId') === 'assessment')!.get('content')).toBe('Viral URTI.');
  });

  it('Autosaves in one sitting (one tab) are one version: the text before the clinician started typing', async () => {
    const { documentationId } = await newNote();
    const generated = await sectionOf(documentationId, 'objective');
    for (const content of ['T', 'Te', 'Temp 37.4']) await saveSection(documentationId, 'objective', content);
    const versions = await versionsOf(documentationId, 'objective');
    expect(versions.map((v) => v.content)).toEqual([generated.content]);
  });

  it('Two tabs: a save over the other tab\'s recent text keeps that text as a version', async () => {
    const { documentationId } = await newNote();
    await saveSection(documentationId, 'plan', 'Amoxicillin 500 mg three times a day for 7 days.', 'tab-one-111111');
    // The second tab met a 409, and the clinician chose "Overwrite with mine": sent with the new counter.
    await saveSection(documentationId, 'plan', 'Rest and fluids.', 'tab-two-222222');
    const versions = await versionsOf(documentationId, 'plan');
    expect(versions[0]).toMatchObject({ content: 'Amoxicillin 500 mg three times a day for 7 days.', source: 'clinician', replacedBy: 'clinician' });
    // And back: the first tab's next save keeps the second tab's text too.
    await saveSection(documentationId, 'plan', 'Amoxicillin, rest and fluids.', 'tab-one-111111');
    expect((await versionsOf(documentationId, 'plan'))[0]).toMatchObject({ content: 'Rest and fluids.', replacedBy: 'clinician' });
  });

  it('A save that names no tab keeps the text it replaces, however recent', async () => {
    const { documentationId } = await newNote();
    await saveSection(documentationId, 'plan', 'First.');
    await post(owner, '/session/documentation/section/update_value', await current(documentationId, { sectionId: 'plan', content: 'Second.' })).expect(200);
    expect((await versionsOf(documentationId, 'plan'))[0]).toMatchObject({ content: 'First.' });
  });

  it('A regenerate while a pipeline run writes the note from new audio: 409, the run is left to finish', async () => {
    const { documentationId, sessionId } = await newNote();
    const { counter } = await docOf(documentationId);
    const repo = new SessionRepo(db);
    await repo.runTransaction(async (tx) => {
      const session = (await repo.find(sessionId, tx))!;
      repo.saveTransition(tx, { ...session, status: 'transcribing', processingRunId: 'a-run', processingLeaseUntil: new Date(Date.now() + 60_000).toISOString() });
    });
    const refused = await post(owner, '/session/regenerate_documentation', { sessionId, counter, confirmReplaceEdited: true }).expect(409);
    expect(refused.body.error).toMatchObject({ code: 'conflict', field: 'sessionId' });
    expect((await db.collection('sessions').doc(sessionId).get()).get('status')).toBe('transcribing');
  });

  it('Every write to documentation must carry the counter: 400 naming it, nothing changed', async () => {
    const { documentationId, sessionId } = await newNote();
    const before = await docOf(documentationId);
    const writes: [string, object][] = [
      ['/session/documentation/section/update_value', { documentationId, sectionId: 'plan', content: 'x' }],
      ['/session/regenerate_documentation_section', { documentationId, sectionId: 'plan' }],
      ['/session/customize_section', { documentationId, sectionId: 'plan', instructions: 'Shorter' }],
      ['/session/magic_edit_section', { documentationId, sectionId: 'plan', instruction: 'Shorter' }],
      ['/session/magic_edit_documentation', { documentationId, instruction: 'Shorter' }],
      ['/session/documentation/section/restore', { documentationId, sectionId: 'plan', versionId: 'any-version' }],
      // The whole note again, over a note that exists.
      ['/session/regenerate_documentation', { sessionId }],
    ];
    for (const [path, body] of writes) {
      const res = await post(owner, path, body).expect(400);
      expect(res.body.error, path).toMatchObject({ code: 'invalid_argument', field: 'counter' });
    }
    expect(await docOf(documentationId)).toEqual(before);
  });

  it(`Keeps at most ${SECTION_VERSION_LIMITS.perSection} versions per section, dropping the oldest`, async () => {
    const { documentationId } = await newNote();
    const versions = db.collection('documentation').doc(documentationId).collection('versions');
    const old = { ownerUid: owner.uid, documentationId, sectionId: 'plan', content: 'old', evidence: [], source: 'generated', writtenAt: '2026-01-01T00:00:00.000Z', replacedBy: 'clinician', replacedAt: '2026-01-01T00:00:00.000Z', counter: 0 };
    await Promise.all(Array.from({ length: SECTION_VERSION_LIMITS.perSection + 5 }, (_, i) => versions.doc(`old-${i}`).set({ ...old, id: `old-${i}` })));
    await post(owner, '/session/magic_edit_section', await current(documentationId, { sectionId: 'plan', instruction: 'Shorter' })).expect(200);
    expect((await versions.where('sectionId', '==', 'plan').count().get()).data().count).toBe(SECTION_VERSION_LIMITS.perSection);
    const listed = await versionsOf(documentationId, 'plan');
    expect(listed).toHaveLength(SECTION_VERSION_LIMITS.perSection);
    expect(listed[0]!.replacedBy).toBe('magic_edit_section');
  });

  it('Strangers get 404; a version of another section or documentation is 404; bad input is 400', async () => {
    const { documentationId } = await newNote();
    await saveSection(documentationId, 'plan', 'Mine.');
    const [version] = await versionsOf(documentationId, 'plan');
    const { counter } = await docOf(documentationId);
    await post(stranger, '/session/documentation/section/versions', { documentationId, sectionId: 'plan' }).expect(404);
    await post(stranger, '/session/documentation/section/restore', { documentationId, sectionId: 'plan', versionId: version!.id, counter }).expect(404);
    await post(owner, '/session/documentation/section/restore', { documentationId, sectionId: 'assessment', versionId: version!.id, counter }).expect(404);
    await post(owner, '/session/documentation/section/versions', { documentationId, sectionId: 'nope' }).expect(404);
    expect((await post(owner, '/session/documentation/section/restore', { documentationId, sectionId: 'plan', versionId: version!.id }).expect(400)).body.error.field).toBe('counter');
    expect((await post(owner, '/session/regenerate_documentation_section', { documentationId, sectionId: 'plan', confirmReplaceEdited: 'yes', counter }).expect(400)).body.error.field).toBe('confirmReplaceEdited');
  });

  it('Deleting the session deletes its versions', async () => {
    const { documentationId, sessionId } = await newNote();
    await saveSection(documentationId, 'plan', 'To be deleted.');
    const versions = db.collection('documentation').doc(documentationId).collection('versions');
    expect((await versions.get()).size).toBe(1);
    expect((await versions.get()).docs[0]!.get('ownerUid')).toBe(owner.uid);
    await post(owner, '/session/delete', { sessionId }).expect(200);
    expect((await versions.get()).size).toBe(0);
  });
});

describe('POST /session/mark_done', () => {
  it('Marks the note done (kept in the list), keeps the first time, and undoes; strangers 404', async () => {
    const { sessionId, documentationId } = await newNote();
    const done = (await post(owner, '/session/mark_done', { sessionId, done: true }).expect(200)).body.session;
    expect(Date.parse(done.doneAt)).not.toBeNaN();
    expect((await post(owner, '/session/mark_done', { sessionId, done: true }).expect(200)).body.session.doneAt).toBe(done.doneAt);
    const listed = (await post(owner, '/session/sessions', {}).expect(200)).body.sessions.find((s: { id: string }) => s.id === sessionId);
    expect(listed.doneAt).toBe(done.doneAt);
    // A done note may still be edited (the app asks first); it stays done.
    await saveSection(documentationId, 'plan', 'Amended.');
    expect((await post(owner, '/session/session', { sessionId }).expect(200)).body.session.doneAt).toBe(done.doneAt);
    expect((await post(owner, '/session/mark_done', { sessionId, done: false }).expect(200)).body.session.doneAt).toBeNull();
    await post(stranger, '/session/mark_done', { sessionId, done: true }).expect(404);
    expect((await post(owner, '/session/mark_done', { sessionId }).expect(400)).body.error.field).toBe('done');
  });

  it('A session without documentation cannot be done', async () => {
    const created = (await post(owner, '/session/create_session', { patientName: 'No Note', templateId: 'soap' }).expect(201)).body.session;
    expect((await post(owner, '/session/mark_done', { sessionId: created.id, done: true }).expect(409)).body.error.code).toBe('conflict');
  });
});
