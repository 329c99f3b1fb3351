/**
 * Benchmark (not a test): 10,000 sessions for one clinician on the Firestore emulator, then the latency of
 * a patient-name search and of a list page, each next to a single-session read measured in the same run,
 * all through the real API (token check included). Prints medians, p95s and ratios, and the documents each
 * request reads (what Firestore bills, counted in the Admin SDK).
 * Run: npm run bench:sessions
 */
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { Timestamp } from 'firebase-admin/firestore';
import { searchTokens } from '../../functions/src/common/name-search.js';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser } from '../support/auth-users.js';
import { countFirestoreReads } from '../support/firestore-reads.js';

const SESSIONS = Number(process.env['BENCH_SESSIONS'] ?? 10_000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 60);
const FIRST = ['María', 'José', 'Ana', 'Luis', 'Chen', 'Fatima', 'Olga', 'Peter', 'Aisha', 'Tomás', 'Noah', 'Emma', 'Liam', 'Sofía', 'Yuki', 'Omar'];
const LAST = ['García', 'Smith', 'Nguyen', 'Müller', 'Kowalski', 'Okafor', 'Rossi', 'Haddad', 'Johansson', 'Patel', 'Dubois', 'Silva', 'Kim', 'Novak', 'Ibrahim', 'Santos'];

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

async function time(run: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) await run(); // warm-up
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

const { app, db } = emulatorApi();
const user = await createTestUser();
const auth = { Authorization: `Bearer ${user.idToken}` };

console.log(`bench: seeding ${SESSIONS} sessions for one user...`);
const seedStart = performance.now();
const base = Date.parse('2026-01-01T00:00:00Z');
let sampleId = '';
for (let offset = 0; offset < SESSIONS; offset += 500) {
  const batch = db.batch();
  for (let i = offset; i < Math.min(SESSIONS, offset + 500); i++) {
    const patientName = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;
    const ref = db.collection('sessions').doc();
    if (i === Math.floor(SESSIONS / 2)) sampleId = ref.id;
    const at = Timestamp.fromMillis(base + i * 60_000);
    batch.set(ref, {
      id: ref.id, ownerUid: user.uid, patientName, templateId: 'soap', language: 'en-US', title: patientName,
      audio_uri: null, audioDurationSec: null, audioUploadId: null, status: 'draft', error: null, documentationId: null,
      searchPrefixes: searchTokens(patientName), createdAt: at, updatedAt: at,
    });
  }
  await batch.commit();
}
console.log(`bench: seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

const read = await time(() => request(app).post('/api/v1/session/session').set(auth).send({ sessionId: sampleId }).expect(200));
const list = await time(() => request(app).post('/api/v1/session/sessions').set(auth).send({ limit: 20 }).expect(200));
let cursor: string | null = null;
const deepList = await time(async () => {
  const res = await request(app).post('/api/v1/session/sessions').set(auth).send({ limit: 20, ...(cursor ? { cursor } : {}) }).expect(200);
  cursor = res.body.nextCursor as string | null;
});
const search = await time(() => request(app).post('/api/v1/search/sessions_by_patient_name').set(auth).send({ query: 'garc', limit: 20 }).expect(200));
const search2 = await time(() => request(app).post('/api/v1/search/sessions_by_patient_name').set(auth).send({ query: 'maria garc', limit: 20 }).expect(200));

// Documents read per request: the searches a clinician types, common and rare words, one to three of them.
const reads = countFirestoreReads();
const searchCases = ['garc', 'maria', 'maria garc', 'garc maria', 'olga novak', 'tom sant 4', 'maria zzz', 'zzz'];
const readRows: string[] = [];
for (const query of searchCases) {
  let found = 0;
  const documents = await reads.during(async () => {
    const res = await request(app).post('/api/v1/search/sessions_by_patient_name').set(auth).send({ query, limit: 20 }).expect(200);
    found = (res.body.sessions as unknown[]).length;
  });
  readRows.push(`search ${JSON.stringify(query).padEnd(14)} (20)  found ${String(found).padStart(3)}   documents read ${String(documents).padStart(5)}`);
}
const listReads = await reads.during(() => request(app).post('/api/v1/session/sessions').set(auth).send({ limit: 20 }).expect(200));
reads.stop();

const row = (name: string, s: number[]) => {
  const median = percentile(s, 50);
  const p95 = percentile(s, 95);
  return `${name.padEnd(34)} median ${median.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   ×read median ${(median / percentile(read, 50)).toFixed(2)}`;
};
console.log(`\nbench: ${SESSIONS} sessions, ${ROUNDS} rounds each, Firestore emulator, through the API in-process`);
console.log(row('single-session read (baseline)', read));
console.log(row('list page (20, first page)', list));
console.log(row('list page (20, walking pages)', deepList));
console.log(row('search "garc" (20)', search));
console.log(row('search "maria garc" (20)', search2));
console.log(`\nbench: documents read per request (Firestore bills each; a page is 20)`);
console.log(`list page (20, first page)                   documents read ${String(listReads).padStart(5)}`);
for (const line of readRows) console.log(line);
process.exit(0);
