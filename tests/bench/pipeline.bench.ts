/**
 * Benchmark (not a test): from complete audio to ready documentation on the emulated stack (Functions
 * emulator trigger, AI emulator), for a 5-minute and a 60-minute session. The emulated recognizer returns
 * the bundled sample consultation cut to the audio's length, so the note is written from a transcript of
 * realistic size. Prints time per step, model calls and prompt/output tokens per note.
 * Run: npm run bench:pipeline
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { getFirestore } from 'firebase-admin/firestore';
import { adminApp } from '../support/api-app.js';
import { aiEmulatorControl } from '../support/ai-emulator.js';
import { createTestUser } from '../support/auth-users.js';

const API = process.env['CHARTA_API_URL'] ?? 'http://127.0.0.1:15001/demo-charta/us-central1/api';
const CHUNK = 7 * 1024 * 1024;
const ai = aiEmulatorControl(process.env['AI_EMULATOR_URL'] ?? 'http://127.0.0.1:19299');
const db = getFirestore(adminApp());
const user = await createTestUser();
const auth = { Authorization: `Bearer ${user.idToken}` };

/** Quiet room tone with a faint tone, encoded as a browser would (WebM/Opus), minutes long. */
function audioOf(minutes: number): Buffer {
  const file = join(mkdtempSync(join(tmpdir(), 'charta-bench-')), `${minutes}min.webm`);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=16000:duration=${minutes * 60}`, '-af', 'volume=0.05', '-c:a', 'libopus', '-b:a', '12k', '-f', 'webm', file]);
  return readFileSync(file);
}

async function run(minutes: number) {
  const audio = audioOf(minutes);
  const created = await request(API).post('/api/v1/session/create_session').set(auth).field('patientName', `Bench ${minutes}`).field('templateId', 'soap').expect(201);
  const sessionId = created.body.session.id as string;
  const uploadId = randomUUID();
  const chunks = Math.ceil(audio.length / CHUNK);
  const statsBefore = await ai.stats();
  let completeAt = 0;
  for (let i = 0; i < chunks; i++) {
    const res = await request(API)
      .post('/api/v1/session/upload_audio')
      .set(auth)
      .field('uploadId', uploadId)
      .field('chunkIndex', String(i))
      .field('final', String(i === chunks - 1))
      .field('sessionId', sessionId)
      .attach('file', audio.subarray(i * CHUNK, (i + 1) * CHUNK), 'bench.webm')
      .expect(201);
    if (res.body.complete) completeAt = performance.now();
  }
  for (;;) {
    const res = await request(API).post('/api/v1/session/session').set(auth).send({ sessionId }).expect(200);
    if (res.body.session.status === 'ready') break;
    if (res.body.session.status === 'failed') throw new Error(`pipeline failed: ${JSON.stringify(res.body.session.error)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const totalMs = performance.now() - completeAt;
  const doc = (await db.collection('documentation').doc(sessionId).get()).data() as { metrics: { transcribeMs: number; generateMs: number; modelCalls: number; promptTokens: number; outputTokens: number } };
  const transcript = (await db.collection('transcripts').doc(sessionId).get()).data() as { segments: unknown[]; durationSec: number };
  const statsAfter = await ai.stats();
  const m = doc.metrics;
  console.log(
    [
      `${String(minutes).padStart(2)}-minute session (${(audio.length / 1024 / 1024).toFixed(1)} MB audio, ${chunks} chunk(s), transcript ${transcript.segments.length} segments):`,
      `  audio complete → ready  ${totalMs.toFixed(0).padStart(6)} ms`,
      `    transcribe            ${m.transcribeMs.toFixed(0).padStart(6)} ms`,
      `    generate              ${m.generateMs.toFixed(0).padStart(6)} ms`,
      `    trigger + bookkeeping ${(totalMs - m.transcribeMs - m.generateMs).toFixed(0).padStart(6)} ms`,
      `  model calls per note    ${statsAfter.gemini.calls - statsBefore.gemini.calls} (recorded: ${m.modelCalls})`,
      `  tokens per note         prompt ${m.promptTokens}, output ${m.outputTokens}`,
    ].join('\n'),
  );
}

console.log('bench: pipeline on the emulated stack (Functions emulator trigger, AI emulator)\n');
await run(5);
await run(60);
process.exit(0);
