import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { AiServiceError } from '../generative-model.js';
import { withRetries } from '../retry.js';
import type { RecognizedSegment, RecognizedTranscript, Transcriber, TranscriptionRequest } from '../transcriber.js';
import { exited, spawnDecoder, withAudioFile } from './decode-audio.js';

export interface PocketsphinxConfig {
  /** The CLI of Debian's `pocketsphinx` package. */
  binary: string;
  /** Debian's `pocketsphinx-en-us` model folder (acoustic model, language model, dictionary). */
  modelDir: string;
  timeoutMs: number;
  /** The recording before each window it hears first (Transcriber.primingMs); 0 sends windows alone. */
  primingMs: number;
}

/**
 * pocketsphinx normalises each frame by a running cepstral mean that starts from the model's defaults and
 * settles over about 5 s of speech (sphinxbase's live CMN window: 500 frames); its voice detector learns the
 * noise level the same way. A window heard alone is recognised cold, so each hears the recording before it
 * first: 10 s, more than the 5 s that settle the mean, because 10 s measured better (docs/pipeline.md: over
 * five 5-minute consultations, windows primed with 5 s were 2.1 (file) and 2.5 (live) points of word error
 * rate above one pass, with 10 s -0.7 and +1.1; why the extra seconds help is not established). Each window
 * costs 5 s more of recognition.
 */
export const POCKETSPHINX_PRIMING_MS = 10_000;

export const POCKETSPHINX_DEFAULTS: PocketsphinxConfig = {
  binary: 'pocketsphinx_continuous',
  modelDir: '/usr/share/pocketsphinx/model/en-us',
  timeoutMs: 60 * 60_000,
  primingMs: POCKETSPHINX_PRIMING_MS,
};

/** "pocketsphinx" marks offline demo quality for the app (contract: DEMO_QUALITY_ENGINE_MAKERS). */
export const POCKETSPHINX_ENGINE = 'pocketsphinx/en-us';

// A new segment after a pause this long inside one utterance, or once a segment has this many words,
// so the transcript reads in turns of a readable size and evidence can cite a short span.
const PAUSE_SPLIT_MS = 300;
const MAX_WORDS_PER_SEGMENT = 40;

interface TimedWord {
  word: string;
  startMs: number;
  endMs: number;
}

/** `word 1.230 1.560 0.871` (word, start s, end s, confidence): what `-time yes` prints per word. */
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) [-\d.e]+$/;
// Markers, not words: utterance start and end, silence, and noise or filler tokens.
const NOT_A_WORD = /^(<s>|<\/s>|<sil>|\[[^\]]*\]|\+\+.*\+\+|\+[A-Z]+\+)$/i;

/**
 * Reads pocketsphinx_continuous's `-time yes` output: per utterance, its hypothesis on one line, then one
 * line per word with times from the start of the audio. Alternate pronunciations ("the(2)") are the same
 * word. pocketsphinx does not tell voices apart, so every segment has the one speaker "speaker".
 */
export function segmentsFromPocketsphinx(output: string, primedMs = 0): RecognizedSegment[] {
  const utterances: TimedWord[][] = [];
  for (const line of output.split('\n')) {
    const match = WORD_LINE.exec(line.trim());
    if (!match) continue;
    const token = match[1]!;
    if (token === '<s>') utterances.push([]);
    if (NOT_A_WORD.test(token)) continue;
    if (utterances.length === 0) utterances.push([]);
    const startMs = Math.round(Number(match[2]) * 1000) - primedMs;
    const endMs = Math.round(Number(match[3]) * 1000) - primedMs;
    // A word heard mostly in the priming belongs to the window before (windows end in pauses, so few straddle).
    if (startMs + endMs < 0) continue;
    utterances[utterances.length - 1]!.push({ word: token.replace(/\(\d+\)$/, ''), startMs: Math.max(0, startMs), endMs });
  }
  const segments: RecognizedSegment[] = [];
  for (const words of utterances) {
    let current: TimedWord[] = [];
    const flush = () => {
      if (current.length === 0) return;
      segments.push({ speaker: 'speaker', startMs: current[0]!.startMs, endMs: current[current.length - 1]!.endMs, text: current.map((w) => w.word).join(' ') });
      current = [];
    };
    for (const word of words) {
      const previous = current[current.length - 1];
      if (previous && (word.startMs - previous.endMs >= PAUSE_SPLIT_MS || current.length >= MAX_WORDS_PER_SEGMENT)) flush();
      current.push(word);
    }
    flush();
  }
  return segments;
}

/** English is all Debian's model knows: other session languages are refused with what to do instead. */
export function pocketsphinxSupports(language: string): boolean {
  return /^en(-|$)/i.test(language);
}

/**
 * Offline speech recognition with CMU pocketsphinx (Debian's CLI and en-US model): real recognition of the
 * recording, at demo quality (poor accuracy, no drug names, one speaker). ffmpeg decodes the audio to 16 kHz
 * mono PCM; both run as child processes, so the API's event loop
 * never waits on them, and the time limit kills them.
 */
export function pocketsphinxTranscriber(config: PocketsphinxConfig = POCKETSPHINX_DEFAULTS): Transcriber {
  const args = [
    '-hmm', join(config.modelDir, 'en-us'),
    '-lm', join(config.modelDir, 'en-us.lm.bin'),
    '-dict', join(config.modelDir, 'cmudict-en-us.dict'),
    '-time', 'yes',
    '-logfn', '/dev/null',
  ];
  return {
    readsStorageUris: false,
    // The queue in front (recognition-queue.ts) decides how many run; windows wait in it.
    parallelWindows: 1,
    primingMs: config.primingMs,
    async transcribe(request: TranscriptionRequest): Promise<RecognizedTranscript> {
      if (!pocketsphinxSupports(request.language)) {
        throw new AiServiceError('speech', 'rejected', false, `the offline pocketsphinx engine recognises English only; set the session's language to English, or configure whisper or a cloud engine for ${request.language}`);
      }
      if (!request.content) throw new AiServiceError('speech', 'rejected', false, 'the offline pocketsphinx engine reads local audio only (not Cloud Storage URIs)');
      const content = request.content;
      const output = await withRetries('speech', { attempts: 1, firstDelayMs: 0, maxDelayMs: 0, timeoutMs: config.timeoutMs }, (signal) =>
        withAudioFile(content, async (path) => {
          // Decoded to a raw file beside the audio, not piped: the CLI opens its input by name, and Node's
          // stdio pipes are sockets, which /dev/stdin cannot be opened on.
          const raw = `${path}.s16le`;
          await exited(spawnDecoder(path, 's16le', signal, raw), 'ffmpeg', signal);
          const recogniser = spawn(config.binary, [...args, '-infile', raw], { stdio: ['ignore', 'pipe', 'pipe'], signal });
          const parts: Buffer[] = [];
          recogniser.stdout.on('data', (part: Buffer) => parts.push(part));
          await exited(recogniser, 'pocketsphinx', signal, 'pocketsphinx pocketsphinx-en-us');
          return Buffer.concat(parts).toString('utf8');
        }),
      );
      const segments = segmentsFromPocketsphinx(output, request.primedMs ?? 0);
      return {
        language: request.language,
        durationSec: request.durationSec ?? (segments.at(-1)?.endMs ?? 0) / 1000,
        engine: POCKETSPHINX_ENGINE,
        segments,
      };
    },
  };
}
