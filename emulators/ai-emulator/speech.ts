import { createHash } from 'node:crypto';
import { parseBuffer } from 'music-metadata';
import { webmDurationFromTail, webmTimecodeScale } from '../../functions/src/audio/webm-duration.ts';
import { decodeToPcm, PCM_RATE } from './decode-pcm.ts';
import { sampleConsultation } from './sample-consultation.ts';
import type { EmulatorState, RegisteredSegment } from './state.ts';
import { recogniseToneSpeech, type HeardWord } from './tone-speech-recogniser.ts';

/**
 * The subset of Speech-to-Text v1p1beta1 (REST) the app's adapter uses: recognize, longrunningrecognize
 * and operations.get, with diarization (speaker tags on every word of the last result), word timings and
 * punctuation. What the audio says, in this order: a transcript registered for its SHA-256; the tone
 * speech in it, really recognised (tone-speech.ts), so windows of a recording are each transcribed from
 * their own audio; else the bundled sample cut to the audio's measured duration.
 */
export interface RecognizeBody {
  config?: { languageCode?: string; model?: string };
  audio?: { content?: string; uri?: string };
}

async function measuredSeconds(audio: Buffer): Promise<number> {
  try {
    const meta = await parseBuffer(audio, undefined, { duration: true });
    if (meta.format.duration && Number.isFinite(meta.format.duration)) return meta.format.duration;
  } catch {
    // fall through to the WebM scan
  }
  return webmDurationFromTail(audio.subarray(Math.max(0, audio.length - 2 * 1024 * 1024)), webmTimecodeScale(audio.subarray(0, 4096))) ?? audio.length / 4000;
}

/** The Cloud Storage emulator gs:// audio is read from (as Speech-to-Text reads the bucket): its JSON API. */
function storageEndpoint(): string | null {
  const gcs = process.env['STORAGE_EMULATOR_HOST'];
  if (gcs) return gcs.replace(/\/+$/, '');
  const firebase = process.env['FIREBASE_STORAGE_EMULATOR_HOST'];
  return firebase ? `http://${firebase}` : null;
}

/** The bytes a gs:// URI names, read from the Cloud Storage emulator; null when there is none or it cannot. */
export async function storedAudio(uri: string): Promise<Buffer | null> {
  const endpoint = storageEndpoint();
  const m = /^gs:\/\/([^/]+)\/(.+)$/.exec(uri);
  if (!m || !endpoint) return null;
  const res = await fetch(`${endpoint}/storage/v1/b/${encodeURIComponent(m[1]!)}/o/${encodeURIComponent(m[2]!)}?alt=media`);
  return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
}

async function audioBytes(body: RecognizeBody): Promise<Buffer> {
  if (body.audio?.content) return Buffer.from(body.audio.content, 'base64');
  const uri = body.audio?.uri;
  const stored = uri ? await storedAudio(uri) : null;
  if (stored) return stored;
  throw Object.assign(new Error(`cannot read audio ${uri ?? '(none)'}`), { status: 400 });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(3)}s`;

/** A segment to answer with; heard ones carry each word's own time, registered ones are spread evenly. */
type AnswerSegment = RegisteredSegment & { words?: HeardWord[] };

// Words heard before any speaker marker (audio cut inside an utterance): a third tag, never a guess.
const UNNAMED_SPEAKER = 'unnamed';

/**
 * The tone speech in the audio as segments (none for silence), or null when it holds sound of another
 * kind or cannot be decoded.
 */
async function toneSpeechSegments(audio: Buffer): Promise<AnswerSegment[] | null> {
  const pcm = await decodeToPcm(audio);
  const heard = pcm ? recogniseToneSpeech(pcm, PCM_RATE) : null;
  return heard?.map((u) => ({ speaker: u.speaker ?? UNNAMED_SPEAKER, text: u.words.map((w) => w.word).join(' '), startMs: u.startMs, endMs: u.endMs, words: u.words })) ?? null;
}

function toResults(segments: AnswerSegment[], language: string) {
  // Silence: Speech-to-Text answers no results at all.
  if (segments.length === 0) return [];
  const tagOf = new Map<string, number>([['clinician', 1], ['patient', 2]]);
  const allWords: { word: string; startTime: string; endTime: string; speakerTag: number }[] = [];
  const results = segments.map((segment) => {
    if (!tagOf.has(segment.speaker)) tagOf.set(segment.speaker, tagOf.size + 1);
    const tag = tagOf.get(segment.speaker)!;
    const words = segment.text.split(/\s+/).filter(Boolean);
    const start = segment.startMs ?? 0;
    const end = Math.max(segment.endMs ?? start + words.length * 350, start + 1);
    const step = (end - start) / Math.max(1, words.length);
    const timed = segment.words
      ? segment.words.map((w) => ({ word: w.word, startTime: seconds(w.startMs), endTime: seconds(w.endMs), speakerTag: tag }))
      : words.map((word, i) => ({ word, startTime: seconds(start + i * step), endTime: seconds(start + (i + 1) * step), speakerTag: tag }));
    allWords.push(...timed);
    return {
      alternatives: [{ transcript: segment.text, confidence: 0.93, words: timed.map(({ speakerTag: _t, ...w }) => w) }],
      resultEndTime: seconds(end),
      languageCode: language.toLowerCase(),
    };
  });
  // As Google does with diarization: a last result carrying every word with its speaker tag.
  results.push({ alternatives: [{ transcript: '', confidence: 0, words: allWords }], resultEndTime: seconds(segments.at(-1)?.endMs ?? 0), languageCode: language.toLowerCase() });
  return results;
}

/** Assigns timings to registered segments that came without them (about 2.6 words a second). */
function timed(segments: RegisteredSegment[]): RegisteredSegment[] {
  let at = 0;
  return segments.map((s) => {
    const startMs = s.startMs ?? at;
    const endMs = s.endMs ?? startMs + Math.max(800, s.text.split(/\s+/).length * 380);
    at = endMs + 300;
    return { ...s, startMs, endMs };
  });
}

/** `read`: the audio, when the caller has already read it (from Cloud Storage, to know what it is). */
export async function recognize(state: EmulatorState, body: RecognizeBody, read: Buffer | null = null) {
  state.stats.speech.calls++;
  // A transcript registered for a Cloud Storage URI needs no storage emulator to read the audio from.
  const byUri = body.audio?.uri ? state.transcripts.get(body.audio.uri) : undefined;
  const audio = byUri ? Buffer.alloc(0) : (read ?? (await audioBytes(body)));
  const registered = byUri ?? state.transcripts.get(createHash('sha256').update(audio).digest('hex'));
  const language = registered?.language ?? body.config?.languageCode ?? 'en-US';
  let segments: AnswerSegment[];
  const toneSpeech = registered ? null : await toneSpeechSegments(audio);
  if (registered) {
    state.stats.speech.registered++;
    segments = timed(registered.segments);
  } else if (toneSpeech) {
    if (toneSpeech.length > 0) state.stats.speech.toneSpeech++;
    else state.stats.speech.silence++;
    segments = toneSpeech;
  } else {
    state.stats.speech.sample++;
    segments = sampleConsultation(await measuredSeconds(audio));
  }
  const totalMs = segments.at(-1)?.endMs ?? 0;
  return { results: toResults(segments, language), totalBilledTime: seconds(Math.ceil(totalMs / 15000) * 15000), requestId: String(Date.now()) };
}

const METADATA_TYPE = 'type.googleapis.com/google.cloud.speech.v1p1beta1.LongRunningRecognizeMetadata';

/**
 * Starts a long-running recognition. Like Google's for long audio, the operation is not done when it is
 * created: the client has to poll operations.get, so a test can tell the long-running path really ran.
 */
export async function longRunningRecognize(state: EmulatorState, body: RecognizeBody, key: string, aliases: string[], read: Buffer | null = null) {
  const response = await recognize(state, body, read);
  const name = String(state.operations.size + 1 + Date.now());
  const pending = { name, metadata: { '@type': METADATA_TYPE, progressPercent: 0 }, done: false };
  const done = {
    name,
    metadata: { '@type': METADATA_TYPE, progressPercent: 100 },
    done: true,
    response: { '@type': 'type.googleapis.com/google.cloud.speech.v1p1beta1.LongRunningRecognizeResponse', ...response },
  };
  state.operations.set(name, { key, aliases, polls: 0, pending, done });
  return pending;
}

/** operations.get: the first poll finds the operation done. */
export function pollOperation(state: EmulatorState, name: string): { key: string; aliases: string[]; operation: unknown } | null {
  const operation = state.operations.get(name);
  if (!operation) return null;
  operation.polls++;
  return { key: operation.key, aliases: operation.aliases, operation: operation.done };
}
