import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pcmToWav } from '../../functions/src/transcription/pcm.js';
import {
  BURST_MS,
  encodeText,
  MIN_UTTERANCE_GAP_MS,
  MIN_WORD_GAP_MS,
  RAMP_MS,
  SAMPLE_RATE,
  speakerCode,
  TONE_AMPLITUDE,
  tonesOf,
  ToneSpeechError,
  WORD_GAP_MS,
  type ToneSpeaker,
} from '../../emulators/ai-emulator/tone-speech.ts';

/**
 * Recordings in tone speech (emulators/ai-emulator/tone-speech.ts), the language the AI emulator really
 * recognises: lines of { speaker, text } to a 16 kHz mono WAV, the words and times a recognition of it must
 * give, and the same audio as a browser would upload it (WebM/Opus) or in other containers.
 */

export interface ToneLine {
  speaker: ToneSpeaker;
  text: string;
  /** When the utterance starts (its speaker marker), in ms from the start of the recording. */
  atMs?: number;
}

export interface ToneSpeechOptions {
  /** Silence between words (default WORD_GAP_MS, at least MIN_WORD_GAP_MS). */
  wordGapMs?: number;
  /** Silence between utterances that have no `atMs` (default 1000 ms, at least MIN_UTTERANCE_GAP_MS). */
  utteranceGapMs?: number;
  /** Silence before the first utterance that has no `atMs` (default 500 ms). */
  leadMs?: number;
  /** Silence after the last utterance (default 500 ms). */
  tailMs?: number;
}

export interface ExpectedWord {
  word: string;
  speaker: ToneSpeaker;
  startMs: number;
  endMs: number;
}

export interface ExpectedUtterance {
  speaker: ToneSpeaker;
  /** From the first word's start to the last word's end (the speaker marker before it is not a word). */
  startMs: number;
  endMs: number;
  /** Where its sound starts (its speaker marker) and ends (its last burst, punctuation included): the silence between utterances lies outside. */
  soundStartMs: number;
  soundEndMs: number;
  text: string;
  words: ExpectedWord[];
}

export interface ToneSpeechPlan {
  utterances: ExpectedUtterance[];
  bursts: { code: number; startSample: number }[];
  totalSamples: number;
}

/** A short consultation in tone speech, for tests that need one. */
export const TONE_CONSULTATION: readonly ToneLine[] = [
  { speaker: 'clinician', text: 'Good morning, what brings you in today?' },
  { speaker: 'patient', text: 'I have had a dry cough for three days and a mild fever last night.' },
  { speaker: 'clinician', text: 'Any shortness of breath or chest pain?' },
  { speaker: 'patient', text: 'No chest pain. I am allergic to penicillin.' },
  { speaker: 'patient', text: 'My left knee hurts when I walk up the stairs.' },
  { speaker: 'clinician', text: 'Temperature 37.2 degrees, oxygen saturation 98 percent.' },
  { speaker: 'clinician', text: 'Amoxicillin 500 milligrams three times daily for seven days.' },
];

const samplesOf = (ms: number) => Math.round((ms * SAMPLE_RATE) / 1000);
const msOf = (samples: number) => (samples * 1000) / SAMPLE_RATE;
const BURST_SAMPLES = samplesOf(BURST_MS);

/** Where every burst goes, and what a recogniser must hear. Throws on words tone speech has not, or on overlaps. */
export function planToneSpeech(lines: readonly ToneLine[], options: ToneSpeechOptions = {}): ToneSpeechPlan {
  const wordGapMs = options.wordGapMs ?? WORD_GAP_MS;
  const utteranceGapMs = options.utteranceGapMs ?? 1000;
  if (wordGapMs < MIN_WORD_GAP_MS) throw new ToneSpeechError(`wordGapMs must be at least ${MIN_WORD_GAP_MS}`);
  if (utteranceGapMs < MIN_UTTERANCE_GAP_MS) throw new ToneSpeechError(`utteranceGapMs must be at least ${MIN_UTTERANCE_GAP_MS}`);
  const step = BURST_SAMPLES + samplesOf(wordGapMs);
  const bursts: ToneSpeechPlan['bursts'] = [];
  const utterances: ExpectedUtterance[] = [];
  let previousEnd: number | null = null;
  for (const [index, line] of lines.entries()) {
    const words = encodeText(line.text);
    if (words.length === 0) throw new ToneSpeechError(`line ${index + 1} has no words`);
    let at: number;
    if (line.atMs !== undefined) {
      at = samplesOf(line.atMs);
      if (previousEnd !== null && at < previousEnd + samplesOf(MIN_UTTERANCE_GAP_MS)) {
        throw new ToneSpeechError(`line ${index + 1} starts at ${line.atMs} ms, less than ${MIN_UTTERANCE_GAP_MS} ms after the line before it ends (${msOf(previousEnd)} ms)`);
      }
    } else {
      at = previousEnd === null ? samplesOf(options.leadMs ?? 500) : previousEnd + samplesOf(utteranceGapMs);
    }
    const soundStartMs = msOf(at);
    bursts.push({ code: speakerCode(line.speaker), startSample: at });
    at += step;
    const expected: ExpectedWord[] = [];
    for (const word of words) {
      const start = at;
      word.codes.forEach((code, i) => {
        bursts.push({ code, startSample: at + i * step });
      });
      expected.push({ word: word.text, speaker: line.speaker, startMs: msOf(start), endMs: msOf(start + (word.wordSymbols - 1) * step + BURST_SAMPLES) });
      at += word.codes.length * step;
    }
    previousEnd = bursts.at(-1)!.startSample + BURST_SAMPLES;
    utterances.push({ speaker: line.speaker, startMs: expected[0]!.startMs, endMs: expected.at(-1)!.endMs, soundStartMs, soundEndMs: msOf(previousEnd), text: expected.map((w) => w.word).join(' '), words: expected });
  }
  return { utterances, bursts, totalSamples: (previousEnd ?? 0) + samplesOf(options.tailMs ?? 500) };
}

/** Every word a recognition of the recording must give, in order, with its speaker and time. */
export function expectedToneWords(lines: readonly ToneLine[], options: ToneSpeechOptions = {}): ExpectedWord[] {
  return planToneSpeech(lines, options).utterances.flatMap((u) => u.words);
}

/**
 * The speaker turns an app's transcript holds: the Speech-to-Text adapter joins one speaker's consecutive
 * utterances into one turn, as it does with Google's answers.
 */
export function expectedToneTurns(lines: readonly ToneLine[], options: ToneSpeechOptions = {}): { speaker: ToneSpeaker; text: string }[] {
  const turns: { speaker: ToneSpeaker; text: string }[] = [];
  for (const u of planToneSpeech(lines, options).utterances) {
    const last = turns.at(-1);
    if (last?.speaker === u.speaker) last.text += ` ${u.text}`;
    else turns.push({ speaker: u.speaker, text: u.text });
  }
  return turns;
}

/** The recording's samples, 16-bit, 16 kHz, mono. */
export function toneSpeechPcm(lines: readonly ToneLine[], options: ToneSpeechOptions = {}): Int16Array {
  const plan = planToneSpeech(lines, options);
  const pcm = new Int16Array(plan.totalSamples);
  const ramp = samplesOf(RAMP_MS);
  for (const { code, startSample } of plan.bursts) {
    const { lowHz, highHz } = tonesOf(code);
    for (let i = 0; i < BURST_SAMPLES; i++) {
      const fromEdge = Math.min(i, BURST_SAMPLES - 1 - i);
      const envelope = fromEdge >= ramp ? 1 : 0.5 - 0.5 * Math.cos((Math.PI * fromEdge) / ramp);
      const t = i / SAMPLE_RATE;
      const value = TONE_AMPLITUDE * envelope * (Math.sin(2 * Math.PI * lowHz * t) + Math.sin(2 * Math.PI * highHz * t));
      pcm[startSample + i] = Math.round(value * 32767);
    }
  }
  return pcm;
}

/** 16 kHz mono 16-bit PCM as a WAV file: the pipeline's own writer (functions/src/transcription/pcm.ts). */
export const wavOf = pcmToWav;

/** The recording as a 16 kHz mono WAV file. */
export function toneSpeechWav(lines: readonly ToneLine[], options: ToneSpeechOptions = {}): Buffer {
  return wavOf(toneSpeechPcm(lines, options));
}

/** The samples of a 16 kHz mono 16-bit WAV file (as toneSpeechWav writes it). */
export function pcmOfWav(wav: Buffer): Int16Array {
  if (wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 36, 40) !== 'data') throw new Error('not a WAV file as toneSpeechWav writes them');
  const data = wav.subarray(44, 44 + wav.readUInt32LE(40));
  return new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
}

/** How a browser or a clinician's device could hand the same audio over. */
export type ToneSpeechContainer = 'webm' | 'ogg' | 'mp3' | 'm4a' | 'flac';

const ENCODERS: Record<ToneSpeechContainer, string[]> = {
  // As Chrome's MediaRecorder makes it: Opus at 48 kHz, 32 kbit/s, in WebM written as a stream (no duration).
  webm: ['-ar', '48000', '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm'],
  ogg: ['-ar', '48000', '-c:a', 'libopus', '-b:a', '32k', '-f', 'ogg'],
  mp3: ['-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'],
  m4a: ['-ar', '44100', '-c:a', 'aac', '-b:a', '64k', '-f', 'ipod'],
  flac: ['-f', 'flac'],
};

/** The recording re-encoded by ffmpeg (browser-like WebM/Opus by default). */
export function toneSpeechAs(wav: Buffer, container: ToneSpeechContainer = 'webm'): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'tone-speech-'));
  try {
    const input = join(dir, 'in.wav');
    writeFileSync(input, wav);
    const args = ['-nostdin', '-loglevel', 'error', '-i', input, '-ac', '1', ...ENCODERS[container]];
    // WebM to a pipe, as a browser streams it: no duration in its header. The rest to a file: the MP4
    // muxer goes back to write its index.
    if (container === 'webm') return execFileSync('ffmpeg', [...args, 'pipe:1'], { maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = join(dir, `out.${container}`);
    execFileSync('ffmpeg', [...args, '-y', output], { stdio: ['ignore', 'ignore', 'pipe'] });
    return readFileSync(output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
