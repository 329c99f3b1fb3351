/** What a test told the emulator: registered transcripts, injected faults, and what it has served. */
export interface RegisteredSegment {
  speaker: string;
  text: string;
  startMs?: number;
  endMs?: number;
}

export interface Fault {
  service: 'speech' | 'gemini';
  mode: 'error' | 'timeout' | 'malformed';
  status: number;
  remaining: number;
  delayMs: number;
  /** Only requests for this audio (speech: its SHA-256, also of audio read by URI, or its URI) or whose prompt contains this text (gemini). */
  match?: string;
}

/** One request the emulator answered, so tests can check which endpoint an adapter used, and how often. */
export interface ServedCall {
  service: Fault['service'];
  /** The wire method: Speech-to-Text's recognize, longrunningrecognize or operations.get; Gemini's generateContent; the OpenAI stand-ins' audio.transcriptions and chat.completions. */
  method: 'recognize' | 'longrunningrecognize' | 'operations.get' | 'generateContent' | 'audio.transcriptions' | 'chat.completions';
  /** What faults match on: the audio's SHA-256 or URI (speech), the prompt (gemini). */
  key: string;
  /** Speech by URI: the SHA-256 of the audio the URI names, when the emulator could read it; matched like `key`. */
  aliases?: string[];
  /** Answered normally, or the injected fault that answered instead. */
  outcome: 'ok' | Fault['mode'];
}

/** A long-running recognition: done only once a client has polled it, as Google's are for long audio. */
export interface SpeechOperation {
  key: string;
  aliases: string[];
  polls: number;
  pending: unknown;
  done: unknown;
}

// The call log is for tests; a long benchmark run must not grow it without bound.
const MAX_CALLS_KEPT = 5000;

export interface EmulatorState {
  /** By the audio's SHA-256, or by its Cloud Storage URI (for audio the emulator cannot read). */
  transcripts: Map<string, { language?: string; segments: RegisteredSegment[] }>;
  faults: Fault[];
  operations: Map<string, SpeechOperation>;
  calls: ServedCall[];
  stats: {
    gemini: { calls: number; promptTokens: number; outputTokens: number; byTask: Record<string, number> };
    speech: { calls: number; registered: number; toneSpeech: number; silence: number; sample: number };
  };
}

export function newState(): EmulatorState {
  return {
    transcripts: new Map(),
    faults: [],
    operations: new Map(),
    calls: [],
    stats: { gemini: { calls: 0, promptTokens: 0, outputTokens: 0, byTask: {} }, speech: { calls: 0, registered: 0, toneSpeech: 0, silence: 0, sample: 0 } },
  };
}

/** Whether a call (or a request about to be one) is about `match`: its audio (SHA-256 or URI), or text of its prompt. */
export function callMatches(call: Pick<ServedCall, 'service' | 'key' | 'aliases'>, match: string): boolean {
  return call.service === 'speech' ? call.key === match || (call.aliases ?? []).includes(match) : call.key.includes(match);
}

/** The first armed fault for a service, used up by this call. */
export function takeFault(state: EmulatorState, service: Fault['service'], key: string, aliases: string[] = []): Fault | null {
  // Scoped faults let parallel test suites share one emulator without taking each other's failures.
  const fault = state.faults.find((f) => f.service === service && f.remaining > 0 && (f.match === undefined || callMatches({ service, key, aliases }, f.match)));
  if (!fault) return null;
  fault.remaining--;
  return fault;
}

export function recordCall(state: EmulatorState, call: ServedCall): ServedCall {
  state.calls.push(call);
  if (state.calls.length > MAX_CALLS_KEPT) state.calls.splice(0, state.calls.length - MAX_CALLS_KEPT);
  return call;
}

/** Rough token count (about four characters a token), the same rule for prompts and answers. */
export const tokens = (text: string) => Math.ceil(text.length / 4);
