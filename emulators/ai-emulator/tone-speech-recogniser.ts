import { BURST_MS, HIGH_TONES_HZ, LOW_TONES_HZ, symbolOf, type ToneSpeaker } from './tone-speech.ts';

/**
 * Hears tone speech (tone-speech.ts describes the encoding) in 16 kHz mono PCM. Deterministic, and it
 * judges every burst by the samples of that burst alone, so a window cut in the silence between
 * utterances is heard exactly as the same stretch of the whole recording.
 */

export interface HeardWord {
  word: string;
  startMs: number;
  endMs: number;
}

export interface HeardUtterance {
  /** From the utterance's marker; null for words heard before any marker (a window cut inside an utterance). */
  speaker: ToneSpeaker | null;
  startMs: number;
  endMs: number;
  words: HeardWord[];
}

// Loudness is judged in 5 ms blocks: word times come out within a few ms, well inside what tests allow.
const BLOCK_MS = 5;
// A block is sound above -36 dBFS RMS. A burst is -12 dBFS RMS, so the same recording 20 dB quieter is still
// heard; what codecs leave in the gaps between bursts is far below.
const SOUND_RMS = 0.015;
// A dip this short inside a burst is a codec's artefact, not the gap between two words.
const BRIDGED_DIP_MS = 10;
// A burst cut by a window's edge is still heard if this much of it is left: its tones do not change along it.
const MIN_BURST_MS = 70;
// Sound much longer than a burst is not tone speech (real speech, music, two bursts a codec joined).
const MAX_BURST_MS = BURST_MS * 2;
// Each end of a burst is left out of the frequency analysis: ramps and codec transients live there.
const EDGE_SKIP_MS = 15;
// When a whole burst is not clean, stretches this long, this far apart, are judged instead (symbolIn).
const STRETCH_MS = 50;
const STRETCH_HOP_MS = 10;
// A clean burst: its two strongest candidates carry most of its power, each group's runner-up is at least
// 10 dB below its winner, and neither tone is much weaker than the other.
const MIN_TONE_POWER_SHARE = 0.6;
const MAX_RUNNER_UP_RATIO = 0.3;
const MIN_TONE_BALANCE = 0.3;
// Audio is tone speech when nearly every burst in it is clean (real speech makes few clean bursts, if any).
const MIN_CLEAN_SHARE = 0.8;

interface Burst {
  start: number;
  end: number;
  /** The symbol heard, or null for sound that is not a clean burst. */
  code: number | null;
}

/** Runs of sound, as sample ranges. */
function soundRuns(pcm: Float32Array, sampleRate: number): { start: number; end: number }[] {
  const block = Math.round((sampleRate * BLOCK_MS) / 1000);
  const threshold = SOUND_RMS * SOUND_RMS * block;
  const bridged = Math.round(BRIDGED_DIP_MS / BLOCK_MS);
  const runs: { start: number; end: number }[] = [];
  let quietBlocks = Infinity;
  for (let at = 0; at < pcm.length; at += block) {
    const end = Math.min(pcm.length, at + block);
    let energy = 0;
    for (let i = at; i < end; i++) energy += pcm[i]! * pcm[i]!;
    if (energy * (block / (end - at)) < threshold) {
      quietBlocks++;
      continue;
    }
    const last = runs.at(-1);
    if (last && quietBlocks <= bridged) last.end = end;
    else runs.push({ start: at, end });
    quietBlocks = 0;
  }
  return runs;
}

/** A Hann window of each length asked for, kept: bursts come in few lengths. */
const hannWindows = new Map<number, Float32Array>();
function hann(length: number): Float32Array {
  let window = hannWindows.get(length);
  if (!window) {
    window = new Float32Array(length);
    for (let i = 0; i < length; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (length - 1));
    if (hannWindows.size < 512) hannWindows.set(length, window);
  }
  return window;
}

/** Amplitude of a sinusoid at `hz` in windowed samples (Goertzel: one DFT bin, at exactly that frequency). */
function toneAmplitude(samples: Float32Array, window: Float32Array, windowSum: number, hz: number, sampleRate: number): number {
  const coeff = 2 * Math.cos((2 * Math.PI * hz) / sampleRate);
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < samples.length; i++) {
    const s0 = samples[i]! * window[i]! + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  const power = s1 * s1 + s2 * s2 - coeff * s1 * s2;
  return (2 * Math.sqrt(Math.max(0, power))) / windowSum;
}

/** The strongest candidate of a group, and how strong the runner-up is beside it. */
function strongest(amplitudes: number[]): { index: number; amplitude: number; runnerUp: number } {
  let index = 0;
  for (let i = 1; i < amplitudes.length; i++) if (amplitudes[i]! > amplitudes[index]!) index = i;
  const runnerUp = Math.max(0, ...amplitudes.filter((_, i) => i !== index));
  return { index, amplitude: amplitudes[index]!, runnerUp };
}

/** The symbol two clean candidate tones in these samples make, or null when they are not that. */
function cleanSymbolIn(samples: Float32Array, sampleRate: number): number | null {
  const window = hann(samples.length);
  let windowSum = 0;
  let energy = 0;
  for (let i = 0; i < samples.length; i++) {
    windowSum += window[i]!;
    energy += samples[i]! * samples[i]!;
  }
  const low = strongest(LOW_TONES_HZ.map((hz) => toneAmplitude(samples, window, windowSum, hz, sampleRate)));
  const high = strongest(HIGH_TONES_HZ.map((hz) => toneAmplitude(samples, window, windowSum, hz, sampleRate)));
  const tonePower = (low.amplitude ** 2 + high.amplitude ** 2) / 2;
  const clean =
    tonePower >= MIN_TONE_POWER_SHARE * (energy / samples.length) &&
    low.runnerUp <= MAX_RUNNER_UP_RATIO * low.amplitude &&
    high.runnerUp <= MAX_RUNNER_UP_RATIO * high.amplitude &&
    Math.min(low.amplitude, high.amplitude) >= MIN_TONE_BALANCE * Math.max(low.amplitude, high.amplitude);
  if (!clean) return null;
  const code = low.index * HIGH_TONES_HZ.length + high.index;
  return symbolOf(code) ? code : null;
}

/**
 * The symbol a burst carries, or null when it is not two clean candidate tones. Opus at 32 kbit/s (VBR, as
 * browsers record) now and then lets one tone grow over a burst until it clips: tripled and square over its
 * last 40-80 ms (4 words in 11,815 of 600 generated conversations were lost so; none since this fallback).
 * A burst's tones do not change along it, so when the whole burst is not clean, its stretches of STRETCH_MS
 * are judged one by one: the symbol is the one every clean stretch names. A stretch still resolves the
 * candidates: under a Hann window of 50 ms the nearest other candidate is 2.5 bins away, past the main lobe.
 */
function symbolIn(pcm: Float32Array, start: number, end: number, sampleRate: number): number | null {
  const skip = Math.round((sampleRate * EDGE_SKIP_MS) / 1000);
  const samples = pcm.subarray(start + skip, end - skip);
  const whole = cleanSymbolIn(samples, sampleRate);
  if (whole !== null) return whole;
  const stretch = Math.round((sampleRate * STRETCH_MS) / 1000);
  const hop = Math.round((sampleRate * STRETCH_HOP_MS) / 1000);
  let named: number | null = null;
  for (let at = 0; at + stretch <= samples.length; at += hop) {
    const code = cleanSymbolIn(samples.subarray(at, at + stretch), sampleRate);
    if (code === null) continue;
    if (named !== null && code !== named) return null;
    named = code;
  }
  return named;
}

function bursts(pcm: Float32Array, sampleRate: number): Burst[] {
  const perMs = sampleRate / 1000;
  const found: Burst[] = [];
  for (const run of soundRuns(pcm, sampleRate)) {
    const ms = (run.end - run.start) / perMs;
    if (ms < MIN_BURST_MS) continue;
    found.push({ ...run, code: ms > MAX_BURST_MS ? null : symbolIn(pcm, run.start, run.end, sampleRate) });
  }
  return found;
}

/** Symbols to utterances: markers open them, numbers are kept only whole, punctuation joins its word. */
function utterancesOf(heard: Burst[], sampleRate: number): HeardUtterance[] {
  const ms = (sample: number) => Math.round((sample * 1000) / sampleRate);
  const utterances: HeardUtterance[] = [];
  let current: HeardUtterance | null = null;
  // The word punctuation may attach to: the last thing heard, if it was a word.
  let lastWord: HeardWord | null = null;
  let number: { length: number; chars: string; start: number } | null = null;
  const say = (word: string, start: number, end: number): HeardWord => {
    if (!current) utterances.push((current = { speaker: null, startMs: 0, endMs: 0, words: [] }));
    const heardWord = { word, startMs: ms(start), endMs: ms(end) };
    current.words.push(heardWord);
    return heardWord;
  };
  for (const burst of heard) {
    const symbol = burst.code === null ? null : symbolOf(burst.code);
    if (symbol?.kind !== 'number-char') number = null;
    if (symbol?.kind !== 'punctuation') lastWord = null;
    switch (symbol?.kind) {
      case undefined:
        break;
      case 'speaker':
        utterances.push((current = { speaker: symbol.speaker, startMs: 0, endMs: 0, words: [] }));
        break;
      case 'punctuation':
        if (lastWord) lastWord.word += symbol.mark;
        break;
      case 'number-header':
        number = { length: symbol.length, chars: '', start: burst.start };
        break;
      case 'number-char':
        if (!number) break;
        number.chars += symbol.char;
        if (number.chars.length === number.length) {
          lastWord = say(number.chars, number.start, burst.end);
          number = null;
        }
        break;
      case 'word':
        lastWord = say(symbol.word, burst.start, burst.end);
        break;
    }
  }
  return utterances
    .filter((u) => u.words.length > 0)
    .map((u) => ({ ...u, startMs: u.words[0]!.startMs, endMs: u.words.at(-1)!.endMs }));
}

/**
 * The tone speech in the audio: its utterances; none for silence (no sound as long as MIN_BURST_MS: what a
 * window's edge leaves of a burst may be shorter), as a window between two utterances may be; null when
 * the audio holds sound of another kind (real speech, music, noise).
 */
export function recogniseToneSpeech(pcm: Float32Array, sampleRate: number): HeardUtterance[] | null {
  const heard = bursts(pcm, sampleRate);
  const clean = heard.filter((b) => b.code !== null).length;
  if (heard.length === 0) return [];
  if (clean === 0 || clean < MIN_CLEAN_SHARE * heard.length) return null;
  return utterancesOf(heard, sampleRate);
}
