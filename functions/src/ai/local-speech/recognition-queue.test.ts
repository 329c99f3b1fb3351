import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aiServicesFromEnv } from '../ai-engines.js';
import type { TranscriptionRequest } from '../transcriber.js';
import { localRecognitionConcurrency } from './recognition-queue.js';

// The real pocketsphinx adapter (ffmpeg really decodes) with a stand-in recogniser first on PATH: a script
// that notes when it starts and ends, runs a while, and can be told to fail. Jobs' overlap is read from its
// log afterwards, so no peak is missed between two polls.
let dir: string;
let savedPath: string | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'charta-recognisers-'));
  const script = [
    '#!/bin/sh',
    `echo "start $$ $(date +%s%N)" >> ${dir}/log`,
    `echo $$ > ${dir}/pid-$$`,
    `[ -f ${dir}/fail ] && exit 3`,
    // Long enough that two jobs started together overlap even when one ffmpeg starts late on a loaded machine.
    'sleep 2',
    `echo "end $$ $(date +%s%N)" >> ${dir}/log`,
    'echo "<s> 0.000 0.010 1.0"',
    'echo "cough 0.020 0.300 0.9"',
  ].join('\n');
  writeFileSync(join(dir, 'pocketsphinx_continuous'), script);
  chmodSync(join(dir, 'pocketsphinx_continuous'), 0o755);
  savedPath = process.env['PATH'];
  process.env['PATH'] = `${dir}:${savedPath ?? ''}`;
});
afterEach(() => {
  process.env['PATH'] = savedPath;
  rmSync(dir, { recursive: true, force: true });
});

/** 0.1 s of 16 kHz mono silence as a WAV file. */
function silentWav(): Buffer {
  const data = Buffer.alloc(3200);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const request: TranscriptionRequest = { uri: null, content: silentWav(), container: 'wav', language: 'en-US', durationSec: 0.1 };

/**
 * The most recognisers that ran at the same time, from the stand-in's start and end lines. One killed has no
 * end line: it ended when it was killed (`killedAt`, nanoseconds on the same clock as `date +%s%N`).
 */
function mostAtOnce(killedAt = new Map<string, bigint>()): number {
  const lines = readFileSync(join(dir, 'log'), 'utf8').trim().split('\n').map((line) => line.split(' ') as [string, string, string]);
  const events = [
    ...lines.map(([kind, , at]) => ({ delta: kind === 'start' ? 1 : -1, at: BigInt(at) })),
    ...[...killedAt].map(([, at]) => ({ delta: -1, at })),
  ].sort((a, b) => (a.at === b.at ? a.delta - b.delta : a.at < b.at ? -1 : 1));
  expect(events.filter((e) => e.delta > 0).length).toBe(events.filter((e) => e.delta < 0).length);
  let running = 0;
  let most = 0;
  for (const event of events) most = Math.max(most, (running += event.delta));
  return most;
}

const pocketsphinx = (concurrency: string) => aiServicesFromEnv({ TRANSCRIBER: 'pocketsphinx', LOCAL_TRANSCRIBER_CONCURRENCY: concurrency }).transcriber;

describe('Local recognitions wait their turn', () => {
  it('Six uploads at once run at most LOCAL_TRANSCRIBER_CONCURRENCY recognisers at a time, and every one finishes', { timeout: 30_000 }, async () => {
    const transcriber = pocketsphinx('2');
    const results = await Promise.all(Array.from({ length: 6 }, () => transcriber.transcribe(request)));
    expect(results.map((r) => r.segments.map((s) => s.text).join(' '))).toEqual(Array(6).fill('cough'));
    expect(mostAtOnce()).toBe(2);
  });

  it('A recogniser killed while running, or failing, gives its slot to the next job', { timeout: 30_000 }, async () => {
    const transcriber = pocketsphinx('1');
    const jobs = Array.from({ length: 3 }, () => transcriber.transcribe(request).then(() => 'done', (err: Error) => err.message));
    // Kill the first recogniser as it runs: the two behind it must still get their turn.
    let pids: string[] = [];
    while (pids.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      pids = readdirSync(dir).filter((name) => name.startsWith('pid-'));
    }
    const killed = pids[0]!.slice(4);
    process.kill(Number(killed), 'SIGKILL');
    const killedAt = BigInt(Date.now()) * 1_000_000n;
    expect(await Promise.all(jobs)).toEqual([expect.stringMatching(/pocketsphinx could not process the audio \(exit SIGKILL/), 'done', 'done']);
    expect(mostAtOnce(new Map([[killed, killedAt]]))).toBe(1);

    writeFileSync(join(dir, 'fail'), '');
    const failing = await Promise.all(Array.from({ length: 2 }, () => transcriber.transcribe(request).then(() => 'done', (err: Error) => err.message)));
    expect(failing).toEqual([expect.stringMatching(/exit 3/), expect.stringMatching(/exit 3/)]);
    rmSync(join(dir, 'fail'));
    await expect(transcriber.transcribe(request)).resolves.toMatchObject({ engine: 'pocketsphinx/en-us' });
  });
});

describe('LOCAL_TRANSCRIBER_CONCURRENCY', () => {
  it('Defaults to the cores a job leaves free (one per pocketsphinx job, WHISPER_THREADS per whisper job), at least one', () => {
    expect(localRecognitionConcurrency({}, 1, 2)).toBe(2);
    expect(localRecognitionConcurrency({}, 2, 2)).toBe(1);
    expect(localRecognitionConcurrency({}, 4, 2)).toBe(1);
    expect(localRecognitionConcurrency({}, 2, 8)).toBe(4);
    expect(localRecognitionConcurrency({ LOCAL_TRANSCRIBER_CONCURRENCY: ' 3 ' }, 1, 2)).toBe(3);
  });

  it('A value that is not a whole number from 1 stops the API at start, naming the variable', () => {
    for (const bad of ['0', '-1', '1.5', 'two', '1e2']) {
      expect(() => localRecognitionConcurrency({ LOCAL_TRANSCRIBER_CONCURRENCY: bad }, 1, 2)).toThrow(/LOCAL_TRANSCRIBER_CONCURRENCY/);
    }
    expect(() => aiServicesFromEnv({ TRANSCRIBER: 'pocketsphinx', LOCAL_TRANSCRIBER_CONCURRENCY: '0' })).toThrow(/LOCAL_TRANSCRIBER_CONCURRENCY=0/);
    // Whisper's threads divide the cores: a wrong WHISPER_THREADS is named too, not a limiter's TypeError.
    expect(() => aiServicesFromEnv({ TRANSCRIBER: 'whisper', WHISPER_MODEL_PATH: '/nowhere/ggml-base.en.bin', WHISPER_THREADS: 'two' })).toThrow(/WHISPER_THREADS=two must be a whole number/);
  });
});
