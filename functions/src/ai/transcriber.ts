import type { AudioContainer } from '../audio/audio-format.js';

/** One speaker turn of a transcript. */
export interface RecognizedSegment {
  speaker: string;
  startMs: number;
  endMs: number;
  text: string;
}

export interface RecognizedTranscript {
  language: string;
  durationSec: number;
  /** Which engine and model produced it ("google-speech/medical_conversation", "ai-emulator/..."). */
  engine: string;
  segments: RecognizedSegment[];
}

export interface TranscriptionRequest {
  /** Where the recognizer can read the audio itself (gs://...), or null to send it inline. */
  uri: string | null;
  /** The audio bytes, for inline recognition (required when uri is null). */
  content: Buffer | null;
  container: AudioContainer;
  sampleRateHertz?: number | undefined;
  language: string;
  durationSec: number | null;
  /**
   * The audio's first `primedMs` are the recording just before the window, there only to settle the engine
   * (Transcriber.primingMs): the engine leaves out words spoken in them and times the rest from where they end.
   */
  primedMs?: number | undefined;
}

/** The speech-to-text port (Google Speech-to-Text in deployment; the local AI emulator speaks its wire format). */
export interface Transcriber {
  /**
   * Whether the engine reads Cloud Storage audio by its gs:// URI itself (Speech-to-Text does, so long
   * recordings never pass through the function). Engines that do not are sent the bytes (the pipeline's
   * transcription-audio.ts), wherever the audio is stored.
   */
  readonly readsStorageUris: boolean;
  /**
   * How many windows of one recording to send at once: a local engine's queue (its cores), a cloud
   * engine's fair share of its quota. More would only wait.
   */
  readonly parallelWindows: number;
  /**
   * How much of the recording just before a window the engine should hear first, when it recognises a window
   * worse from a cold start than in the middle of a recording (pocketsphinx: its cepstral mean and its voice
   * detector's noise level start from the model's defaults each time). Absent: windows are sent alone.
   */
  readonly primingMs?: number | undefined;
  transcribe(request: TranscriptionRequest): Promise<RecognizedTranscript>;
}
