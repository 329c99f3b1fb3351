import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiServicesFromEnv } from '../../functions/src/ai/ai-engines.js';
import { openAiChatModel } from '../../functions/src/ai/openai/openai-chat-model.js';
import type { OpenAiEndpoint } from '../../functions/src/ai/openai/openai-http.js';
import { openAiTranscriber } from '../../functions/src/ai/openai/openai-transcriber.js';
import { callsDuring as callsDuringOn, itRetriesNotesLikeTheContract, newMarker, noteRequestMarked, ok } from '../support/ai-adapter-contract.js';
import { DIALOGUE, fixtureBytes, fixture, measuredDurationSec } from '../support/audio-fixtures.js';
import { startPrivateAiEmulator, type AiEmulatorControl, type ServedCall } from '../support/ai-emulator.js';

// The same contract as ai-adapters.contract.test.ts (Google's adapters), for the OpenAI-compatible ones,
// against the AI emulator's stand-ins for /v1/audio/transcriptions and /v1/chat/completions.
let server: Server;
let control: AiEmulatorControl;
let baseUrl: string;
const fastRetry = { attempts: 2, firstDelayMs: 10, maxDelayMs: 20, timeoutMs: 2000 };

beforeAll(async () => {
  const emulator = await startPrivateAiEmulator();
  server = emulator.server;
  control = emulator.control;
  baseUrl = `${emulator.url}/v1`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const endpoint = (model: string): OpenAiEndpoint => ({ baseUrl, apiKey: 'sk-local', model });

const callsDuring = (service: ServedCall['service'], match: string, run: () => Promise<unknown>) => callsDuringOn(control, service, match, run);

/** The adapters as the app wires them from configuration (TRANSCRIBER / NOTE_WRITER = openai). */
function servicesWithAttempts(attempts: number, timeoutMs = 2000) {
  return aiServicesFromEnv({
    TRANSCRIBER: 'openai',
    NOTE_WRITER: 'openai',
    OPENAI_BASE_URL: baseUrl,
    OPENAI_TRANSCRIBE_MODEL: 'Systran/faster-whisper-small.en',
    OPENAI_CHAT_MODEL: 'llama3.1:8b',
    AI_RETRY_ATTEMPTS: String(attempts),
    AI_RETRY_FIRST_DELAY_MS: '10',
    GEMINI_TIMEOUT_MS: String(timeoutMs),
    SPEECH_TIMEOUT_MS: String(timeoutMs),
  });
}

describe('OpenAI-compatible transcriber against the emulator', () => {
  it('A registered transcript comes back as timed segments, one speaker (these models do not diarize), named by its model', async () => {
    const audio = fixtureBytes('dialogue.wav');
    await control.registerTranscript(sha256(audio), DIALOGUE.map((d) => ({ speaker: d.speaker, text: d.text })));
    const transcript = await openAiTranscriber(endpoint('whisper-1'), fastRetry).transcribe({ uri: null, content: audio, container: 'wav', language: 'en-US', durationSec: 12 });
    expect(transcript.engine).toBe('openai/whisper-1');
    expect(transcript.segments.map((s) => [s.speaker, s.text])).toEqual(DIALOGUE.map((d) => ['speaker', d.text]));
    for (const s of transcript.segments) expect(s.endMs).toBeGreaterThan(s.startMs);
  });

  it('Unregistered audio: the sample cut to the measured duration; the duration the server reports when ours is unknown', async () => {
    const transcript = await openAiTranscriber(endpoint('whisper-1'), fastRetry).transcribe({ uri: null, content: fixtureBytes('dialogue.webm'), container: 'webm', language: 'es-ES', durationSec: null });
    const endSec = Math.max(...transcript.segments.map((s) => s.endMs)) / 1000;
    expect(Math.abs(endSec - measuredDurationSec(fixture('dialogue.wav')))).toBeLessThan(0.5);
    expect(Math.abs(transcript.durationSec - endSec)).toBeLessThan(0.01);
  });

  it('One multipart call per recording', async () => {
    const audio = fixtureBytes('dialogue.ogg');
    const calls = await callsDuring('speech', sha256(audio), () => openAiTranscriber(endpoint('whisper-1'), fastRetry).transcribe({ uri: null, content: audio, container: 'ogg', language: 'en-US', durationSec: 12 }));
    expect(calls).toEqual([ok('audio.transcriptions')]);
  });

  it('A 503 is retried until it succeeds; failing every time, it is tried exactly AI_RETRY_ATTEMPTS times', async () => {
    const audio = fixtureBytes('dialogue.flac');
    const request = { uri: null, content: audio, container: 'flac' as const, language: 'en-US', durationSec: 12 };
    const { transcriber } = servicesWithAttempts(3);
    await control.injectFault({ service: 'speech', mode: 'error', status: 503, count: 1, match: sha256(audio) });
    expect(await callsDuring('speech', sha256(audio), () => transcriber.transcribe(request))).toEqual([{ method: 'audio.transcriptions', outcome: 'error' }, ok('audio.transcriptions')]);

    await control.injectFault({ service: 'speech', mode: 'error', status: 503, count: 3, match: sha256(audio) });
    let failure: unknown;
    const calls = await callsDuring('speech', sha256(audio), () => transcriber.transcribe(request).catch((e: unknown) => (failure = e)));
    expect(failure).toMatchObject({ code: 'unavailable', retryable: true });
    expect(calls).toEqual(Array(3).fill({ method: 'audio.transcriptions', outcome: 'error' }));
  });

  it('A 400 is not retried, and an answer without segments or text is a permanent error: one call each', async () => {
    const audio = fixtureBytes('dialogue.mp3');
    const request = { uri: null, content: audio, container: 'mp3' as const, language: 'en-US', durationSec: 12 };
    await control.injectFault({ service: 'speech', mode: 'error', status: 400, count: 1, match: sha256(audio) });
    let failure: unknown;
    let calls = await callsDuring('speech', sha256(audio), () => servicesWithAttempts(3).transcriber.transcribe(request).catch((e: unknown) => (failure = e)));
    expect(failure).toMatchObject({ code: 'rejected', retryable: false });
    expect(calls).toEqual([{ method: 'audio.transcriptions', outcome: 'error' }]);

    await control.injectFault({ service: 'speech', mode: 'malformed', count: 1, match: sha256(audio) });
    calls = await callsDuring('speech', sha256(audio), () => servicesWithAttempts(3).transcriber.transcribe(request).catch((e: unknown) => (failure = e)));
    expect(failure).toMatchObject({ code: 'malformed_response', retryable: false });
    expect(calls).toEqual([{ method: 'audio.transcriptions', outcome: 'malformed' }]);
  });
});

describe('OpenAI-compatible note writer against the emulator', () => {
  it('The same prompts give structured output with evidence and token counts, in one call', async () => {
    const marker = newMarker();
    let result: Awaited<ReturnType<ReturnType<typeof openAiChatModel>['generateJson']>> | undefined;
    const calls = await callsDuring('gemini', marker, async () => {
      result = await openAiChatModel(endpoint('llama3.1:8b'), fastRetry).generateJson(noteRequestMarked(marker));
    });
    const data = result!.data as { sections: { id: string; content: string; evidence: { segmentId: string }[] }[] };
    expect(result!.model).toBe('llama3.1:8b');
    expect(data.sections[0]?.id).toBe('subjective');
    expect(data.sections[0]?.content).toContain('dry cough');
    expect(data.sections[0]?.evidence.map((e) => e.segmentId)).toContain('seg-2');
    expect(result!.usage.promptTokens).toBeGreaterThan(20);
    expect(result!.usage.outputTokens).toBeGreaterThan(5);
    expect(calls).toEqual([ok('chat.completions')]);
  });

  itRetriesNotesLikeTheContract({ control: () => control, servicesWithAttempts, method: 'chat.completions' });
});
