import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readElementId, readUint, readVint } from '../../functions/src/audio/webm-duration.js';
import { pcmToWav } from '../../functions/src/transcription/pcm.js';

/**
 * Speech that sounds like a consultation, of any length, for the benchmarks (tests/bench/): a doctor-patient
 * dialogue spoken by espeak-ng in two voices, round after round (each a little different: speaking rate and
 * pitch), with the pauses people leave: short ones within a speaker's turn, longer ones when the other
 * speaks, a few seconds of silence while the clinician examines, and a breath between rounds. A faint noise
 * floor (about -60 dBFS), as a room and a microphone give, so silence is never digital zero. Deterministic:
 * the same dialogue and length give the same audio, in every benchmark of a run.
 *
 * The dialogue: ACI-Bench's real consultations when the dataset is at hand (aciBenchDialogue; each
 * encounter a round), else the short script below (plain words the pocketsphinx en-US model knows), repeated.
 */
export interface Dialogue {
  /** What the output calls it. */
  name: string;
  /** Each round a conversation; rounds are spoken in turn, from the first again if the length needs it. */
  rounds: { speaker: 'clinician' | 'patient'; text: string }[][];
  /** In a round, the line after which the clinician examines (a long silence), if any. */
  examinationAfter?: number;
}

export const CONSULTATION_SCRIPT = [
  ['clinician', 'Good morning. Please sit down. What brings you in today?'],
  ['patient', 'I have had a bad cough for about two weeks, and it is worse at night.'],
  ['clinician', 'Do you have a fever or any pain in your chest?'],
  ['patient', 'I had a fever last week. My chest hurts a little when I cough.'],
  ['clinician', 'Are you allergic to any medicine?'],
  ['patient', 'Yes, I am allergic to penicillin. It gives me a rash.'],
  ['clinician', 'I will listen to your lungs now. Take a deep breath for me.'],
  ['clinician', 'Your lungs sound clear. I think this is a chest infection after a cold.'],
  ['clinician', 'I will give you a different antibiotic for seven days. Drink plenty of water and rest.'],
  ['patient', 'Thank you. Should I come back if it does not get better?'],
  ['clinician', 'Yes, come back in one week, or sooner if you find it hard to breathe.'],
] as const;

/** The script as a dialogue: the clinician listens to the lungs after its seventh line. */
export const SCRIPT_DIALOGUE: Dialogue = {
  name: 'the built-in 11-line consultation script, repeated',
  rounds: [CONSULTATION_SCRIPT.map(([speaker, text]) => ({ speaker, text }))],
  examinationAfter: 6,
};

/**
 * ACI-Bench encounters (tests/bench/aci-bench.ts reads them) as rounds. The dataset's tokens are put back as
 * spoken ("do n't" → "don't"); turns with digits are left out, since espeak-ng would say words ("fifty
 * eight") the reference, read as written, does not have.
 */
export function aciBenchDialogue(encounters: readonly { id: string; segments: readonly { speaker: string; text: string }[] }[]): Dialogue {
  const rounds = encounters.map((e) =>
    e.segments
      .filter((s) => !/\d/.test(s.text))
      .map((s) => ({ speaker: s.speaker.startsWith('doctor') ? ('clinician' as const) : ('patient' as const), text: s.text.replace(/ n't\b/g, "n't").replace(/ '(s|re|ve|ll|d|m)\b/g, "'$1") }))
      .filter((line) => wordsOf(line.text).length > 0),
  );
  return { name: `ACI-Bench dialogues (${encounters.length} encounters spoken in order, turns with digits left out)`, rounds: rounds.filter((r) => r.length > 0) };
}

const VOICES = { clinician: 'en-us', patient: 'en-us+f3' } as const;
/** Each round's speaking rate (words per minute) and pitch, so no two rounds in a row sound the same. */
const RATES = [150, 140, 160, 145, 155];
const PITCHES = [50, 42, 58];

export const SAMPLE_RATE = 16_000;

/** The words a transcript is scored on: lower case, letters and apostrophes. */
export const wordsOf = (text: string): string[] => text.toLowerCase().replace(/[^a-z' ]+/g, ' ').split(/\s+/).filter(Boolean);

export interface SpokenLine {
  speaker: 'clinician' | 'patient';
  text: string;
  startMs: number;
  endMs: number;
}

export interface ConsultationAudio {
  /** 16 kHz mono 16-bit PCM. */
  pcm: Int16Array;
  durationSec: number;
  lines: SpokenLine[];
  /** The words spoken, in order: what a perfect transcript says. */
  referenceWords: string[];
  /** Whole rounds of the script in it. */
  rounds: number;
}

/** A small seeded generator (mulberry32): the same pauses and noise on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const synthesized = new Map<string, Int16Array>();

/** One line spoken by espeak-ng, as 16 kHz mono PCM (sox resamples; -R makes its dither the same every run). Made once per voice, rate and pitch. */
function speak(voice: string, rate: number, pitch: number, text: string): Int16Array {
  const key = `${voice}|${rate}|${pitch}|${text}`;
  const known = synthesized.get(key);
  if (known) return known;
  // The text on stdin: a line of a dataset may start with '-', which espeak-ng would read as an option.
  const wav = execFileSync('espeak-ng', ['-v', voice, '-s', String(rate), '-p', String(pitch), '--stdout', '--stdin'], { input: text, maxBuffer: 64 * 1024 * 1024 });
  const raw = execFileSync('sox', ['-R', '-t', 'wav', '-', '-r', String(SAMPLE_RATE), '-c', '1', '-b', '16', '-e', 'signed-integer', '-t', 'raw', '-'], { input: wav, maxBuffer: 64 * 1024 * 1024 });
  const pcm = new Int16Array(raw.length / 2);
  Buffer.from(pcm.buffer).set(raw.subarray(0, pcm.length * 2));
  synthesized.set(key, pcm);
  return pcm;
}

/** `minutes` of the dialogue (to the end of the line that passes it), as PCM with what was said when. */
export function consultationOf(minutes: number, dialogue: Dialogue = SCRIPT_DIALOGUE): ConsultationAudio {
  const random = seeded(20 + minutes);
  const between = (lo: number, hi: number) => Math.round(lo + random() * (hi - lo));
  const parts: ({ pcm: Int16Array } | { silenceMs: number })[] = [];
  const lines: SpokenLine[] = [];
  let atMs = between(800, 1500);
  parts.push({ silenceMs: atMs });
  let rounds = 0;
  for (let i = 0; atMs < minutes * 60_000; ) {
    const round = dialogue.rounds[rounds % dialogue.rounds.length]!;
    const { speaker, text } = round[i]!;
    const pcm = speak(VOICES[speaker], RATES[rounds % RATES.length]!, PITCHES[rounds % PITCHES.length]!, text);
    const ms = (pcm.length / SAMPLE_RATE) * 1000;
    lines.push({ speaker, text, startMs: atMs, endMs: atMs + ms });
    parts.push({ pcm });
    atMs += ms;
    const next = round[i + 1];
    // Within a turn a short breath; a new speaker answers after a moment; the examination takes a while;
    // the round ends with a longer silence.
    const pause = i === dialogue.examinationAfter ? between(4000, 8000) : !next ? between(2000, 3500) : next.speaker === speaker ? between(350, 800) : between(700, 1800);
    parts.push({ silenceMs: pause });
    atMs += pause;
    i++;
    if (!next) {
      rounds++;
      i = 0;
    }
  }
  const total = parts.reduce((n, p) => n + ('pcm' in p ? p.pcm.length : Math.round((p.silenceMs * SAMPLE_RATE) / 1000)), 0);
  const pcm = new Int16Array(total);
  let at = 0;
  for (const part of parts) {
    if ('pcm' in part) {
      pcm.set(part.pcm, at);
      at += part.pcm.length;
    } else at += Math.round((part.silenceMs * SAMPLE_RATE) / 1000);
  }
  // The noise floor: uniform noise of RMS about 33 (-60 dBFS), under the speech too.
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.max(-32768, Math.min(32767, pcm[i]! + Math.round((random() - 0.5) * 114)));
  return { pcm, durationSec: pcm.length / SAMPLE_RATE, lines, referenceWords: lines.flatMap((l) => wordsOf(l.text)), rounds };
}

/** 16 kHz mono 16-bit PCM as a WAV file: the pipeline's own writer (functions/src/transcription/pcm.ts). */
export const wavOf = pcmToWav;

/**
 * The audio as Chromium's MediaRecorder records it: WebM/Opus at 48 kHz, about 16 KB a second (what it
 * records at by default), written as a stream (no duration in the header). `dir` holds the WAV on the way.
 */
export function browserWebm(audio: ConsultationAudio, dir: string): Buffer {
  const wav = join(dir, `consultation-${process.pid}-${Date.now()}.wav`);
  writeFileSync(wav, wavOf(audio.pcm));
  return execFileSync('ffmpeg', ['-loglevel', 'error', '-i', wav, '-ar', '48000', '-c:a', 'libopus', '-b:a', '128k', '-f', 'webm', 'pipe:1'], { maxBuffer: 1024 * 1024 * 1024 });
}

const ID_SEGMENT = 0x18538067;
const ID_CLUSTER = 0x1f43b675;
const ID_CLUSTER_TIMECODE = 0xe7;
const ID_SIMPLE_BLOCK = 0xa3;

/**
 * The recording cut as MediaRecorder's timeslice cuts it: chunk i holds the blocks recorded in
 * [i·sliceMs, (i+1)·sliceMs) (a Cluster's header goes with its first block), the first chunk the header
 * too. Joined, the chunks are the file byte for byte.
 */
export function timesliceChunks(webm: Buffer, sliceMs = 2000): Buffer[] {
  const cuts: number[] = [];
  let slice = 1;
  const segment = readElementId(webm, findSegment(webm))!;
  const segmentSize = readVint(webm, findSegment(webm) + segment.length)!;
  let pos = findSegment(webm) + segment.length + segmentSize.length;
  while (pos < webm.length) {
    const id = readElementId(webm, pos);
    const size = id ? readVint(webm, pos + id.length) : null;
    if (!id || !size) throw new Error(`unreadable WebM element at byte ${pos}`);
    const body = pos + id.length + size.length;
    if (id.id !== ID_CLUSTER) {
      pos = body + size.value;
      continue;
    }
    const clusterStart = pos;
    const end = size.unknown ? webm.length : body + size.value;
    let timecode = 0;
    let first = true;
    for (let at = body; at < end; ) {
      const child = readElementId(webm, at);
      const childSize = child ? readVint(webm, at + child.length) : null;
      if (!child || !childSize) throw new Error(`unreadable WebM element at byte ${at}`);
      const data = at + child.length + childSize.length;
      if (child.id === ID_CLUSTER && size.unknown) break;
      if (child.id === ID_CLUSTER_TIMECODE) timecode = readUint(webm, data, childSize.value) ?? 0;
      if (child.id === ID_SIMPLE_BLOCK) {
        const track = readVint(webm, data)!;
        const raw = readUint(webm, data + track.length, 2)!;
        const timeMs = timecode + (raw >= 0x8000 ? raw - 0x10000 : raw);
        while (timeMs >= slice * sliceMs) {
          cuts.push(first ? clusterStart : at);
          slice++;
        }
        first = false;
      }
      at = data + childSize.value;
    }
    pos = end;
  }
  const bounds = [0, ...cuts.filter((c, i) => c > 0 && c !== cuts[i - 1]), webm.length];
  return bounds.slice(1).map((end, i) => webm.subarray(bounds[i], end)).filter((c) => c.length > 0);
}

function findSegment(webm: Buffer): number {
  const header = readElementId(webm, 0);
  const headerSize = header ? readVint(webm, header.length) : null;
  if (!header || !headerSize) throw new Error('not a WebM file');
  const at = header.length + headerSize.length + headerSize.value;
  if (readElementId(webm, at)?.id !== ID_SEGMENT) throw new Error('no Segment after the EBML header');
  return at;
}
