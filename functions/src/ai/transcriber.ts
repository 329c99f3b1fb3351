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
}

/** The speech-to-text port (Google Speech-to-Text in deployment; the local AI emulator speaks its wire format). */
export interface Transcriber {
  transcribe(request: TranscriptionRequest): Promise<RecognizedTranscript>;
}
