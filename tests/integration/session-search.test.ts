// Patient-name search through the API: names whose letters do not decompose (ł, ø, ß ...), apostrophes,
// hyphens and invisible characters are found by what a clinician types; and what a search costs in
// Firestore (documents read) stays near the page size for one word and for several.
import request from 'supertest';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchTokens } from '../../functions/src/common/name-search.js';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { countFirestoreReads } from '../support/firestore-reads.js';
import { bearer, createSession } from '../support/sessions.js';

const { app, db } = emulatorApi();
const post = (user: TestUser, path: string, body: unknown) => request(app).post(`/api/v1${path}`).set(bearer(user)).send(body as object);
const search = async (user: TestUser, query: string, limit = 20) =>
  ((await post(user, '/search/sessions_by_patient_name', { query, limit }).expect(200)).body.sessions as { id: string }[]).map((s) => s.id);

let stranger: TestUser;
beforeAll(async () => {
  stranger = await createTestUser();
});

describe('POST /search/sessions_by_patient_name: what a clinician types', () => {
  it.each([
    ['Łukasz Wołek', ['lukasz', 'luk', 'wolek', 'lukasz wolek', 'wol luk']],
    ['Søren Ødegård', ['soren', 'odegard', 'soren ode']],
    ['Anna Straße', ['strasse', 'strass anna']],
    ['Đorđe Þórsson', ['dorde', 'thorsson']],
    ['Æsa Œhlenschläger', ['aesa', 'oehlenschlager']],
    ['Işıl Yılmaz', ['isil', 'yilmaz', 'ışıl']],
    ["Mary O'Neil", ['oneil', "o'neil", 'o’neil', 'neil', 'mary oneil']],
    ['Mary O’Neil', ['oneil', "o'neil", 'neil']],
    ['Ann Smith-Jones', ['smith jones', 'smithjones', 'smith-jones', 'smith', 'jones', 'ann jones']],
    ['Jo\u200Bhn Do\u00ADe\uFEFF \u200EKarl\u200F', ['john', 'doe', 'john doe', 'karl']],
  ])('%j is found by %j; not by another user', async (patientName, queries) => {
    const user = await createTestUser();
    const session = await createSession(app, user, { patientName });
    await createSession(app, user, { patientName: 'Peter Lopez' });
    for (const query of queries) expect(await search(user, query), query).toEqual([session.id]);
    expect(await search(stranger, queries[0]!)).toEqual([]);
  });

  it('a renamed session is found by its new name only', async () => {
    const user = await createTestUser();
    const session = await createSession(app, user, { patientName: 'Ana Lopez' });
    await post(user, '/session/update', { sessionId: session.id, patientName: 'Bjørn Ødegård-Æsir' }).expect(200);
    expect(await search(user, 'bjorn')).toEqual([session.id]);
    expect(await search(user, 'aesir bjorn')).toEqual([session.id]);
    expect(await search(user, 'lopez')).toEqual([]);
  });
});

describe('POST /search/sessions_by_patient_name: documents read', () => {
  // One clinician with many sessions sharing first names and surnames, stored as the API stores them.
  const FIRST = ['Maria', 'Jose', 'Ana', 'Luis'];
  const LAST = ['Garcia', 'Smith', 'Nguyen', 'Novak', 'Rossi'];
  const SESSIONS = 400;
  let user: TestUser;

  beforeAll(async () => {
    user = await createTestUser();
    const batch = db.batch();
    for (let i = 0; i < SESSIONS; i++) {
      const patientName = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
      const ref = db.collection('sessions').doc();
      const at = Timestamp.fromMillis(Date.parse('2026-01-01T00:00:00Z') + i * 60_000);
      batch.set(ref, {
        id: ref.id, ownerUid: user.uid, patientName, templateId: 'soap', language: 'en-US', title: patientName, audio_uri: null,
        audioDurationSec: null, audioUploadId: null, status: 'draft', error: null, documentationId: null,
        searchPrefixes: searchTokens(patientName), createdAt: at, updatedAt: at,
      });
    }
    await batch.commit();
  });

  it.each([
    ['maria', 20, 20],
    ['maria garc', 20, 20],
    ['garcia maria', 20, 20],
    ['ana novak', 5, 5],
    ['maria zzz', 20, 0],
    ['mar gar smi', 20, 0],
  ])('%j (limit %i) finds %i and reads about one page', async (query, limit, expected) => {
    const reads = countFirestoreReads();
    try {
      const found = await search(user, query, limit);
      expect(found).toHaveLength(expected);
      // A page, the one extra document that says whether more follow (or one read for an empty answer), and the
      // caller's clinic membership, which every signed-in request reads for its clinic's sign-in policy
      // (docs/clinics.md "Policies": read per request, so a change counts at once).
      expect(reads.count).toBeLessThanOrEqual(limit + 2);
    } finally {
      reads.stop();
    }
  });
});
