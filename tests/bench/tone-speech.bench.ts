/**
 * Benchmark (not a test): how fast and how exactly the AI emulator hears tone speech (docs/pipeline.md, "The local AI
 * emulator"), for a 30-second window and a 10-minute recording, as WAV and as the codecs a browser or a
 * device would use. Prints, per case, the ffmpeg decoding and the recognition apart, their median over three
 * runs, the words heard right (word and speaker) and the largest error in a word's time.
 * Run: npx tsx tests/bench/tone-speech.bench.ts [minutes of the long recording, default 10]
 */
import { performance } from 'node:perf_hooks';
import { decodeToPcm, PCM_RATE } from '../../emulators/ai-emulator/decode-pcm.ts';
import { recogniseToneSpeech } from '../../emulators/ai-emulator/tone-speech-recogniser.ts';
import { VOCABULARY, type ToneSpeaker } from '../../emulators/ai-emulator/tone-speech.ts';
import { expectedToneWords, toneSpeechAs, toneSpeechWav, type ToneLine, type ToneSpeechContainer } from '../support/tone-speech.ts';

// Not a multiple of the recogniser's 5 ms blocks, so the time errors printed are the ones windows meet.
const LEAD_MS = 503;

/** Lines of vocabulary words and numbers, the same every run, until the recording lasts `seconds`. */
function conversation(seconds: number): ToneLine[] {
  // mulberry32: small, seeded, and exact in integer arithmetic.
  let seed = 20;
  const next = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  const lines: ToneLine[] = [];
  // 0.22 s a symbol, a second between lines: close enough to stop at the length asked.
  for (let spent = LEAD_MS / 1000; spent < seconds - 4; ) {
    const words = Array.from({ length: 4 + next(10) }, () => (next(8) === 0 ? String(next(1000)) : VOCABULARY[next(VOCABULARY.length)]!));
    const speaker: ToneSpeaker = next(2) === 0 ? 'clinician' : 'patient';
    lines.push({ speaker, text: `${words.join(' ')}${next(3) === 0 ? '?' : '.'}` });
    spent += 1 + 0.22 * (words.length + 2) + 0.66 * words.filter((w) => /^\d/.test(w)).length;
  }
  return lines;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(label: string, lines: ToneLine[], container: ToneSpeechContainer | 'wav'): Promise<void> {
  const wav = toneSpeechWav(lines, { leadMs: LEAD_MS });
  const audio = container === 'wav' ? wav : toneSpeechAs(wav, container);
  const expected = expectedToneWords(lines, { leadMs: LEAD_MS });
  const decodeMs: number[] = [];
  const recogniseMs: number[] = [];
  let heard: { word: string; speaker: string | null; startMs: number; endMs: number }[] = [];
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    const pcm = await decodeToPcm(audio);
    const t1 = performance.now();
    const utterances = recogniseToneSpeech(pcm!, PCM_RATE) ?? [];
    const t2 = performance.now();
    decodeMs.push(t1 - t0);
    recogniseMs.push(t2 - t1);
    heard = utterances.flatMap((u) => u.words.map((w) => ({ ...w, speaker: u.speaker })));
  }
  let right = 0;
  let worstMs = 0;
  expected.forEach((e, i) => {
    const h = heard[i];
    if (h?.word !== e.word || h.speaker !== e.speaker) return;
    right++;
    worstMs = Math.max(worstMs, Math.abs(h.startMs - e.startMs), Math.abs(h.endMs - e.endMs));
  });
  const seconds = (wav.length - 44) / 2 / PCM_RATE;
  console.log(
    `${label.padEnd(12)} ${container.padEnd(5)} ${(audio.length / 1024).toFixed(0).padStart(7)} KB  ${seconds.toFixed(0).padStart(4)} s  ` +
      `decode ${median(decodeMs).toFixed(0).padStart(5)} ms  recognise ${median(recogniseMs).toFixed(0).padStart(5)} ms  ` +
      `words ${right}/${expected.length}${heard.length !== expected.length ? ` (heard ${heard.length})` : ''}  worst time error ${worstMs.toFixed(0)} ms`,
  );
}

const longMinutes = Number(process.argv[2] ?? 10);
const window = conversation(30);
const long = conversation(longMinutes * 60);
console.log('tone speech through the AI emulator (ffmpeg decoding in a child process, recognition in-process)');
for (const container of ['wav', 'webm', 'mp3'] as const) await measure('30 s window', window, container);
for (const container of ['wav', 'webm', 'ogg', 'mp3', 'm4a'] as const) await measure(`${longMinutes} min file`, long, container);
