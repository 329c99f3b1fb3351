import { v1p1beta1 } from '@google-cloud/speech';
import type { AudioContainer } from '../audio/audio-format.js';
import type { AiConfig } from './ai-config.js';
import { emulatorAuthClient } from './emulator-auth.js';
import { AiServiceError, errorFromStatus, malformedResponse } from './generative-model.js';
import { withRetries, type RetryPolicy } from './retry.js';
import type { RecognizedSegment, RecognizedTranscript, Transcriber, TranscriptionRequest } from './transcriber.js';

// Synchronous recognition takes up to about a minute of audio; longer audio goes through the long-running API.
const SYNC_LIMIT_SEC = 55;
// Languages Speech-to-Text has a clinical-conversation model for.
const MEDICAL_MODEL_LANGUAGES = new Set(['en-US']);

type Encoding = 'WEBM_OPUS' | 'OGG_OPUS' | 'MP3' | 'LINEAR16' | 'FLAC' | 'ENCODING_UNSPECIFIED';
const ENCODING: Record<AudioContainer, Encoding | null> = {
  webm: 'WEBM_OPUS',
  ogg: 'OGG_OPUS',
  mp3: 'MP3',
  // WAV and FLAC carry their encoding and rate in the header: the recognizer reads them.
  wav: 'ENCODING_UNSPECIFIED',
  flac: 'ENCODING_UNSPECIFIED',
  // Not decodable by Speech-to-Text v1; refused with a clear message rather than sent to fail.
  mp4: null,
  aac: null,
};

// Our retry policy (withRetries) is the only one: the client library's own retries would multiply it.
const NO_GAX_RETRY = { retry: null };

// google-gax reports failures with gRPC status codes, over REST too.
const GRPC_TO_HTTP: Record<number, number> = { 1: 499, 2: 500, 3: 400, 4: 504, 5: 404, 6: 409, 7: 403, 8: 429, 9: 400, 10: 409, 11: 400, 12: 501, 13: 500, 14: 503, 15: 500, 16: 401 };

export function speechModelFor(language: string, config: Pick<AiConfig, 'speechMedicalModel' | 'speechGeneralModel'>): string {
  return MEDICAL_MODEL_LANGUAGES.has(language) ? config.speechMedicalModel : config.speechGeneralModel;
}

/** A protobuf Duration as Google's REST and gRPC clients return it ("1.200s" or {seconds, nanos}). */
export function durationToMs(value: unknown): number {
  if (typeof value === 'string') {
    const match = /^(-?\d+(?:\.\d+)?)s$/.exec(value);
    return match ? Math.round(Number(match[1]) * 1000) : 0;
  }
  if (value && typeof value === 'object') {
    const { seconds, nanos } = value as { seconds?: number | string | { toNumber(): number }; nanos?: number };
    const s = typeof seconds === 'object' && seconds !== null ? seconds.toNumber() : Number(seconds ?? 0);
    return Math.round(s * 1000 + (nanos ?? 0) / 1e6);
  }
  return 0;
}

interface WordInfo {
  word?: string | null;
  startTime?: unknown;
  endTime?: unknown;
  speakerTag?: number | null;
}

interface RecognitionResult {
  alternatives?: { transcript?: string | null; words?: WordInfo[] | null }[] | null;
  resultEndTime?: unknown;
}

/**
 * Turns recognition results into speaker turns. With diarization Google repeats every word, with its
 * speaker tag, in the last result; consecutive words of one speaker make a segment. Without tags, each
 * result is a segment. Who is the clinician is a guess: the speaker who asks the most questions.
 */
export function segmentsFromResults(results: RecognitionResult[]): RecognizedSegment[] {
  if (!Array.isArray(results)) throw malformedResponse('speech', 'results are missing');
  const last = results[results.length - 1]?.alternatives?.[0];
  const taggedWords = (last?.words ?? []).filter((w) => w.word && (w.speakerTag ?? 0) > 0);
  const raw: { tag: number; startMs: number; endMs: number; text: string }[] = [];
  if (taggedWords.length > 0) {
    for (const w of taggedWords) {
      const tag = w.speakerTag ?? 0;
      const current = raw[raw.length - 1];
      if (current && current.tag === tag) {
        current.text += ` ${w.word}`;
        current.endMs = durationToMs(w.endTime);
      } else {
        raw.push({ tag, startMs: durationToMs(w.startTime), endMs: durationToMs(w.endTime), text: w.word ?? '' });
      }
    }
  } else {
    let previousEnd = 0;
    for (const result of results) {
      const alternative = result.alternatives?.[0];
      const text = alternative?.transcript?.trim();
      if (!text) continue;
      const words = alternative?.words ?? [];
      const startMs = words.length > 0 ? durationToMs(words[0]?.startTime) : previousEnd;
      const endMs = durationToMs(result.resultEndTime) || (words.length > 0 ? durationToMs(words[words.length - 1]?.endTime) : previousEnd);
      raw.push({ tag: 0, startMs, endMs, text });
      previousEnd = endMs;
    }
  }
  const questions = new Map<number, number>();
  for (const s of raw) questions.set(s.tag, (questions.get(s.tag) ?? 0) + (s.text.match(/\?/g)?.length ?? 0));
  const tags = [...new Set(raw.map((s) => s.tag))];
  // Only when one of the two asks more questions: otherwise (a window of a recording with no question in
  // it, say) naming would be a coin toss, and a wrong "clinician" misleads more than "speaker 1".
  const ranked = [...tags].sort((a, b) => (questions.get(b) ?? 0) - (questions.get(a) ?? 0));
  const clinicianTag = tags.length === 2 && (questions.get(ranked[0]!) ?? 0) > (questions.get(ranked[1]!) ?? 0) ? ranked[0] : undefined;
  const speakerName = (tag: number) => {
    if (tag === 0) return 'speaker';
    if (clinicianTag !== undefined) return tag === clinicianTag ? 'clinician' : 'patient';
    return `speaker ${tag}`;
  };
  return raw.map((s) => ({ speaker: speakerName(s.tag), startMs: s.startMs, endMs: Math.max(s.endMs, s.startMs), text: s.text.trim() }));
}

/**
 * Google Speech-to-Text (v1p1beta1: diarization, word timings, punctuation, the medical_conversation
 * model). Audio in Cloud Storage is read by URI; local audio is sent inline. Long audio uses the
 * long-running API. Pointed at the AI emulator by AI_EMULATOR_URL, over the same REST wire format.
 */
export function googleSpeechTranscriber(config: AiConfig, retry: RetryPolicy): Transcriber {
  const emulator = config.emulatorUrl ? new URL(config.emulatorUrl) : null;
  const client = new v1p1beta1.SpeechClient(
    emulator
      ? { fallback: true, apiEndpoint: emulator.hostname, port: Number(emulator.port), protocol: emulator.protocol.replace(':', ''), authClient: emulatorAuthClient() }
      : { fallback: true, apiEndpoint: config.speechLocation === 'global' ? 'speech.googleapis.com' : `${config.speechLocation}-speech.googleapis.com` },
  );
  const engineName = emulator ? 'ai-emulator' : 'google-speech';

  return {
    readsStorageUris: true,
    // Requests to Speech-to-Text run side by side; eight at once stays well inside the default quota.
    parallelWindows: 8,
    async transcribe(request: TranscriptionRequest): Promise<RecognizedTranscript> {
      const encoding = ENCODING[request.container];
      if (!encoding) {
        throw new AiServiceError('speech', 'rejected', false, `Speech-to-Text cannot read ${request.container.toUpperCase()} audio; record in the browser or upload WebM, Ogg, MP3, WAV or FLAC`);
      }
      if (!request.uri && !request.content) throw new Error('transcribe needs a uri or the audio content');
      const model = speechModelFor(request.language, config);
      const recognitionConfig = {
        languageCode: request.language,
        model,
        useEnhanced: true,
        encoding,
        ...(encoding === 'WEBM_OPUS' || encoding === 'OGG_OPUS' ? { sampleRateHertz: request.sampleRateHertz ?? 48000 } : {}),
        enableAutomaticPunctuation: true,
        enableWordTimeOffsets: true,
        diarizationConfig: { enableSpeakerDiarization: true, minSpeakerCount: 2, maxSpeakerCount: 2 },
      };
      const audio = request.uri ? { uri: request.uri } : { content: request.content!.toString('base64') };
      const long = request.uri !== null || (request.durationSec ?? 0) > SYNC_LIMIT_SEC;

      const results = await withRetries('speech', retry, async () => {
        try {
          if (long) {
            const [operation] = await client.longRunningRecognize({ config: recognitionConfig, audio }, NO_GAX_RETRY);
            const [response] = await operation.promise();
            return (response.results ?? []);
          }
          const [response] = await client.recognize({ config: recognitionConfig, audio }, NO_GAX_RETRY);
          return (response.results ?? []);
        } catch (err) {
          if (err instanceof AiServiceError) throw err;
          const e = err as { code?: number | string; status?: number };
          const status = typeof e.code === 'number' ? (e.code >= 100 ? e.code : GRPC_TO_HTTP[e.code]) : e.status;
          throw errorFromStatus('speech', status, `Speech-to-Text request failed${status ? ` (${status})` : ''}`);
        }
      });
      const segments = segmentsFromResults(results);
      const lastEnd = segments.reduce((max, s) => Math.max(max, s.endMs), 0);
      return {
        language: request.language,
        durationSec: request.durationSec ?? lastEnd / 1000,
        engine: `${engineName}/${model}`,
        segments,
      };
    },
  };
}
