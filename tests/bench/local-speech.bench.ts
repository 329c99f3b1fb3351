/**
 * Benchmark (not a test): the offline pocketsphinx engine on the synthesized consultation
 * (tests/support/consultation-speech.ts, browser-like WebM/Opus) of 5, 30 and 60 minutes (or the minutes given):
 * - one pass over the whole file, as the adapter runs it (ffmpeg decoding, the recogniser in a child
 *   process): real-time factor (wall time and the recogniser's CPU time over the audio's length), peak memory,
 *   and the word error rate against the script the speech was made from;
 * - the same audio in windows, as the pipeline transcribes it (functions/src/transcription/): decoded to PCM,
 *   cut by window-cutter.ts, each window sent to the same adapter as a WAV of its own, two at a time (the
 *   recognition queue's concurrency on 2 cores). After the fact: windows of a complete file. While
 *   recording: live windows, and what is left at Stop as file windows. Their word error rates, and the
 *   difference from one pass (issue 20's bar: within 2 points).
 * BENCH_ONE_PASS_ONLY=1 leaves the windows out (the pipeline benchmark measures the pipeline's own).
 * BENCH_WER_DIAGNOSIS=1 adds, at the first length, why windows differ: the live windows again, each started
 * at its first speech instead of in the pause before it, then also with the recogniser's cepstral mean
 * starting where one pass over the whole file left it (docs/pipeline.md "How audio becomes documentation").
 * Writes the one-pass word error rates to tests/.artifacts/bench/one-pass-wer.json, where the pipeline
 * benchmark (run after it by `npm run bench:pipeline`) finds them for the same audio.
 * Run: npm run bench:pipeline, or alone: npx tsx tests/bench/local-speech.bench.ts [minutes...]
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { POCKETSPHINX_DEFAULTS, pocketsphinxTranscriber, segmentsFromPocketsphinx } from '../../functions/src/ai/local-speech/pocketsphinx.js';
import { queuedTranscriber } from '../../functions/src/ai/local-speech/recognition-queue.js';
import type { RecognizedSegment } from '../../functions/src/ai/transcriber.js';
import { decodePcm, pcmToWav } from '../../functions/src/transcription/pcm.js';
import { cutPolicies, frameLoudness, silenceThreshold, WindowCutter, type CutWindow } from '../../functions/src/transcription/window-cutter.js';
import { transcriptionConfigFromEnv } from '../../functions/src/transcription/transcription-config.js';
import { browserWebm, consultationOf, SAMPLE_RATE, wordsOf } from '../support/consultation-speech.js';
import { wordErrors } from '../support/word-error-rate.js';
import { consultationArgs } from './consultation-args.js';

const dir = mkdtempSync(join(tmpdir(), 'charta-bench-speech-'));
const ONE_PASS_FILE = 'tests/.artifacts/bench/one-pass-wer.json';
/** Two windows at a time: the recognition queue's concurrency on 2 cores (docs/pipeline.md: one recogniser per free core). */
const PARALLEL_WINDOWS = 2;
const policies = cutPolicies(transcriptionConfigFromEnv().windowSec);

// The one pass runs under GNU time (through a wrapper the adapter starts as its binary) for its CPU time and peak memory.
const timings = join(dir, 'time.log');
const wrapper = join(dir, 'pocketsphinx-timed');
writeFileSync(wrapper, `#!/bin/sh\nexec /usr/bin/time -f '%e %U %S %M' -o '${timings}' ${POCKETSPHINX_DEFAULTS.binary} "$@"\n`);
chmodSync(wrapper, 0o755);
const onePassEngine = pocketsphinxTranscriber({ ...POCKETSPHINX_DEFAULTS, binary: wrapper, timeoutMs: 4 * 60 * 60_000 });
const windowEngine = queuedTranscriber(pocketsphinxTranscriber({ ...POCKETSPHINX_DEFAULTS, timeoutMs: 60 * 60_000 }), PARALLEL_WINDOWS);

async function decoded(webm: Buffer): Promise<Int16Array> {
  const parts: Int16Array[] = [];
  await decodePcm({ bytes: webm }, (pcm) => void parts.push(pcm));
  const pcm = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    pcm.set(part, at);
    at += part.length;
  }
  return pcm;
}

const sampleAt = (ms: number) => Math.round((ms * SAMPLE_RATE) / 1000);

/** The windows the pipeline cuts: after the fact (file), or while recording (live, 2 s at a time, then the rest at Stop). */
function windowsOf(pcm: Int16Array, how: 'file' | 'live'): CutWindow[] {
  const cutter = new WindowCutter(0, policies[how]);
  const windows: CutWindow[] = [];
  for (let at = 0; at < pcm.length; at += sampleAt(2000)) windows.push(...cutter.push(pcm.subarray(at, at + sampleAt(2000))));
  if (how === 'file') return [...windows, ...cutter.end()];
  const rest = new WindowCutter(cutter.nextStartMs, policies.file);
  return [...windows, ...rest.push(pcm.subarray(sampleAt(cutter.nextStartMs))), ...rest.end()];
}

/**
 * Each window through the adapter as its own WAV, as the pipeline sends it: after the `primingMs` of the
 * recording before it (Transcriber.primingMs; window-transcription.ts), whose words the adapter leaves out.
 * The words in order.
 */
async function transcribeWindows(pcm: Int16Array, windows: CutWindow[], primingMs: number): Promise<string[]> {
  const texts = await Promise.all(
    windows.map(async (w) => {
      if (w.silent) return [];
      const primingFrom = sampleAt(Math.max(0, w.startMs - primingMs));
      const primed = pcm.subarray(primingFrom, sampleAt(w.endMs + followMs));
      const primedMs = ((sampleAt(w.startMs) - primingFrom) * 1000) / SAMPLE_RATE;
      const request = { uri: null, content: pcmToWav(primed), container: 'wav', language: 'en-US', durationSec: (w.endMs - w.startMs) / 1000, primedMs } as const;
      // The experiment's audio after the window (BENCH_FOLLOW_MS): what starts there is the next window's.
      return (await windowEngine.transcribe(request)).segments.filter((s) => s.startMs < w.endMs - w.startMs);
    }),
  );
  return texts.flat().flatMap((s) => wordsOf(s.text));
}
/** The priming each window pass is measured with: the adapter's, or BENCH_PRIMING_MS (a list, to compare). */
const primings = (process.env['BENCH_PRIMING_MS'] ?? String(POCKETSPHINX_DEFAULTS.primingMs)).split(',').map(Number);
/**
 * An experiment, not what the pipeline does: each window also hears this much of the audio after it, so the
 * recogniser does not end an utterance at the window's end where one pass would go on (0 unless set).
 */
const followMs = Number(process.env['BENCH_FOLLOW_MS'] ?? 0);

let names = 0;
const randomName = () => `pcm-${process.pid}-${names++}`;

/** The recogniser itself (for the diagnosis: the adapter always starts it the same way), on 16 kHz PCM. */
async function recognise(pcm: Int16Array, opts: { hmm?: string; log?: string } = {}): Promise<RecognizedSegment[]> {
  const raw = join(dir, `${randomName()}.raw`);
  writeFileSync(raw, Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength));
  const model = POCKETSPHINX_DEFAULTS.modelDir;
  const args = ['-hmm', opts.hmm ?? join(model, 'en-us'), '-lm', join(model, 'en-us.lm.bin'), '-dict', join(model, 'cmudict-en-us.dict'), '-time', 'yes', '-logfn', opts.log ?? '/dev/null', '-infile', raw];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(POCKETSPHINX_DEFAULTS.binary, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (part: Buffer) => out.push(part));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out).toString('utf8')) : reject(new Error(`pocketsphinx exited ${code}`))));
  });
  rmSync(raw, { force: true });
  return segmentsFromPocketsphinx(output);
}
/** Where speech starts in a window (its first frame louder than the window's silence), 200 ms before it. */
function speechOnsetMs(pcm: Int16Array): number {
  const frame = sampleAt(10);
  const loudness: number[] = [];
  for (let at = 0; at + frame <= pcm.length; at += frame) loudness.push(frameLoudness(pcm.subarray(at, at + frame)));
  const first = loudness.findIndex((db) => db > silenceThreshold(loudness));
  return Math.max(0, first * 10 - 200);
}

/** The diagnosis's windows: each from its first speech, on a given model folder; two at a time. */
async function transcribeFromOnset(windows: CutWindow[], hmm?: string): Promise<string[]> {
  const queue = [...windows.entries()];
  const out: string[][] = [];
  await Promise.all(
    Array.from({ length: PARALLEL_WINDOWS }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [i, w] = next;
        out[i] = w.silent ? [] : (await recognise(w.pcm.subarray(sampleAt(speechOnsetMs(w.pcm))), hmm ? { hmm } : {})).flatMap((s) => wordsOf(s.text));
      }
    }),
  );
  return out.flat();
}

/** A copy of the acoustic model (links) whose feat.params starts the cepstral mean at `cmn` instead of the model's own. */
function modelWithCepstralMean(cmn: string): string {
  const source = join(POCKETSPHINX_DEFAULTS.modelDir, 'en-us');
  const copy = join(dir, 'model-cmn');
  mkdirSync(copy, { recursive: true });
  for (const file of readdirSync(source)) if (file !== 'feat.params') symlinkSync(join(source, file), join(copy, file));
  writeFileSync(join(copy, 'feat.params'), readFileSync(join(source, 'feat.params'), 'utf8').replace(/^-cmninit .*$/m, `-cmninit ${cmn}`));
  return copy;
}

const pct = (rate: number) => `${(rate * 100).toFixed(1)} %`;
const points = (a: number, b: number) => `${(a - b) * 100 >= 0 ? '+' : ''}${((a - b) * 100).toFixed(1)} points`;

const cli = consultationArgs();
const diagnose = process.env['BENCH_WER_DIAGNOSIS'] === '1';
/** The one pass alone (its time and word error rate, what the pipeline benchmark compares with), for a quicker run. */
const onePassOnly = process.env['BENCH_ONE_PASS_ONLY'] === '1';
const started = performance.now();
console.log(
  `bench: pocketsphinx (${POCKETSPHINX_DEFAULTS.modelDir}) on a synthesized consultation (espeak-ng, two voices: ${cli.dialogue.name}); windows as the pipeline cuts them (TRANSCRIPTION_WINDOW_SEC ${transcriptionConfigFromEnv().windowSec}), ${PARALLEL_WINDOWS} at a time; ${new Date().toISOString()}, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`,
);
const onePass: Record<string, { wer: number; words: number; wallSec: number; pcmSha256: string }> = {};
for (const [n, minutes] of (cli.minutes ?? [5, 30, 60]).entries()) {
  const audio = consultationOf(minutes, cli.dialogue);
  const webm = browserWebm(audio, dir);
  const reference = audio.referenceWords;
  const t0 = performance.now();
  const whole = await onePassEngine.transcribe({ uri: null, content: webm, container: 'webm', language: 'en-US', durationSec: audio.durationSec });
  const wallSec = (performance.now() - t0) / 1000;
  const [, user, sys, maxRssKb] = readFileSync(timings, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
  const oneWer = wordErrors(reference, whole.segments.flatMap((s) => wordsOf(s.text))).rate;
  onePass[String(minutes)] = { wer: oneWer, words: reference.length, wallSec, pcmSha256: createHash('sha256').update(new Uint8Array(audio.pcm.buffer)).digest('hex') };

  const summary = [
    `${String(minutes).padStart(2)} min of speech (${(audio.durationSec / 60).toFixed(1)} min, ${reference.length} words, ${(webm.length / 1024 / 1024).toFixed(1)} MB WebM/Opus):`,
    `  one pass                 ${wallSec.toFixed(1)} s, real-time factor ${(wallSec / audio.durationSec).toFixed(2)} (decoding included); recogniser CPU ${(user! + sys!).toFixed(1)} s, real-time factor ${((user! + sys!) / audio.durationSec).toFixed(2)} (one core); peak memory ${(maxRssKb! / 1024).toFixed(0)} MB`,
    `  word error rate          one pass ${pct(oneWer)}`,
  ];
  if (onePassOnly) {
    console.log(summary.join('\n'));
    continue;
  }
  const pcm = await decoded(webm);
  const fileWindows = windowsOf(pcm, 'file');
  const liveWindows = windowsOf(pcm, 'live');
  const mean = (ws: CutWindow[]) => (ws.reduce((s, w) => s + w.endMs - w.startMs, 0) / ws.length / 1000).toFixed(1);
  console.log(summary.join('\n'));
  for (const primingMs of primings) {
    const t1 = performance.now();
    const fileWer = wordErrors(reference, await transcribeWindows(pcm, fileWindows, primingMs)).rate;
    const fileSec = (performance.now() - t1) / 1000;
    const liveWer = wordErrors(reference, await transcribeWindows(pcm, liveWindows, primingMs)).rate;
    const primed = `${primingMs > 0 ? `each after the ${primingMs / 1000} s before it` : 'each alone'}${followMs > 0 ? ` and with the ${followMs / 1000} s after it` : ''}`;
    console.log(
      [
        `  windows, ${primed}:`,
        `                           file windows ${pct(fileWer)} (${points(fileWer, oneWer)}; ${fileWindows.length} windows of ${mean(fileWindows)} s on average, ${fileSec.toFixed(1)} s ${PARALLEL_WINDOWS} at a time)`,
        `                           live windows ${pct(liveWer)} (${points(liveWer, oneWer)}; ${liveWindows.length} windows of ${mean(liveWindows)} s on average)`,
      ].join('\n'),
    );
  }
  if (diagnose && n === 0) {
    // The one pass again, directly, to read where its cepstral mean ended (the recogniser logs each update).
    const log = join(dir, 'one-pass.log');
    const direct = wordErrors(reference, (await recognise(pcm, { log })).flatMap((s) => wordsOf(s.text))).rate;
    const updates = [...readFileSync(log, 'utf8').matchAll(/Update to\s+<([^>]+)>/g)];
    const cmn = updates.at(-1)![1]!.trim().split(/\s+/).join(',');
    const fromOnset = wordErrors(reference, await transcribeFromOnset(liveWindows)).rate;
    const withMean = wordErrors(reference, await transcribeFromOnset(liveWindows, modelWithCepstralMean(cmn))).rate;
    console.log(
      [
        `  diagnosis (live windows; one pass on the decoded PCM ${pct(direct)})`,
        `    each window from its first speech (200 ms before it)                ${pct(fromOnset)} (${points(fromOnset, direct)})`,
        `    and the cepstral mean starting where one pass left it (${cmn.split(',')[0]}, …; the model's: ${/-cmninit ([^,\n]+)/.exec(readFileSync(join(POCKETSPHINX_DEFAULTS.modelDir, 'en-us', 'feat.params'), 'utf8'))?.[1]}, …)   ${pct(withMean)} (${points(withMean, direct)})`,
      ].join('\n'),
    );
  }
}
mkdirSync('tests/.artifacts/bench', { recursive: true });
writeFileSync(ONE_PASS_FILE, JSON.stringify({ at: new Date().toISOString(), onePass }, null, 2));
console.log(`\nlocal speech bench took ${((performance.now() - started) / 60_000).toFixed(1)} min; one-pass word error rates in ${ONE_PASS_FILE}`);
rmSync(dir, { recursive: true, force: true });
