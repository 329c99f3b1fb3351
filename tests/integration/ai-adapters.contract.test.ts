import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiConfigFromEnv } from '../../functions/src/ai/ai-config.js';
import { geminiModel } from '../../functions/src/ai/gemini-model.js';
import { AiServiceError } from '../../functions/src/ai/generative-model.js';
import { googleSpeechTranscriber } from '../../functions/src/ai/google-speech.js';
import { DIALOGUE, fixtureBytes, fixture, measuredDurationSec } from '../support/audio-fixtures.js';
import { startPrivateAiEmulator, type AiEmulatorControl } from '../support/ai-emulator.js';

// The same adapters the pipeline uses in deployment, pointed at the AI emulator by configuration only.
let server: Server;
let control: AiEmulatorControl;
let config: ReturnType<typeof aiConfigFromEnv>;
const fastRetry = { attempts: 2, firstDelayMs: 10, maxDelayMs: 20, timeoutMs: 2000 };

beforeAll(async () => {
  const emulator = await startPrivateAiEmulator();
  server = emulator.server;
  control = emulator.control;
  config = { ...aiConfigFromEnv({}), emulatorUrl: emulator.url };
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('Speech-to-Text adapter against the emulator', () => {
  it('A registered transcript comes back as speaker turns with timings, clinician and patient', async () => {
    const audio = fixtureBytes('dialogue.wav');
    await control.registerTranscript(createHash('sha256').update(audio).digest('hex'), DIALOGUE.map((d) => ({ speaker: d.speaker, text: d.text })));
    const transcript = await googleSpeechTranscriber(config, fastRetry).transcribe({ uri: null, content: audio, container: 'wav', language: 'en-US', durationSec: 12 });
    expect(transcript.engine).toBe('ai-emulator/medical_conversation');
    expect(transcript.segments.map((s) => [s.speaker, s.text])).toEqual(DIALOGUE.map((d) => [d.speaker, d.text]));
    for (const s of transcript.segments) expect(s.endMs).toBeGreaterThan(s.startMs);
  });

  it('Unregistered audio: the sample consultation cut to the measured duration; a general model for other languages', async () => {
    const audio = fixtureBytes('dialogue.webm');
    const transcript = await googleSpeechTranscriber(config, fastRetry).transcribe({ uri: null, content: audio, container: 'webm', language: 'es-ES', durationSec: null });
    expect(transcript.engine).toBe('ai-emulator/latest_long');
    const endSec = Math.max(...transcript.segments.map((s) => s.endMs)) / 1000;
    expect(Math.abs(endSec - measuredDurationSec(fixture('dialogue.wav')))).toBeLessThan(0.5);
  });

  it('Long audio goes through the long-running API', async () => {
    const before = (await control.stats()).speech.calls;
    const transcript = await googleSpeechTranscriber(config, fastRetry).transcribe({ uri: null, content: fixtureBytes('dialogue.mp3'), container: 'mp3', language: 'en-US', durationSec: 300 });
    expect(transcript.segments.length).toBeGreaterThan(0);
    expect((await control.stats()).speech.calls).toBe(before + 1);
  });

  it('A 503 is retried; a 400 is not', async () => {
    await control.injectFault({ service: 'speech', mode: 'error', status: 503, count: 1 });
    await expect(googleSpeechTranscriber(config, fastRetry).transcribe({ uri: null, content: fixtureBytes('dialogue.wav'), container: 'wav', language: 'en-US', durationSec: 12 })).resolves.toBeTruthy();
    await control.injectFault({ service: 'speech', mode: 'error', status: 400, count: 1 });
    await expect(googleSpeechTranscriber(config, fastRetry).transcribe({ uri: null, content: fixtureBytes('dialogue.wav'), container: 'wav', language: 'en-US', durationSec: 12 })).rejects.toMatchObject({ code: 'rejected', retryable: false });
    await control.clearFaults();
  });

  it('M4A is refused with a readable reason before any call', async () => {
    await expect(googleSpeechTranscriber(config, fastRetry).transcribe({ uri: null, content: fixtureBytes('dialogue.m4a'), container: 'mp4', language: 'en-US', durationSec: 12 })).rejects.toThrow(/cannot read MP4/);
  });
});

describe('Gemini adapter against the emulator', () => {
  const transcript = '[seg-1] clinician (0-3000): What brings you in today?\n[seg-2] patient (3000-8000): I have had a dry cough and a fever for three days.';
  const request = {
    task: 'write_note',
    systemInstruction: 'You write clinical notes.',
    prompt: `TASK: write_note\n<sections>\n${JSON.stringify([{ id: 'subjective', title: 'Subjective', format: 'paragraph', instructions: 'Symptoms the patient reports.' }])}\n</sections>\n<transcript>\n${transcript}\n</transcript>`,
    responseSchema: { type: 'object' },
    parse: (raw: unknown) => raw as { sections: { id: string; content: string; evidence: { segmentId: string }[] }[] },
  };

  it('Structured output built from the request, with evidence and token counts', async () => {
    const result = await geminiModel(config, fastRetry).generateJson(request);
    expect(result.model).toBe(config.geminiModel);
    expect(result.data.sections[0]?.id).toBe('subjective');
    expect(result.data.sections[0]?.content).toContain('dry cough');
    expect(result.data.sections[0]?.evidence.map((e) => e.segmentId)).toContain('seg-2');
    expect(result.usage.promptTokens).toBeGreaterThan(20);
    expect(result.usage.outputTokens).toBeGreaterThan(5);
  });

  it('A 429 is retried; a timeout is retried and then reported', async () => {
    await control.injectFault({ service: 'gemini', mode: 'error', status: 429, count: 1 });
    await expect(geminiModel(config, fastRetry).generateJson(request)).resolves.toBeTruthy();
    await control.injectFault({ service: 'gemini', mode: 'timeout', delayMs: 5000, count: 2 });
    await expect(geminiModel(config, { ...fastRetry, timeoutMs: 300 }).generateJson(request)).rejects.toMatchObject({ code: 'timeout' });
    await control.clearFaults();
  });

  it('An answer that is not JSON is a permanent, typed error', async () => {
    await control.injectFault({ service: 'gemini', mode: 'malformed', count: 1 });
    const error = await geminiModel(config, fastRetry).generateJson(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiServiceError);
    expect(error).toMatchObject({ code: 'malformed_response', retryable: false });
  });
});
