import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { aiConfigFromEnv, type AiConfig } from './ai-config.js';
import { geminiModel } from './gemini-model.js';
import type { GenerativeModel } from './generative-model.js';
import type { AiServices } from './ai-services.js';
import { googleSpeechTranscriber } from './google-speech.js';
import { POCKETSPHINX_DEFAULTS, pocketsphinxTranscriber } from './local-speech/pocketsphinx.js';
import { localRecognitionConcurrency, queuedTranscriber, wholeNumberFromEnv } from './local-speech/recognition-queue.js';
import { checkWhisperModel, whisperTranscriber } from './local-speech/whisper.js';
import { openAiChatModel } from './openai/openai-chat-model.js';
import type { OpenAiEndpoint } from './openai/openai-http.js';
import { openAiTranscriber } from './openai/openai-transcriber.js';
import type { RetryPolicy } from './retry.js';
import type { Transcriber } from './transcriber.js';

/**
 * Which engine transcribes (TRANSCRIBER) and which writes notes (NOTE_WRITER):
 * - google: Speech-to-Text; emulator: the same adapter against the local AI emulator (AI_EMULATOR_URL),
 *   a deterministic double whose transcripts are not made from the audio (the tests' engine);
 * - pocketsphinx: Debian's offline recogniser, demo quality; whisper: whisper.cpp with WHISPER_MODEL_PATH;
 * - openai: any OpenAI-compatible server (OPENAI_BASE_URL, or OPENAI_TRANSCRIBE_BASE_URL / OPENAI_CHAT_BASE_URL).
 */
export const TRANSCRIBER_ENGINES = ['google', 'emulator', 'pocketsphinx', 'whisper', 'openai'] as const;
export type TranscriberEngine = (typeof TRANSCRIBER_ENGINES)[number];
export const NOTE_WRITER_ENGINES = ['gemini', 'openai'] as const;
export type NoteWriterEngine = (typeof NOTE_WRITER_ENGINES)[number];

/** Whether Debian's pocketsphinx CLI and its en-US model are on this machine. */
export function pocketsphinxInstalled(env: NodeJS.ProcessEnv = process.env): boolean {
  const onPath = (env['PATH'] ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, POCKETSPHINX_DEFAULTS.binary)));
  return onPath && existsSync(join(env['POCKETSPHINX_MODEL_DIR'] ?? POCKETSPHINX_DEFAULTS.modelDir, 'en-us.lm.bin'));
}

/**
 * TRANSCRIBER when set (an unknown value stops the API at start, naming the variable). Unset: a configured
 * whisper model; else, running locally (AI_EMULATOR_URL set by the README commands), pocketsphinx when
 * installed so the user's own words are transcribed, the emulator only without it; deployed, Speech-to-Text.
 */
export function transcriberEngineFromEnv(env: NodeJS.ProcessEnv = process.env, hasPocketsphinx = () => pocketsphinxInstalled(env)): TranscriberEngine {
  const chosen = env['TRANSCRIBER']?.trim();
  if (chosen) {
    if (!(TRANSCRIBER_ENGINES as readonly string[]).includes(chosen)) throw new Error(`TRANSCRIBER=${chosen} is not one of ${TRANSCRIBER_ENGINES.join(', ')}`);
    return chosen as TranscriberEngine;
  }
  if (env['WHISPER_MODEL_PATH']) return 'whisper';
  if (env['AI_EMULATOR_URL']) return hasPocketsphinx() ? 'pocketsphinx' : 'emulator';
  return 'google';
}

export function noteWriterEngineFromEnv(env: NodeJS.ProcessEnv = process.env): NoteWriterEngine {
  const chosen = env['NOTE_WRITER']?.trim() || 'gemini';
  if (!(NOTE_WRITER_ENGINES as readonly string[]).includes(chosen)) throw new Error(`NOTE_WRITER=${chosen} is not one of ${NOTE_WRITER_ENGINES.join(', ')}`);
  return chosen as NoteWriterEngine;
}

/** One OpenAI-compatible endpoint from the environment; a missing base URL or model stops the API at start. */
export function openAiEndpointFromEnv(env: NodeJS.ProcessEnv, use: 'TRANSCRIBE' | 'CHAT'): OpenAiEndpoint {
  const baseUrl = env[`OPENAI_${use}_BASE_URL`] || env['OPENAI_BASE_URL'];
  const model = env[`OPENAI_${use}_MODEL`];
  const engine = use === 'TRANSCRIBE' ? 'TRANSCRIBER=openai' : 'NOTE_WRITER=openai';
  if (!baseUrl) throw new Error(`${engine} needs OPENAI_BASE_URL (or OPENAI_${use}_BASE_URL), e.g. http://localhost:11434/v1`);
  if (!/^https?:\/\//.test(baseUrl)) throw new Error(`OPENAI_${use}_BASE_URL / OPENAI_BASE_URL must be an http(s) URL`);
  if (!model) throw new Error(`${engine} needs OPENAI_${use}_MODEL (the model name the server serves)`);
  return { baseUrl, model, apiKey: env[`OPENAI_${use}_API_KEY`] || env['OPENAI_API_KEY'] || null };
}

function transcriberFor(engine: TranscriberEngine, env: NodeJS.ProcessEnv, config: AiConfig, retry: Omit<RetryPolicy, 'timeoutMs'>): Transcriber {
  // Local engines run at a fraction of real time on the server's own cores: their limit is per recording, not per call.
  const localTimeoutMs = Number(env['LOCAL_SPEECH_TIMEOUT_MS'] ?? 60 * 60_000);
  switch (engine) {
    case 'google':
      return googleSpeechTranscriber(config, { ...retry, timeoutMs: config.speechTimeoutMs });
    case 'emulator':
      if (!config.emulatorUrl) throw new Error('TRANSCRIBER=emulator needs AI_EMULATOR_URL (the README commands set it)');
      return googleSpeechTranscriber(config, { ...retry, timeoutMs: config.speechTimeoutMs });
    // Local engines wait in a bounded queue (recognition-queue.ts): N uploads at once must not start N recognisers on a few cores.
    case 'pocketsphinx': {
      const recogniser = pocketsphinxTranscriber({ ...POCKETSPHINX_DEFAULTS, modelDir: env['POCKETSPHINX_MODEL_DIR'] ?? POCKETSPHINX_DEFAULTS.modelDir, timeoutMs: localTimeoutMs });
      return queuedTranscriber(recogniser, localRecognitionConcurrency(env, 1));
    }
    case 'whisper': {
      const threads = wholeNumberFromEnv(env, 'WHISPER_THREADS', 'threads of one whisper recognition') ?? 2;
      const recogniser = whisperTranscriber({ modelPath: checkWhisperModel(env['WHISPER_MODEL_PATH']), threads, timeoutMs: localTimeoutMs });
      return queuedTranscriber(recogniser, localRecognitionConcurrency(env, threads));
    }
    case 'openai':
      return openAiTranscriber(openAiEndpointFromEnv(env, 'TRANSCRIBE'), { ...retry, timeoutMs: config.speechTimeoutMs });
  }
}

const retryFrom = (config: AiConfig) => ({ attempts: config.retryAttempts, firstDelayMs: config.retryFirstDelayMs, maxDelayMs: 15_000 });

/**
 * The writing model alone, as NOTE_WRITER configures it: what the API writes notes with, and what the
 * quality harness (`npm run eval`) measures, so both are the same adapter with the same settings.
 */
export function noteWriterModelFromEnv(env: NodeJS.ProcessEnv = process.env): { model: GenerativeModel; engine: NoteWriterEngine } {
  const config = aiConfigFromEnv(env);
  const engine = noteWriterEngineFromEnv(env);
  const retry = { ...retryFrom(config), timeoutMs: config.geminiTimeoutMs };
  return { model: engine === 'openai' ? openAiChatModel(openAiEndpointFromEnv(env, 'CHAT'), retry) : geminiModel(config, retry), engine };
}

/** The AI services as configured: the composition root's single call (functions/src/index.ts). */
export function aiServicesFromEnv(env: NodeJS.ProcessEnv = process.env): AiServices & { engines: { transcriber: TranscriberEngine; noteWriter: NoteWriterEngine } } {
  const config = aiConfigFromEnv(env);
  const transcriber = transcriberEngineFromEnv(env);
  const transcriberService = transcriberFor(transcriber, env, config, retryFrom(config));
  const noteWriter = noteWriterModelFromEnv(env);
  return { transcriber: transcriberService, model: noteWriter.model, engines: { transcriber, noteWriter: noteWriter.engine } };
}
