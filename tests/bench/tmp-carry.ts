// Experiment (not committed): carrying pocketsphinx's cepstral mean between windows.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { POCKETSPHINX_DEFAULTS, segmentsFromPocketsphinx } from '../../functions/src/ai/local-speech/pocketsphinx.js';
import { decodePcm } from '../../functions/src/transcription/pcm.js';
import { cutPolicies, WindowCutter, type CutWindow } from '../../functions/src/transcription/window-cutter.js';
import { transcriptionConfigFromEnv } from '../../functions/src/transcription/transcription-config.js';
import { browserWebm, consultationOf, SAMPLE_RATE, wordsOf } from '../support/consultation-speech.js';
import { wordErrors } from '../support/word-error-rate.js';
import { consultationArgs } from './consultation-args.js';

const dir = mkdtempSync(join(tmpdir(), 'carry-'));
const policies = cutPolicies(transcriptionConfigFromEnv().windowSec);
const sampleAt = (ms: number) => Math.round((ms * SAMPLE_RATE) / 1000);
let n = 0;
function modelWith(cmn: string | null): string {
  const source = join(POCKETSPHINX_DEFAULTS.modelDir, 'en-us');
  if (!cmn) return source;
  const copy = join(dir, `model-${n++}`);
  mkdirSync(copy, { recursive: true });
  for (const file of readdirSync(source)) if (file !== 'feat.params') symlinkSync(join(source, file), join(copy, file));
  writeFileSync(join(copy, 'feat.params'), readFileSync(join(source, 'feat.params'), 'utf8').replace(/^-cmninit .*$/m, `-cmninit ${cmn}`));
  return copy;
}
async function recognise(pcm: Int16Array, cmn: string | null, primedMs: number): Promise<{ words: string[]; cmn: string | null; segs: ReturnType<typeof segmentsFromPocketsphinx> }> {
  const raw = join(dir, `pcm-${n++}.raw`);
  const log = `${raw}.log`;
  writeFileSync(raw, Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength));
  const model = POCKETSPHINX_DEFAULTS.modelDir;
  const args = ['-hmm', modelWith(cmn), '-lm', join(model, 'en-us.lm.bin'), '-dict', join(model, 'cmudict-en-us.dict'), '-time', 'yes', '-logfn', log, '-infile', raw];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(POCKETSPHINX_DEFAULTS.binary, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (part: Buffer) => out.push(part));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out).toString('utf8')) : reject(new Error(`pocketsphinx exited ${code}`))));
  });
  const updates = [...readFileSync(log, 'utf8').matchAll(/Update to\s+<([^>]+)>/g)];
  const last = updates.at(-1)?.[1]?.trim().split(/\s+/).join(',') ?? null;
  const segs = segmentsFromPocketsphinx(output, primedMs);
  return { words: segs.flatMap((s) => wordsOf(s.text)), cmn: last, segs };
}
function windowsOf(pcm: Int16Array, how: 'file' | 'live'): CutWindow[] {
  const cutter = new WindowCutter(0, policies[how]);
  const windows: CutWindow[] = [];
  for (let at = 0; at < pcm.length; at += sampleAt(2000)) windows.push(...cutter.push(pcm.subarray(at, at + sampleAt(2000))));
  if (how === 'file') return [...windows, ...cutter.end()];
  const rest = new WindowCutter(cutter.nextStartMs, policies.file);
  return [...windows, ...rest.push(pcm.subarray(sampleAt(cutter.nextStartMs))), ...rest.end()];
}
type Mode = 'cold' | 'previous' | 'first';
async function run(pcm: Int16Array, windows: CutWindow[], primingMs: number, mode: Mode): Promise<string[]> {
  const out: string[][] = [];
  let carried: string | null = null;
  let first: string | null = null;
  for (const [i, w] of windows.entries()) {
    if (w.silent) { out[i] = []; continue; }
    const from = sampleAt(Math.max(0, w.startMs - primingMs));
    const primedMs = ((sampleAt(w.startMs) - from) * 1000) / SAMPLE_RATE;
    const cmn = mode === 'cold' ? null : mode === 'previous' ? carried : first;
    const r = await recognise(pcm.subarray(from, sampleAt(w.endMs)), cmn, primedMs);
    out[i] = r.segs.filter((s) => s.startMs < w.endMs - w.startMs).flatMap((s) => wordsOf(s.text));
    if (r.cmn) carried = r.cmn;
    if (first === null && r.cmn) first = r.cmn;
  }
  return out.flat();
}
const cli = consultationArgs();
for (const minutes of cli.minutes ?? [5]) {
  const audio = consultationOf(minutes, cli.dialogue);
  const webm = browserWebm(audio, dir);
  const parts: Int16Array[] = [];
  await decodePcm({ bytes: webm }, (p) => void parts.push(p));
  const pcm = new Int16Array(parts.reduce((a, p) => a + p.length, 0));
  let at = 0;
  for (const p of parts) { pcm.set(p, at); at += p.length; }
  const ref = audio.referenceWords;
  const one = await recognise(pcm, null, 0);
  const oneWer = wordErrors(ref, one.words).rate;
  console.log(`${minutes} min, one pass ${(oneWer * 100).toFixed(1)} %, final cmn ${one.cmn}`);
  const variants = (process.env['VARIANTS'] ?? 'live:5000:cold,live:5000:previous,file:5000:first,file:5000:previous').split(',');
  for (const v of variants) {
    const [how, priming, mode] = v.split(':') as ['file' | 'live', string, Mode];
    const wer = wordErrors(ref, await run(pcm, windowsOf(pcm, how), Number(priming), mode)).rate;
    console.log(`  ${v.padEnd(22)} ${(wer * 100).toFixed(1)} % (${((wer - oneWer) * 100).toFixed(1)} points)`);
  }
}
rmSync(dir, { recursive: true, force: true });
