// Transcripts (docs/api.md "Transcripts"): what a session's audio (or pasted notes) became.

/** Segment ids are what documentation cites as evidence. */
export interface TranscriptSegment {
  id: string;
  /** "clinician", "patient", "speaker 2", or a name from pasted text; "note" for typed paragraphs. */
  speaker: string;
  startMs: number;
  endMs: number;
  text: string;
}

export interface Transcript {
  sessionId: string;
  language: string;
  durationSec: number;
  text: string;
  /** Which recogniser made it; "typed-text" for notes pasted through /creation (no audio, no timings). */
  engine: string;
  segments: TranscriptSegment[];
}

/**
 * What a recording's transcript holds so far (POST /session/live_transcript { sessionId }): the windows
 * transcribed while the clinician records, in order, with their times in the recording. Shown on the Record
 * tab while recording, and after Stop as how much is left ("Transcribing the last 20 seconds"). Empty once
 * the session's transcript is stored.
 */
export interface LiveTranscript {
  segments: TranscriptSegment[];
  /** The recording is transcribed from its start up to here. */
  transcribedUntilSec: number;
  /** The whole recording's length once it is complete (null while it is still arriving). */
  audioSec: number | null;
  /** The engine of the windows so far (its quality label, as on the session page), null before the first. */
  engine: string | null;
}

// --- Who made it: a real model, an offline demo engine, or a simulation -----------------------------------

/**
 * Engines are named "<maker>/<model>" ("google-speech/medical_conversation", "ai-emulator/latest_long";
 * documentation adds " · <prompt version>"). The maker says how far a clinician may trust the output:
 * - simulated: the local AI emulator. Its speech answer is a registered or bundled sample transcript, not
 *   recognition of the audio; its notes are stitched from transcript quotes by rules, not written by a model.
 * - demo: a real offline recogniser of poor accuracy (pocketsphinx with its small en-US model): made from
 *   the recording, but to be checked word by word.
 * - real: a model (Speech-to-Text, whisper, Gemini, an OpenAI-compatible server) or the clinician's own text.
 */
export type EngineQuality = 'simulated' | 'demo' | 'real';

export const SIMULATED_ENGINE_MAKERS: readonly string[] = ['ai-emulator'];
export const DEMO_QUALITY_ENGINE_MAKERS: readonly string[] = ['pocketsphinx'];

export function engineQuality(engine: string | null | undefined): EngineQuality {
  const maker = (engine ?? '').split('/')[0]!.trim().toLowerCase();
  if (SIMULATED_ENGINE_MAKERS.includes(maker)) return 'simulated';
  if (DEMO_QUALITY_ENGINE_MAKERS.includes(maker)) return 'demo';
  return 'real';
}

export const isSimulatedEngine = (engine: string | null | undefined): boolean => engineQuality(engine) === 'simulated';

/** What the app says about a transcript by its engine; null when there is nothing to warn about. */
export const TRANSCRIPT_QUALITY_LABELS: Readonly<Record<EngineQuality, string | null>> = {
  simulated: 'Demo transcript: not made from this recording',
  demo: 'Offline demo-quality transcription',
  real: null,
};

/**
 * The speaker of the line the AI emulator puts first in a transcript it made up for audio it does not
 * know: the marking travels with the transcript itself (into prompts, copies and exports), not only in the
 * engine name.
 */
export const SIMULATED_TRANSCRIPT_NOTICE =
  'Demo transcript: not made from this recording. The local AI emulator does not recognise speech; this is its bundled sample consultation.';
