import { fork } from 'node:child_process';
import { existsSync, openSync, readSync, closeSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AiServiceError } from '../generative-model.js';
import { withRetries } from '../retry.js';
import type { RecognizedTranscript, Transcriber, TranscriptionRequest } from '../transcriber.js';
import { decodeToPcm, withAudioFile } from './decode-audio.js';
import type { WhisperAnswer, WhisperJob } from './whisper-worker.js';

export interface WhisperConfig {
  /** A whisper.cpp ggml model file (WHISPER_MODEL_PATH), e.g. ggml-base.en.bin. */
  modelPath: string;
  threads: number;
  timeoutMs: number;
}

export const WHISPER_MODEL_HELP =
  'download a ggml model (e.g. ggml-base.en.bin, 148 MB) from https://huggingface.co/ggerganov/whisper.cpp/tree/main into models/ and set WHISPER_MODEL_PATH to its path';

// ggml model files begin with the magic 0x67676d6c ("ggml"), little-endian on disk.
const GGML_MAGIC = 0x67676d6c;

/**
 * Checked when the API starts, so a wrong WHISPER_MODEL_PATH stops it with what to do rather than failing
 * every session later. Reads 4 bytes; the model itself is loaded per recognition, in the child process.
 */
export function checkWhisperModel(modelPath: string | undefined): string {
  if (!modelPath) throw new Error(`TRANSCRIBER=whisper needs WHISPER_MODEL_PATH: ${WHISPER_MODEL_HELP}`);
  if (!existsSync(modelPath) || !statSync(modelPath).isFile()) throw new Error(`WHISPER_MODEL_PATH=${modelPath}: no such file; ${WHISPER_MODEL_HELP}`);
  const magic = Buffer.alloc(4);
  const fd = openSync(modelPath, 'r');
  try {
    readSync(fd, magic, 0, 4, 0);
  } finally {
    closeSync(fd);
  }
  if (magic.readUInt32LE(0) !== GGML_MAGIC) throw new Error(`WHISPER_MODEL_PATH=${modelPath} is not a whisper.cpp ggml model file; ${WHISPER_MODEL_HELP}`);
  return modelPath;
}

/** "en-US" -> "en": whisper takes ISO 639-1 codes. */
export const whisperLanguage = (language: string) => language.split('-')[0]!.toLowerCase() || 'auto';

/** The worker as built (lib/whisper-worker.js beside lib/index.js) or as source (tests run src/ directly). */
function workerPath(): string {
  for (const candidate of ['./whisper-worker.js', './local-speech/whisper-worker.js', './whisper-worker.ts']) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error('the whisper worker file is missing from the build (functions/build.mjs)');
}

/**
 * whisper.cpp through the prebuilt `@napi-rs/whisper` runtime, with a ggml model file from configuration.
 * ffmpeg decodes to 16 kHz mono float PCM; recognition runs in a child process (see whisper-worker.ts).
 * Whisper does not tell voices apart: every segment has the one speaker "speaker".
 */
export function whisperTranscriber(config: WhisperConfig): Transcriber {
  const modelName = config.modelPath.split('/').pop()!.replace(/^ggml-/, '').replace(/\.bin$/, '');
  return {
    readsStorageUris: false,
    // The queue in front (recognition-queue.ts) decides how many run; windows wait in it.
    parallelWindows: 1,
    async transcribe(request: TranscriptionRequest): Promise<RecognizedTranscript> {
      if (!request.content) throw new AiServiceError('speech', 'rejected', false, 'the local whisper engine reads local audio only (not Cloud Storage URIs)');
      const content = request.content;
      const answer = await withRetries('speech', { attempts: 1, firstDelayMs: 0, maxDelayMs: 0, timeoutMs: config.timeoutMs }, (signal) =>
        withAudioFile(content, async (path) => {
          const pcm = await decodeToPcm(path, 'f32le', signal);
          const child = fork(workerPath(), [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'ignore', 'ignore', 'ipc'], signal });
          return new Promise<WhisperAnswer>((resolve, reject) => {
            child.once('message', (message: WhisperAnswer) => resolve(message));
            child.once('error', (err) => reject(signal.aborted ? new AiServiceError('speech', 'timeout', true, 'whisper was stopped by the time limit') : err));
            child.once('exit', (code, killedBy) => reject(new AiServiceError('speech', 'rejected', false, `whisper stopped before answering (exit ${code ?? killedBy}); is WHISPER_MODEL_PATH a whisper.cpp ggml model?`)));
            const job: WhisperJob = { modelPath: config.modelPath, pcm, language: whisperLanguage(request.language), threads: config.threads };
            child.send(job);
          });
        }),
      );
      if (!answer.ok) throw new AiServiceError('speech', 'rejected', false, `whisper could not load or run the model at WHISPER_MODEL_PATH (${answer.message})`);
      const segments = answer.segments.map((s) => ({ speaker: 'speaker', startMs: s.startMs, endMs: Math.max(s.endMs, s.startMs), text: s.text }));
      return {
        language: request.language,
        durationSec: request.durationSec ?? (segments.at(-1)?.endMs ?? 0) / 1000,
        engine: `whisper.cpp/${modelName}`,
        segments,
      };
    },
  };
}
