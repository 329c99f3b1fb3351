/**
 * Benchmark (not a test): the wait after Stop, with the offline engine (pocketsphinx) on the emulated stack
 * (the Functions emulator's API and pipeline trigger, the AI emulator writing the note). For recordings of
 * 5, 30 and 60 minutes of speech that sounds like a consultation (tests/support/consultation-speech.ts), in
 * the same run:
 * - LIVE: the recording sent as the web app sends it while recording (WebM/Opus chunks of 2 s naming the
 *   session, one request at a time) at BENCH_PACE times the pace it was recorded, so the trigger transcribes
 *   windows as they arrive; then the time from the final chunk to `ready`, the note's model call apart, and
 *   how far behind the voice the windows' text came (their lag) to show the engine keeps up at that pace;
 * - AFTER THE FACT: the same audio uploaded as a file (7 MB parts, as the web app uploads one) to a new
 *   session: the time from the upload's completion to `ready`, and its transcription's.
 * Then per recording: windows made live and at the end, pipeline runs (hand-overs), word error rates, as a
 * table. Goal (issue 20): final chunk → ready within 20 s at every length.
 * Run: npm run bench:pipeline (the whole stack, TRANSCRIBER=pocketsphinx), or on a stack already up:
 * npx tsx tests/bench/pipeline.bench.ts [minutes...]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { AUDIO_UPLOAD_LIMITS } from '@charta/contract';
import { getFirestore, type DocumentSnapshot, type QuerySnapshot } from 'firebase-admin/firestore';
import { adminApp } from '../support/api-app.js';
import { createTestUser } from '../support/auth-users.js';
import { browserWebm, consultationOf, timesliceChunks, wordsOf } from '../support/consultation-speech.js';
import { wordErrors } from '../support/word-error-rate.js';
import { consultationArgs } from './consultation-args.js';

const API = process.env['CHARTA_API_URL'];
if (!API) throw new Error('CHARTA_API_URL (the Functions emulator\'s api function) is not set: run `npm run bench:pipeline`.');
/** How many times faster than it was recorded the live recording is sent (1: as recorded). */
const PACE = Number(process.env['BENCH_PACE'] ?? 1);
if (!(PACE >= 1)) throw new Error('BENCH_PACE must be 1 or more');
const CHUNK_MS = 2000;
/** What the web app puts in one request of a file upload (web/src/features/record/api/upload-audio.ts). */
const FILE_PART_BYTES = AUDIO_UPLOAD_LIMITS.requestBytes - 1024 * 1024;
const GOAL_MS = 20_000;

const db = getFirestore(adminApp());
const user = await createTestUser();
const dir = mkdtempSync(join(tmpdir(), 'charta-bench-pipeline-'));
const now = () => performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function post(path: string, body: FormData | object): Promise<Record<string, unknown>> {
  const form = body instanceof FormData;
  const res = await fetch(`${API}/api/v1${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.idToken}`, ...(form ? {} : { 'content-type': 'application/json' }) },
    body: form ? body : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

async function newSession(label: string): Promise<string> {
  const form = new FormData();
  form.set('patientName', `Bench ${label}`);
  form.set('templateId', 'soap');
  // The patient's consent, which the default setting asks for before any audio (docs/privacy.md "Consent").
  form.set('consent', 'verbal');
  return ((await post('/session/create_session', form))['session'] as { id: string }).id;
}

async function sendPart(part: { sessionId: string; uploadId: string; index: number; final: boolean; data: Buffer }): Promise<{ complete: boolean }> {
  const form = new FormData();
  form.set('name', 'recording.webm');
  form.set('uploadId', part.uploadId);
  form.set('chunkIndex', String(part.index));
  form.set('final', String(part.final));
  form.set('sessionId', part.sessionId);
  form.set('file', new Blob([new Uint8Array(part.data)], { type: 'audio/webm' }), 'recording.webm');
  return (await post('/session/upload_audio', form)) as { complete: boolean };
}

/** When the session first reached each status (Firestore pushes every change to the listener). */
function watchSession(sessionId: string) {
  const firstAt = new Map<string, number>();
  let error: unknown = null;
  const waiters: (() => void)[] = [];
  const stop = db
    .collection('sessions')
    .doc(sessionId)
    .onSnapshot((snap: DocumentSnapshot) => {
      const data = snap.data();
      const status = data?.['status'] as string | undefined;
      if (status && !firstAt.has(status)) firstAt.set(status, now());
      if (status === 'failed') error = data?.['error'];
      waiters.splice(0).forEach((w) => w());
    });
  return {
    firstAt,
    /** Resolves at `ready`; throws at `failed` or after `timeoutMs`. */
    async ready(timeoutMs: number): Promise<number> {
      const deadline = now() + timeoutMs;
      for (;;) {
        if (firstAt.has('ready')) return firstAt.get('ready')!;
        if (error) throw new Error(`the session failed: ${JSON.stringify(error)}`);
        if (now() > deadline) throw new Error(`not ready after ${Math.round(timeoutMs / 1000)} s (statuses: ${[...firstAt.keys()].join(' → ')})`);
        await Promise.race([new Promise<void>((r) => waiters.push(r)), sleep(1000)]);
      }
    },
    stop,
  };
}

interface WindowSeen {
  index: number;
  startMs: number;
  endMs: number;
  doneAt: number | null;
  processingMs: number | null;
}

/** Every window of the upload as the workers store it (they are deleted once the transcript is stored). */
function watchWindows(uploadId: string) {
  const windows = new Map<number, WindowSeen>();
  const stop = db
    .collection('audioUploads')
    .doc(uploadId)
    .collection('windows')
    .onSnapshot((snap: QuerySnapshot) => {
      const at = now();
      for (const change of snap.docChanges()) {
        if (change.type === 'removed') continue;
        const w = change.doc.data() as { index: number; startMs: number; endMs: number; status: string; processingMs: number | null };
        const seen = windows.get(w.index) ?? { index: w.index, startMs: w.startMs, endMs: w.endMs, doneAt: null, processingMs: null };
        if (w.status === 'done' && seen.doneAt === null) Object.assign(seen, { doneAt: at, processingMs: w.processingMs });
        windows.set(w.index, seen);
      }
    });
  return { windows, stop };
}

/** Who held the upload's windows, and from when: a live worker (`live-…`) or a pipeline run. */
function watchHolders(uploadId: string) {
  const holds: { holder: string; at: number }[] = [];
  const stop = db
    .collection('audioUploads')
    .doc(uploadId)
    .collection('transcription')
    .doc('plan')
    .onSnapshot((snap: DocumentSnapshot) => {
      const holder = (snap.data()?.['holder'] as string | null | undefined) ?? null;
      if (holder && holds.at(-1)?.holder !== holder) holds.push({ holder, at: now() });
    });
  return { holds, stop };
}

async function runsOf(sessionId: string): Promise<number> {
  const handovers = await db.collection('pipelineEvents').where('sessionId', '==', sessionId).where('type', '==', 'continue_requested').count().get();
  return 1 + handovers.data().count;
}

async function outcomeOf(sessionId: string, reference: string[]) {
  const [doc, transcript] = await Promise.all([db.collection('documentation').doc(sessionId).get(), db.collection('transcripts').doc(sessionId).get()]);
  const metrics = doc.data()?.['metrics'] as { generateMs: number; transcribeMs: number | null };
  const segments = (transcript.data()?.['segments'] ?? []) as { text: string }[];
  return { generateMs: metrics.generateMs, engineMs: metrics.transcribeMs ?? 0, wer: wordErrors(reference, segments.flatMap((s) => wordsOf(s.text))).rate, runs: await runsOf(sessionId) };
}

const quantile = (values: number[], q: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const sec = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(1) : '–');

/** The recording sent chunk by chunk as it is recorded (PACE times faster), then Stop. */
async function live(minutes: number, chunks: Buffer[], durationMs: number, reference: string[]) {
  const sessionId = await newSession(`${minutes} min live`);
  const uploadId = randomUUID();
  const session = watchSession(sessionId);
  const windows = watchWindows(uploadId);
  const holders = watchHolders(uploadId);
  const startedAt = now();
  /** When the audio at `ms` into the recording was spoken (wall clock of this run). */
  const spokenAt = (ms: number) => startedAt + ms / PACE;
  let latestSendMs = 0;
  let slowestRequestMs = 0;
  let finalSentAt = 0;
  let finalAnsweredAt = 0;
  for (let i = 0; i < chunks.length; i++) {
    const final = i === chunks.length - 1;
    // A chunk leaves when its 2 s have been recorded (the last one at Stop, when the audio ends).
    const due = spokenAt(final ? durationMs : (i + 1) * CHUNK_MS);
    await sleep(due - now());
    const sentAt = now();
    latestSendMs = Math.max(latestSendMs, sentAt - due);
    if (final) finalSentAt = sentAt;
    await sendPart({ sessionId, uploadId, index: i, final, data: chunks[i]! });
    slowestRequestMs = Math.max(slowestRequestMs, now() - sentAt);
    if (final) finalAnsweredAt = now();
  }
  const readyAt = await session.ready(30 * 60_000);
  // The last writes of the windows' listener come before the transcript that deletes them.
  const all = [...windows.windows.values()].sort((a, b) => a.index - b.index);
  [session, windows, holders].forEach((w) => w.stop());
  const done = (w: WindowSeen) => w.doneAt !== null;
  const liveWindows = all.filter((w) => done(w) && w.doneAt! <= finalSentAt);
  const lags = liveWindows.map((w) => w.doneAt! - spokenAt(w.endMs));
  const lastQuarter = liveWindows.filter((w) => w.endMs >= durationMs * 0.75).map((w) => w.doneAt! - spokenAt(w.endMs));
  const transcribedAtStop = liveWindows.reduce((end, w) => Math.max(end, w.endMs), 0);
  const outcome = await outcomeOf(sessionId, reference);
  const transcribingAt = session.firstAt.get('transcribing') ?? NaN;
  const generatingAt = session.firstAt.get('generating') ?? NaN;
  return {
    sessionId,
    windowsLive: liveWindows.length,
    windowsAtEnd: all.length - liveWindows.length,
    lagMedianMs: quantile(lags, 0.5),
    lagMaxMs: Math.max(...lags),
    lagLastQuarterMedianMs: quantile(lastQuarter, 0.5),
    untranscribedAtStopMs: durationMs - transcribedAtStop,
    latestSendMs,
    slowestRequestMs,
    finalToReadyMs: readyAt - finalSentAt,
    finalRequestMs: finalAnsweredAt - finalSentAt,
    toTranscribingMs: transcribingAt - finalSentAt,
    transcribingMs: generatingAt - transcribingAt,
    generatingMs: readyAt - generatingAt,
    liveHolders: holders.holds.filter((h) => h.holder.startsWith('live-')).length,
    ...outcome,
  };
}

/** The same audio as a file the clinician uploads: 7 MB parts as fast as they go, then processed after the fact. */
async function afterTheFact(minutes: number, webm: Buffer, reference: string[]) {
  const sessionId = await newSession(`${minutes} min file`);
  const uploadId = randomUUID();
  const session = watchSession(sessionId);
  const windows = watchWindows(uploadId);
  const holders = watchHolders(uploadId);
  const parts = Math.max(1, Math.ceil(webm.length / FILE_PART_BYTES));
  const uploadStartedAt = now();
  for (let i = 0; i < parts; i++) {
    await sendPart({ sessionId, uploadId, index: i, final: i === parts - 1, data: webm.subarray(i * FILE_PART_BYTES, (i + 1) * FILE_PART_BYTES) });
  }
  const completeAt = now();
  const readyAt = await session.ready(60 * 60_000);
  [session, windows, holders].forEach((w) => w.stop());
  const all = [...windows.windows.values()];
  const outcome = await outcomeOf(sessionId, reference);
  const transcribingAt = session.firstAt.get('transcribing') ?? NaN;
  const generatingAt = session.firstAt.get('generating') ?? NaN;
  return {
    sessionId,
    parts,
    uploadMs: completeAt - uploadStartedAt,
    windows: all.length,
    windowsBeforeComplete: all.filter((w) => w.doneAt !== null && w.doneAt <= completeAt).length,
    liveHolders: holders.holds.filter((h) => h.holder.startsWith('live-')).length,
    completeToReadyMs: readyAt - completeAt,
    toTranscribingMs: transcribingAt - completeAt,
    transcribingMs: generatingAt - transcribingAt,
    generatingMs: readyAt - generatingAt,
    ...outcome,
  };
}

/** One pass over the same audio, as tests/bench/local-speech.bench.ts measured it just before (same samples: same checksum). */
const ONE_PASS_FILE = 'tests/.artifacts/bench/one-pass-wer.json';
const onePass = existsSync(ONE_PASS_FILE) ? (JSON.parse(readFileSync(ONE_PASS_FILE, 'utf8')) as { onePass: Record<string, { wer: number; wallSec: number; pcmSha256: string }> }).onePass : {};
/** Its word error rate and how long the one pass took (the engine alone: what the wait was before windows). */
function onePassOf(minutes: number, pcm: Int16Array): { wer: number; wallSec: number } | null {
  const known = onePass[String(minutes)];
  return known && known.pcmSha256 === createHash('sha256').update(new Uint8Array(pcm.buffer)).digest('hex') ? known : null;
}
const werWithDifference = (wer: number, one: number | null) => `${(wer * 100).toFixed(1)} %${one === null ? '' : ` (${wer >= one ? '+' : ''}${((wer - one) * 100).toFixed(1)})`}`;

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const cli = consultationArgs();
const benchStartedAt = now();
console.log(
  `bench: the wait after Stop, TRANSCRIBER=pocketsphinx on the emulated stack (Functions emulator API and trigger, AI emulator notes); ` +
    `TRANSCRIPTION_WINDOW_SEC=${process.env['TRANSCRIPTION_WINDOW_SEC'] ?? '30 (default)'}, PIPELINE_RUN_BUDGET_MS=${process.env['PIPELINE_RUN_BUDGET_MS'] ?? '360000 (default)'}, ` +
    `speech: ${cli.dialogue.name}; live chunks of ${CHUNK_MS / 1000} s sent at ${PACE}× the pace of speech, one request at a time; ${new Date().toISOString()}, load average ${load()}\n`,
);
const rows: { minutes: number; audioMin: number; onePass: { wer: number; wallSec: number } | null; live: Awaited<ReturnType<typeof live>>; after: Awaited<ReturnType<typeof afterTheFact>> }[] = [];
let failures = 0;
for (const minutes of cli.minutes ?? [5, 30, 60]) {
  const audio = consultationOf(minutes, cli.dialogue);
  const webm = browserWebm(audio, dir);
  const chunks = timesliceChunks(webm, CHUNK_MS);
  const durationMs = audio.durationSec * 1000;
  console.log(`${minutes} min: ${(durationMs / 60_000).toFixed(1)} min of speech, ${audio.referenceWords.length} words, ${(webm.length / 1024 / 1024).toFixed(1)} MB WebM/Opus, ${chunks.length} chunks; load ${load()}`);
  try {
    const l = await live(minutes, chunks, durationMs, audio.referenceWords);
    console.log(
      [
        `  LIVE (sent at ${PACE}×, ${sec((durationMs / PACE))} s): ${l.windowsLive} windows transcribed while recording, their text ${sec(l.lagMedianMs)} s behind the voice (median; last quarter ${sec(l.lagLastQuarterMedianMs)} s, worst ${sec(l.lagMaxMs)} s); ${sec(l.untranscribedAtStopMs)} s of audio left at Stop`,
        `    chunks: latest ${sec(l.latestSendMs)} s behind schedule, slowest request ${sec(l.slowestRequestMs)} s`,
        `    final chunk → ready ${sec(l.finalToReadyMs)} s: the run starts after ${sec(l.toTranscribingMs)} s (the final request took ${sec(l.finalRequestMs)} s), transcribing the rest (${l.windowsAtEnd} windows) ${sec(l.transcribingMs)} s, writing the note ${sec(l.generatingMs)} s (model call ${sec(l.generateMs)} s); ${l.runs} run(s); ${l.finalToReadyMs <= GOAL_MS ? 'within' : 'OVER'} the 20 s goal`,
        `    engine time over all windows ${sec(l.engineMs)} s; word error rate ${(l.wer * 100).toFixed(1)} %; load ${load()}`,
      ].join('\n'),
    );
    const a = await afterTheFact(minutes, webm, audio.referenceWords);
    console.log(
      [
        `  AFTER THE FACT (${a.parts} part(s) uploaded in ${sec(a.uploadMs)} s): upload complete → ready ${sec(a.completeToReadyMs)} s: trigger ${sec(a.toTranscribingMs)} s, transcribing ${sec(a.transcribingMs)} s (${a.windows} windows, ${a.windowsBeforeComplete} of them during the upload, ${a.liveHolders} live worker(s)), writing the note ${sec(a.generatingMs)} s (model call ${sec(a.generateMs)} s); ${a.runs} run(s)`,
        `    engine time over all windows ${sec(a.engineMs)} s; word error rate ${(a.wer * 100).toFixed(1)} %; load ${load()}`,
      ].join('\n'),
    );
    rows.push({ minutes, audioMin: durationMs / 60_000, onePass: onePassOf(minutes, audio.pcm), live: l, after: a });
  } catch (err) {
    failures++;
    console.log(`  FAILED: ${err instanceof Error ? err.message : String(err)}`);
  }
}

const ratio = (slow: number, fast: number) => (Number.isFinite(slow) && fast > 0 ? `${(slow / fast).toFixed(1)}×` : '–');
const table = [
  ['recording', 'live windows (live / at end)', 'lag median / worst', 'left at Stop', 'final chunk → ready', 'of which note', 'runs', 'WER live', '|', 'file: complete → ready', 'transcribing', 'windows', 'runs', 'WER file', '|', 'one pass: time', 'WER', '|', 'after the fact ÷ live', 'one pass ÷ live'],
  ...rows.map(({ audioMin, onePass: known, live: l, after: a }) => [
    `${audioMin.toFixed(1)} min`,
    `${l.windowsLive} / ${l.windowsAtEnd}`,
    `${sec(l.lagMedianMs)} / ${sec(l.lagMaxMs)} s`,
    `${sec(l.untranscribedAtStopMs)} s`,
    `${sec(l.finalToReadyMs)} s`,
    `${sec(l.generatingMs)} s (call ${sec(l.generateMs)})`,
    String(l.runs),
    werWithDifference(l.wer, known?.wer ?? null),
    '|',
    `${sec(a.completeToReadyMs)} s`,
    `${sec(a.transcribingMs)} s`,
    String(a.windows),
    String(a.runs),
    werWithDifference(a.wer, known?.wer ?? null),
    '|',
    known === null ? '–' : `${known.wallSec.toFixed(1)} s`,
    known === null ? '–' : `${(known.wer * 100).toFixed(1)} %`,
    '|',
    ratio(a.completeToReadyMs, l.finalToReadyMs),
    known === null ? '–' : ratio(known.wallSec * 1000, l.finalToReadyMs),
  ]),
];
const widths = table[0]!.map((_, c) => Math.max(...table.map((r) => r[c]!.length)));
console.log(`\n${table.map((r) => r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')).join('\n')}`);
console.log(
  [
    '(WER: word error rate against the words spoken; in brackets, points above one pass over the same audio. One pass: pocketsphinx over the whole',
    ' file at once, the engine alone, as tests/bench/local-speech.bench.ts timed it just before: the wait after Stop before windows, without the note.)',
  ].join('\n'),
);
console.log(`\nlive sent at ${PACE}× the pace of speech; goal final chunk → ready ≤ 20 s: ${rows.every((r) => r.live.finalToReadyMs <= GOAL_MS) && failures === 0 ? 'met' : 'NOT met'} at every length; the bench took ${((now() - benchStartedAt) / 60_000).toFixed(1)} min; load ${load()}`);
rmSync(dir, { recursive: true, force: true });
process.exit(failures ? 1 : 0);
