/**
 * Benchmark (not a test): the offline pocketsphinx engine as the pipeline runs it (the adapter: ffmpeg
 * decoding, then the recogniser in a child process) on synthesized speech of 1, 5 and 30 minutes (browser-like
 * WebM/Opus). Prints the real-time factor (wall time and the recogniser's CPU time over the audio's length),
 * the recogniser's peak memory, and the word error rate against the script the speech was made from.
 * Run: npm run bench:pipeline (after the emulated pipeline), or alone: npx tsx tests/bench/local-speech.bench.ts [minutes...]
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { POCKETSPHINX_DEFAULTS, pocketsphinxTranscriber } from '../../functions/src/ai/local-speech/pocketsphinx.js';

/** A plain consultation (words the en-US model knows), spoken in two voices. */
const SCRIPT = [
  ['en-us', 'Good morning. Please sit down. What brings you in today?'],
  ['en-us+f3', 'I have had a bad cough for about two weeks, and it is worse at night.'],
  ['en-us', 'Do you have a fever or any pain in your chest?'],
  ['en-us+f3', 'I had a fever last week. My chest hurts a little when I cough.'],
  ['en-us', 'Are you allergic to any medicine?'],
  ['en-us+f3', 'Yes, I am allergic to penicillin. It gives me a rash.'],
  ['en-us', 'I will listen to your lungs now. Take a deep breath for me.'],
  ['en-us', 'Your lungs sound clear. I think this is a chest infection after a cold.'],
  ['en-us', 'I will give you a different antibiotic for seven days. Drink plenty of water and rest.'],
  ['en-us+f3', 'Thank you. Should I come back if it does not get better?'],
  ['en-us', 'Yes, come back in one week, or sooner if you find it hard to breathe.'],
] as const;

const dir = mkdtempSync(join(tmpdir(), 'charta-bench-speech-'));
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });

function scriptWav(): { path: string; seconds: number } {
  const parts = SCRIPT.map(([voice, text], i) => {
    const part = join(dir, `line-${i}.wav`);
    run('espeak-ng', ['-v', voice, '-s', '150', '-w', part, text]);
    return part;
  });
  const path = join(dir, 'script.wav');
  // A short pause between turns, as people leave one.
  run('sox', [...parts.flatMap((p) => [p]), '-r', '16000', '-c', '1', path, 'pad', '0', '0.4']);
  return { path, seconds: Number(execFileSync('soxi', ['-D', path], { encoding: 'utf8' })) };
}

/** The script repeated to at least `minutes`, encoded as a browser records (WebM/Opus). */
function speechOf(script: { path: string; seconds: number }, minutes: number): { audio: Buffer; seconds: number; repeats: number } {
  const repeats = Math.ceil((minutes * 60) / script.seconds);
  const webm = join(dir, `${minutes}min.webm`);
  run('ffmpeg', ['-loglevel', 'error', '-stream_loop', String(repeats - 1), '-i', script.path, '-c:a', 'libopus', '-b:a', '24k', '-f', 'webm', '-y', webm]);
  return { audio: readFileSync(webm), seconds: repeats * script.seconds, repeats };
}

const wordsOf = (text: string) => text.toLowerCase().replace(/[^a-z' ]+/g, ' ').split(/\s+/).filter(Boolean);

/** Word error rate: word-level edit distance (substitutions, deletions, insertions) over the script's words. */
function wordErrorRate(reference: string[], hypothesis: string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[hypothesis.length]! / reference.length;
}

// The recogniser runs under GNU time (through a wrapper the adapter starts as its binary) for its CPU time and peak memory.
const timings = join(dir, 'time.log');
const wrapper = join(dir, 'pocketsphinx-timed');
writeFileSync(wrapper, `#!/bin/sh\nexec /usr/bin/time -f '%e %U %S %M' -o '${timings}' ${POCKETSPHINX_DEFAULTS.binary} "$@"\n`);
chmodSync(wrapper, 0o755);
const transcriber = pocketsphinxTranscriber({ ...POCKETSPHINX_DEFAULTS, binary: wrapper, timeoutMs: 4 * 60 * 60_000 });

const minutesList = process.argv.slice(2).map(Number).filter((m) => m > 0);
const script = scriptWav();
const scriptWords = wordsOf(SCRIPT.map(([, text]) => text).join(' '));
console.log(`bench: pocketsphinx (${POCKETSPHINX_DEFAULTS.modelDir}) on synthesized speech (espeak-ng, two voices, ${script.seconds.toFixed(1)} s script); load average ${execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ').slice(0, 3).join(' ')}\n`);
for (const minutes of minutesList.length ? minutesList : [1, 5, 30]) {
  const speech = speechOf(script, minutes);
  const started = performance.now();
  const transcript = await transcriber.transcribe({ uri: null, content: speech.audio, container: 'webm', language: 'en-US', durationSec: speech.seconds });
  const wallSec = (performance.now() - started) / 1000;
  const [, user, sys, maxRssKb] = readFileSync(timings, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
  const reference = Array.from({ length: speech.repeats }, () => scriptWords).flat();
  const hypothesis = transcript.segments.flatMap((s) => wordsOf(s.text));
  console.log(
    [
      `${String(minutes).padStart(2)} min of speech (${(speech.seconds / 60).toFixed(1)} min, ${(speech.audio.length / 1024 / 1024).toFixed(1)} MB WebM/Opus), ${transcript.segments.length} segments:`,
      `  wall time               ${wallSec.toFixed(1)} s, real-time factor ${(wallSec / speech.seconds).toFixed(2)} (decoding included)`,
      `  recogniser CPU          ${(user! + sys!).toFixed(1)} s, real-time factor ${((user! + sys!) / speech.seconds).toFixed(2)} (one core)`,
      `  recogniser peak memory  ${(maxRssKb! / 1024).toFixed(0)} MB`,
      `  word error rate         ${(wordErrorRate(reference, hypothesis) * 100).toFixed(1)} % (${reference.length} words in the script)`,
    ].join('\n'),
  );
}
rmSync(dir, { recursive: true, force: true });
