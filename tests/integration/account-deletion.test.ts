/**
 * After an account is deleted, nothing anywhere holds its uid: every collection and subcollection of
 * Firestore is scanned generically (ids and every field value), so a collection added later is checked
 * without touching this test, and no audio object is left under the user's folders. The one exception is
 * the audit trail, kept on purpose for six years (docs/privacy.md "Audit trail"): its entries stay, ids only.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { getStorage } from 'firebase-admin/storage';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../functions/src/firestore/collections.js';
import { adminApp, emulatorApi } from '../support/api-app.js';
import { fixtureBytes } from '../support/audio-fixtures.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { builtExport } from '../support/data-exports.js';
import { bearer, createSession, uploadAudio } from '../support/sessions.js';

const { app, db, auth, services } = emulatorApi();
const post = (user: TestUser, path: string, body: object) => request(app).post(`/api/v1${path}`).set(bearer(user)).send(body);

const sections = [{ title: 'Plan', instructions: 'Next steps.', format: 'paragraph' }];

/** Whether a Firestore value (of any depth) holds `needle` in a string or a reference's path. */
function holds(value: unknown, needle: string): boolean {
  if (typeof value === 'string') return value.includes(needle);
  if (Array.isArray(value)) return value.some((v) => holds(v, needle));
  if (value && typeof value === 'object') {
    if ('path' in value && typeof value.path === 'string' && value.path.includes(needle)) return true;
    return Object.entries(value).some(([k, v]) => k.includes(needle) || holds(v, needle));
  }
  return false;
}

/**
 * Every document path in the database whose id or data holds `needle`: all collections (or those named in
 * `within`), and all subcollections of every document (including documents that do not exist but have
 * subcollections).
 */
async function documentsHolding(firestore: Firestore, needle: string, { skipping = [], within }: { skipping?: readonly string[]; within?: readonly string[] } = {}): Promise<string[]> {
  const found: string[] = [];
  let collections = (await firestore.listCollections()).filter((c) => !skipping.includes(c.id) && (!within || within.includes(c.id)));
  while (collections.length > 0) {
    const refs: DocumentReference[] = (await Promise.all(collections.map((c) => c.listDocuments()))).flat();
    for (let i = 0; i < refs.length; i += 300) {
      const snaps = await firestore.getAll(...refs.slice(i, i + 300));
      for (const snap of snaps) if (snap.ref.path.includes(needle) || (snap.exists && holds(snap.data(), needle))) found.push(snap.ref.path);
    }
    const beneath: typeof collections = [];
    for (let i = 0; i < refs.length; i += 50) beneath.push(...(await Promise.all(refs.slice(i, i + 50).map((r) => r.listCollections()))).flat());
    collections = beneath;
  }
  return found;
}

/** Every stored audio object whose name holds `needle`, in the bucket the API stores audio in. */
async function audioObjectsHolding(needle: string): Promise<string[]> {
  const [files] = await getStorage(adminApp()).bucket().getFiles();
  return files.map((f) => f.name).filter((name) => name.includes(needle));
}

describe('DELETE /profile/:id leaves nothing of the user anywhere', () => {
  it('Sessions (documented, processing, uploads in progress), templates, library, shares, events, orphans and new collections: no document and no audio holds the uid', async () => {
    const leaving = await createTestUser({ displayName: 'Dr Leaving' });
    const other = await createTestUser({ displayName: 'Dr Staying' });
    const uid = leaving.uid;

    // Profile and subscription.
    await request(app).put('/api/v1/profile').set(bearer(leaving)).send({ displayName: 'Dr Leaving', specialty: 'Psychiatry' }).expect(200);
    await db.collection('subscriptions').doc(uid).set({ uid, plan: 'pro', status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false, stripeCustomerId: 'cus_test' });

    // A documented session (transcript, documentation) and one whose audio is complete (an audio_ready event).
    const documented = await post(leaving, '/creation', { patientName: 'Ana Patiño', templateId: 'soap', text: 'Doctor: How is the cough?\nPatient: Better since Monday.' }).expect(201);
    // Its chat, kept on the server (sessionChats).
    await post(leaving, '/session/chat_with_session', { sessionId: documented.body.session.id, question: 'How is the cough?' }).expect(200);
    const audio = await uploadAudio(app, leaving, fixtureBytes('dialogue.mp3'), 'visit.mp3').expect(201);
    const withAudio = await createSession(app, leaving, { audio_uri: audio.body.audio_uri as string });
    await post(leaving, '/session/process', { sessionId: withAudio.id });
    // Uploads in progress: one naming a draft session, one naming none.
    const draft = await createSession(app, leaving, { patientName: 'Jo Park' });
    const wav = fixtureBytes('dialogue.wav');
    await uploadAudio(app, leaving, wav.subarray(0, 40_000), 'rec.wav', { uploadId: randomUUID(), chunkIndex: 0, sessionId: draft.id }).expect(201);
    await uploadAudio(app, leaving, wav.subarray(0, 40_000), 'rec.wav', { uploadId: randomUUID(), chunkIndex: 0 }).expect(201);

    // Templates: one private, one published and shared (another user added both); one of another user's added.
    const template = (await post(leaving, '/template/upsert_template', { template: { name: 'Leaving template', sections } }).expect(200)).body.template;
    await post(leaving, '/template/upsert_template', { template: { name: 'Private draft', sections } }).expect(200);
    const published = (await post(leaving, '/template/published/publish', { templateId: template.id, description: 'Leaving the library' }).expect(200)).body.template;
    const { shareId } = (await post(leaving, '/template/share_template', { templateId: template.id }).expect(200)).body;
    await post(other, '/template/published/add_to_library', { publishedTemplateId: published.id }).expect(200);
    await post(other, '/template/published/add_to_library', { shareId }).expect(200);
    const othersTemplate = (await post(other, '/template/upsert_template', { template: { name: 'Staying template', sections } }).expect(200)).body.template;
    const othersEntry = (await post(other, '/template/published/publish', { templateId: othersTemplate.id, description: 'Staying in the library' }).expect(200)).body.template;
    await post(leaving, '/template/published/add_to_library', { publishedTemplateId: othersEntry.id }).expect(200);
    await post(leaving, '/template/published/report', { publishedTemplateId: othersEntry.id, reason: 'spam' }).expect(200);

    // "Download my data": a built export, its document and its ZIP in storage.
    const exported = (await post(leaving, '/export', {}).expect(202)).body.export as { id: string };
    expect((await builtExport(services, uid, exported.id)).status).toBe('ready');
    expect(await audioObjectsHolding(`exports/${exported.id}`)).toHaveLength(1);

    // What a session's deletion racing its pipeline left before that was fixed: data whose session is gone.
    const lost = `lost-${randomUUID()}`;
    await db.collection('transcripts').doc(lost).set({ sessionId: lost, ownerUid: uid, text: 'Patient: my chest hurts.', segments: [] });
    await db.collection('documentation').doc(lost).set({ id: lost, sessionId: lost, ownerUid: uid, sections: [] });
    await db.collection('pipelineEvents').doc(`audio-ready-${lost}`).set({ type: 'audio_ready', sessionId: lost, ownerUid: uid });
    // Collections this app does not have yet, following the convention (an owner field, or the uid as id).
    await db.collection('accountDeletionProbe').doc().set({ ownerUid: uid, note: 'a future feature' });
    await db.collection('accountDeletionProbeCounters').doc(uid).collection('windows').doc('w1').set({ count: 3 });

    // The scan finds the uid as a document's id, in a field, and beneath a document that does not exist. It is
    // proven here on the few collections that show each, not on the whole database: a full scan reads every
    // document the suite has written so far (past 30 s late in a full run), and the one after the deletion is
    // the one that matters.
    expect((await documentsHolding(db, uid, { within: ['subscriptions', 'accountDeletionProbe', 'accountDeletionProbeCounters'] })).sort()).toEqual(
      [`subscriptions/${uid}`, expect.stringMatching(/^accountDeletionProbe\//), `accountDeletionProbeCounters/${uid}`, `accountDeletionProbeCounters/${uid}/windows/w1`].sort(),
    );
    expect((await audioObjectsHolding(uid)).length).toBeGreaterThan(0);

    await request(app).delete(`/api/v1/profile/${uid}`).set(bearer(leaving)).expect(200);

    // Nothing holds the uid but the audit trail, which keeps every entry of the account (its deletion too).
    // The trail is read by its query, not scanned: every test of a run appends to it, and scanning it all
    // made this test's time grow with the whole suite's.
    expect(await documentsHolding(db, uid, { skipping: [COLLECTIONS.auditTrail] })).toEqual([]);
    const trail = (await db.collection(COLLECTIONS.auditTrail).where('actorUid', '==', uid).get()).docs.map((d) => d.data());
    expect(trail.map((e) => e['action'])).toEqual(expect.arrayContaining(['account.signed_in', 'account.profile_updated', 'ai.note_written', 'template.published', 'account.deleted']));
    expect(trail.map((e) => e['sessionId'])).toContain(draft.id);
    // Ids only: the patient's name, the note and the transcript went with the account.
    const kept = JSON.stringify(trail);
    for (const gone of ['Ana Patiño', 'Jo Park', 'cough', 'Dr Leaving', leaving.email]) expect(kept).not.toContain(gone);
    expect(await audioObjectsHolding(uid)).toEqual([]);
    await expect(auth.getUser(uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    // The other user's own things stay: their copy of the leaving user's template and their entry, which no
    // longer counts the leaving user's add.
    expect((await db.collection('templates').where('ownerUid', '==', other.uid).get()).size).toBe(3);
    expect((await db.collection('publishedTemplates').doc(othersEntry.id).get()).get('addCount')).toBe(0);
  }, 180_000);
});
