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
  /** Only requests for this audio (speech: its SHA-256) or whose prompt contains this text (gemini). */
  match?: string;
}

export interface EmulatorState {
  transcripts: Map<string, { language?: string; segments: RegisteredSegment[] }>;
  faults: Fault[];
  operations: Map<string, unknown>;
  stats: {
    gemini: { calls: number; promptTokens: number; outputTokens: number; byTask: Record<string, number> };
    speech: { calls: number; registered: number; sample: number };
  };
}

export function newState(): EmulatorState {
  return {
    transcripts: new Map(),
    faults: [],
    operations: new Map(),
    stats: { gemini: { calls: 0, promptTokens: 0, outputTokens: 0, byTask: {} }, speech: { calls: 0, registered: 0, sample: 0 } },
  };
}

/** The first armed fault for a service, used up by this call. */
export function takeFault(state: EmulatorState, service: Fault['service'], key: string): Fault | null {
  // Scoped faults let parallel test suites share one emulator without taking each other's failures.
  const fault = state.faults.find((f) => f.service === service && f.remaining > 0 && (f.match === undefined || (service === 'speech' ? key === f.match : key.includes(f.match))));
  if (!fault) return null;
  fault.remaining--;
  return fault;
}

/** Rough token count (about four characters a token), the same rule for prompts and answers. */
export const tokens = (text: string) => Math.ceil(text.length / 4);
