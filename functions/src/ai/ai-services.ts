import type { AiConfig } from './ai-config.js';
import { geminiModel } from './gemini-model.js';
import type { GenerativeModel } from './generative-model.js';
import { googleSpeechTranscriber } from './google-speech.js';
import type { Transcriber } from './transcriber.js';

/** The outside AI services the app uses. */
export interface AiServices {
  model: GenerativeModel;
  transcriber: Transcriber;
}

export function googleAiServices(config: AiConfig): AiServices {
  const retry = { attempts: config.retryAttempts, firstDelayMs: config.retryFirstDelayMs, maxDelayMs: 15_000 };
  return {
    model: geminiModel(config, { ...retry, timeoutMs: config.geminiTimeoutMs }),
    transcriber: googleSpeechTranscriber(config, { ...retry, timeoutMs: config.speechTimeoutMs }),
  };
}
