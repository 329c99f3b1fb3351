import type { AudioContainer } from '../../audio/audio-format.js';
import { malformedResponse } from '../generative-model.js';
import { isRecord } from '../prompt-blocks.js';
import { withRetries, type RetryPolicy } from '../retry.js';
import type { RecognizedSegment, RecognizedTranscript, Transcriber, TranscriptionRequest } from '../transcriber.js';
import { postOpenAi, type OpenAiEndpoint } from './openai-http.js';

const MIME: Record<AudioContainer, string> = {
  webm: 'audio/webm', ogg: 'audio/ogg', mp4: 'audio/mp4', aac: 'audio/aac', mp3: 'audio/mpeg', wav: 'audio/wav', flac: 'audio/flac',
};
const EXTENSION: Record<AudioContainer, string> = { webm: 'webm', ogg: 'ogg', mp4: 'm4a', aac: 'aac', mp3: 'mp3', wav: 'wav', flac: 'flac' };

/** The `verbose_json` answer: segments with start and end in seconds (OpenAI, faster-whisper servers, whisper.cpp's server). */
export function segmentsFromVerboseJson(answer: unknown): RecognizedSegment[] {
  if (!isRecord(answer)) throw malformedResponse('speech', 'the transcription answer is not an object');
  const { segments, text } = answer;
  if (Array.isArray(segments)) {
    return segments.flatMap((s): RecognizedSegment[] => {
      if (!isRecord(s) || typeof s['text'] !== 'string' || !s['text'].trim()) return [];
      const startMs = Math.round(Number(s['start'] ?? 0) * 1000);
      const endMs = Math.round(Number(s['end'] ?? 0) * 1000);
      return [{ speaker: 'speaker', startMs: Number.isFinite(startMs) ? startMs : 0, endMs: Number.isFinite(endMs) ? Math.max(endMs, startMs) : startMs, text: s['text'].trim() }];
    });
  }
  // Servers that ignore verbose_json answer the text alone: one segment without timings.
  if (typeof text === 'string') return text.trim() ? [{ speaker: 'speaker', startMs: 0, endMs: 0, text: text.trim() }] : [];
  throw malformedResponse('speech', 'the transcription answer has neither segments nor text');
}

/**
 * Any OpenAI-compatible `/audio/transcriptions` endpoint (OpenAI, faster-whisper servers such as
 * speaches, whisper.cpp's server): the audio as a multipart upload, `verbose_json` for segment timings,
 * the session's language as ISO 639-1. These models do not diarize: one speaker, "speaker".
 */
export function openAiTranscriber(endpoint: OpenAiEndpoint, retry: RetryPolicy): Transcriber {
  return {
    readsStorageUris: false,
    // A self-hosted server handles a few requests at once; more would queue there.
    parallelWindows: 4,
    async transcribe(request: TranscriptionRequest): Promise<RecognizedTranscript> {
      if (!request.content) throw new Error('the OpenAI-compatible transcriber needs the audio content (it cannot read gs:// URIs)');
      const content = request.content;
      const answer = await withRetries('speech', retry, (signal) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(content)], { type: MIME[request.container] }), `audio.${EXTENSION[request.container]}`);
        form.append('model', endpoint.model);
        form.append('language', request.language.split('-')[0]!.toLowerCase());
        form.append('response_format', 'verbose_json');
        form.append('timestamp_granularities[]', 'segment');
        return postOpenAi('speech', endpoint, '/audio/transcriptions', form, signal, false);
      });
      const segments = segmentsFromVerboseJson(answer);
      const reported = isRecord(answer) ? Number(answer['duration']) : NaN;
      return {
        language: request.language,
        durationSec: request.durationSec ?? (Number.isFinite(reported) ? reported : (segments.at(-1)?.endMs ?? 0) / 1000),
        engine: `openai/${endpoint.model}`,
        segments,
      };
    },
  };
}
