import { createHash, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiServicesFromEnv } from '../../functions/src/ai/ai-engines.js';
import { AiServiceError } from '../../functions/src/ai/generative-model.js';
import { openAiChatModel } from '../../functions/src/ai/openai/openai-chat-model.js';
import type { OpenAiEndpoint } from '../../functions/src/ai/openai/openai-http.js';
import { openAiTranscriber } from '../../functions/src/ai/openai/openai-transcriber.js';
import { systemInstruction, writeNotePrompt } from '../../functions/src/documentation/prompts/note-prompts.js';
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

async function callsDuring(service: ServedCall['service'], match: string, run: () => Promise<unknown>): Promise<Pick<ServedCall, 'method' | 'outcome'>[]> {
  const before = (await control.calls(service, match)).length;
  await run();
  return (await control.calls(service, match)).slice(before).map(({ method, outcome }) => ({ method, outcome }));
}

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
const ok = (method: ServedCall['method']) => ({ method, outcome: 'ok' });

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
  const segments = [
    { id: 'seg-1', speaker: 'clinician', startMs: 0, endMs: 3000, text: 'What brings you in today?' },
    { id: 'seg-2', speaker: 'patient', startMs: 3000, endMs: 8000, text: 'I have had a dry cough and a fever for three days.' },
  ];
  const sections = [{ id: 'subjective', title: 'Subjective', format: 'paragraph' as const, instructions: 'Symptoms the patient reports.' }];
  const requestMarked = (marker: string) => {
    const ctx = { language: 'en-US', specialty: '', segments: [...segments, { id: 'seg-3', speaker: 'clinician', startMs: 8000, endMs: 9000, text: marker }] };
    return {
      task: 'write_note',
      systemInstruction: systemInstruction(ctx),
      prompt: writeNotePrompt(ctx, sections),
      responseSchema: { type: 'object' },
      parse: (raw: unknown) => raw as { sections: { id: string; content: string; evidence: { segmentId: string }[] }[] },
    };
  };
  const newMarker = () => `Reference ${randomUUID().slice(0, 8)}.`;

  it('The same prompts give structured output with evidence and token counts, in one call', async () => {
    const marker = newMarker();
    let result: Awaited<ReturnType<ReturnType<typeof openAiChatModel>['generateJson']>> | undefined;
    const calls = await callsDuring('gemini', marker, async () => {
      result = await openAiChatModel(endpoint('llama3.1:8b'), fastRetry).generateJson(requestMarked(marker));
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

  it('A 429 is retried once and then answered: two calls', async () => {
    const marker = newMarker();
    await control.injectFault({ service: 'gemini', mode: 'error', status: 429, count: 1, match: marker });
    let content = '';
    const calls = await callsDuring('gemini', marker, async () => {
      content = ((await servicesWithAttempts(3).model.generateJson(requestMarked(marker))).data as { sections: { content: string }[] }).sections[0]?.content ?? '';
    });
    expect(content).toContain('dry cough');
    expect(calls).toEqual([{ method: 'chat.completions', outcome: 'error' }, ok('chat.completions')]);
  });

  it('A timeout every time is tried exactly AI_RETRY_ATTEMPTS times, then reported', async () => {
    const marker = newMarker();
    await control.injectFault({ service: 'gemini', mode: 'timeout', delayMs: 3000, count: 3, match: marker });
    let failure: unknown;
    const calls = await callsDuring('gemini', marker, () => servicesWithAttempts(3, 300).model.generateJson(requestMarked(marker)).catch((e: unknown) => (failure = e)));
    expect(failure).toMatchObject({ code: 'timeout', retryable: true });
    expect(calls).toEqual(Array(3).fill({ method: 'chat.completions', outcome: 'timeout' }));
  });

  it('An answer that is not what was asked is a permanent, typed error: one call, no retry', async () => {
    const marker = newMarker();
    await control.injectFault({ service: 'gemini', mode: 'malformed', count: 1, match: marker });
    let failure: unknown;
    const calls = await callsDuring('gemini', marker, () => servicesWithAttempts(3).model.generateJson(requestMarked(marker)).catch((e: unknown) => (failure = e)));
    expect(failure).toBeInstanceOf(AiServiceError);
    expect(failure).toMatchObject({ code: 'malformed_response', retryable: false });
    expect(calls).toEqual([{ method: 'chat.completions', outcome: 'malformed' }]);
  });

  it('A 400 is not retried: one call', async () => {
    const marker = newMarker();
    await control.injectFault({ service: 'gemini', mode: 'error', status: 400, count: 1, match: marker });
    let failure: unknown;
    const calls = await callsDuring('gemini', marker, () => servicesWithAttempts(3).model.generateJson(requestMarked(marker)).catch((e: unknown) => (failure = e)));
    expect(failure).toMatchObject({ code: 'rejected', retryable: false });
    expect(calls).toEqual([{ method: 'chat.completions', outcome: 'error' }]);
  });
});
