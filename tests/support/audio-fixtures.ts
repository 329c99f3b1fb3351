import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Real speech made at test time (espeak-ng speaks, sox joins, ffmpeg encodes), so no recordings are
 * committed. A short doctor-patient exchange in two voices; the text is exported for tests that register
 * what the audio says.
 */
export const DIALOGUE = [
  { speaker: 'clinician', voice: 'en-us', text: 'Good morning. What brings you in today?' },
  { speaker: 'patient', voice: 'en-us+f3', text: 'I have had a dry cough for three days, and a mild fever last night.' },
  { speaker: 'clinician', voice: 'en-us', text: 'Any shortness of breath or chest pain?' },
  { speaker: 'patient', voice: 'en-us+f3', text: 'No chest pain. I get a little breathless on the stairs.' },
] as const;

export const FIXTURES_DIR = new URL('../../.fixtures/', import.meta.url).pathname;

export type FixtureName = 'dialogue.wav' | 'dialogue.webm' | 'dialogue.mp3' | 'dialogue.ogg' | 'dialogue.flac' | 'dialogue.m4a' | 'long-speech.wav';

function run(cmd: string, args: string[]): void {
  try {
    execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    throw new Error(`${cmd} failed (is it installed? npm test installs espeak-ng, sox and ffmpeg): ${String((err as { stderr?: Buffer }).stderr ?? err)}`, { cause: err });
  }
}

/** Writes through a temporary name, so parallel test files never read half a fixture. */
function produce(name: string, make: (tmp: string) => void): string {
  mkdirSync(FIXTURES_DIR, { recursive: true });
  const target = join(FIXTURES_DIR, name);
  if (existsSync(target)) return target;
  const tmp = join(FIXTURES_DIR, `.${process.pid}-${Date.now()}-${name}`);
  make(tmp);
  renameSync(tmp, target);
  return target;
}

function dialogueWav(): string {
  return produce('dialogue.wav', (tmp) => {
    const parts = DIALOGUE.map((line, i) => {
      const part = join(FIXTURES_DIR, `.line-${process.pid}-${i}.wav`);
      run('espeak-ng', ['-v', line.voice, '-s', '150', '-w', part, line.text]);
      return part;
    });
    // 16 kHz mono: what speech recognition wants.
    run('sox', [...parts, '-r', '16000', '-c', '1', '-t', 'wav', tmp]);
    for (const part of parts) rmSync(part, { force: true });
  });
}

/** Absolute path of a fixture, made on first use. */
export function fixture(name: FixtureName): string {
  const wav = dialogueWav();
  switch (name) {
    case 'dialogue.wav':
      return wav;
    case 'dialogue.webm':
      // Written to a pipe like a browser's MediaRecorder: no Duration in the header.
      return produce(name, (tmp) => {
        const data = execFileSync('ffmpeg', ['-loglevel', 'error', '-i', wav, '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', 'pipe:1'], { maxBuffer: 64 * 1024 * 1024 });
        writeFileSync(tmp, data);
      });
    case 'dialogue.mp3':
      return produce(name, (tmp) => run('ffmpeg', ['-loglevel', 'error', '-i', wav, '-f', 'mp3', tmp]));
    case 'dialogue.ogg':
      return produce(name, (tmp) => run('ffmpeg', ['-loglevel', 'error', '-i', wav, '-c:a', 'libopus', '-f', 'ogg', tmp]));
    case 'dialogue.flac':
      return produce(name, (tmp) => run('ffmpeg', ['-loglevel', 'error', '-i', wav, '-f', 'flac', tmp]));
    case 'dialogue.m4a':
      return produce(name, (tmp) => run('ffmpeg', ['-loglevel', 'error', '-i', wav, '-c:a', 'aac', '-f', 'ipod', tmp]));
    case 'long-speech.wav':
      // About 11 MB (five times the dialogue, 44.1 kHz stereo): over one request's limit, so it goes up in chunks.
      return produce(name, (tmp) => run('sox', [wav, wav, wav, wav, wav, '-r', '44100', '-c', '2', '-t', 'wav', tmp]));
  }
}

export function fixtureBytes(name: FixtureName): Buffer {
  return readFileSync(fixture(name));
}

/** Duration in seconds as ffprobe measures it: the reference the API's probe is checked against. */
export function measuredDurationSec(path: string): number {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', path], { encoding: 'utf8' });
  const value = Number(out.trim());
  if (!Number.isFinite(value)) throw new Error(`ffprobe found no duration in ${path}`);
  return value;
}

/**
 * The dialogue WAV with a few milliseconds of silence of random length added: the same speech, a different
 * SHA-256, so a test can register its own transcript (and scope injected faults) without meeting others'.
 */
export function uniqueDialogueWav(): Buffer {
  const out = join(FIXTURES_DIR, `.unique-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.wav`);
  run('sox', [fixture('dialogue.wav'), out, 'pad', '0', `0.${String(Math.floor(Math.random() * 900) + 100)}`]);
  try {
    return readFileSync(out);
  } finally {
    rmSync(out, { force: true });
  }
}
