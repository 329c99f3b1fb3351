import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { startAiEmulator } from '../../emulators/ai-emulator/server.ts';

/** A private AI emulator on a free port, for suites that drive the adapters or the pipeline in-process. */
export async function startPrivateAiEmulator(): Promise<{ url: string; server: Server; control: AiEmulatorControl }> {
  const server = await startAiEmulator(0);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, server, control: aiEmulatorControl(url) };
}

export type AiEmulatorControl = ReturnType<typeof aiEmulatorControl>;

/** A request the emulator served: which wire method, and whether an injected fault answered it. */
export interface ServedCall {
  service: 'speech' | 'gemini';
  method: 'recognize' | 'longrunningrecognize' | 'operations.get' | 'generateContent' | 'audio.transcriptions' | 'chat.completions';
  outcome: 'ok' | 'error' | 'timeout' | 'malformed';
  /** Speech only: the audio's SHA-256 (inline audio) or its URI. */
  audio?: string;
}

/** The emulator's control endpoints. */
export function aiEmulatorControl(url: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}/emulator/v1/${path}`, { method, headers: { 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
    if (!res.ok) throw new Error(`AI emulator ${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  return {
    registerTranscript: (sha256: string, segments: { speaker: string; text: string; startMs?: number; endMs?: number }[], language?: string) =>
      call('POST', 'transcripts', { sha256, segments, ...(language ? { language } : {}) }),
    /** For audio read by its Cloud Storage URI, which the emulator need not be able to fetch. */
    registerTranscriptForUri: (uri: string, segments: { speaker: string; text: string }[]) => call('POST', 'transcripts', { uri, segments }),
    injectFault: (fault: { service: 'speech' | 'gemini'; mode: 'error' | 'timeout' | 'malformed'; status?: number; count?: number; delayMs?: number; match?: string }) =>
      call('POST', 'faults', fault),
    clearFaults: () => call('DELETE', 'faults'),
    /** Calls served for one service, optionally only those for an audio (SHA-256 or URI) or a prompt containing `match`. */
    calls: async (service: ServedCall['service'], match?: string) => {
      const query = new URLSearchParams({ service, ...(match ? { match } : {}) });
      return ((await call('GET', `calls?${query.toString()}`)) as { calls: ServedCall[] }).calls;
    },
    stats: () => call('GET', 'stats') as Promise<{ gemini: { calls: number; promptTokens: number; outputTokens: number; byTask: Record<string, number> }; speech: { calls: number; registered: number; toneSpeech: number; silence: number; sample: number } }>,
  };
}
