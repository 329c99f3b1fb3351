import { createHash, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineQuality, isSimulatedEngine, SIMULATED_TRANSCRIPT_NOTICE } from '@charta/contract';
import { aiConfigFromEnv } from '../../functions/src/ai/ai-config.js';
import { googleAiServices } from '../../functions/src/ai/ai-services.js';
import { geminiModel } from '../../functions/src/ai/gemini-model.js';
import { googleSpeechTranscriber } from '../../functions/src/ai/google-speech.js';
import { callsDuring as callsDuringOn, itRetriesNotesLikeTheContract, noteRequestMarked, ok } from '../support/ai-adapter-contract.js';
import { DIALOGUE, fixtureBytes, fixture, measuredDurationSec } from '../support/audio-fixtures.js';
import { startPrivateAiEmulator, type AiEmulatorControl, type ServedCall } from '../support/ai-emulator.js';

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

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const callsDuring = (service: ServedCall['service'], match: string, run: () => Promise<unknown>) => callsDuringOn(control, service, match, run);

/** The adapters as the app wires them, from configuration: AI_RETRY_ATTEMPTS decides how often a call is tried. */
function servicesWithAttempts(attempts: number, timeoutMs = 2000) {
  return googleAiServices({ ...config, retryAttempts: attempts, retryFirstDelayMs: 10, geminiTimeoutMs: timeoutMs, speechTimeoutMs: timeoutMs });
}

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
    expect(isSimulatedEngine(transcript.engine)).toBe(true);
    // The made-up answer says so in its own text, wherever that text goes.
    expect(transcript.segments[0]?.text.startsWith(`[${SIMULATED_TRANSCRIPT_NOTICE}]`)).toBe(true);
    const endSec = Math.max(...transcript.segments.map((s) => s.endMs)) / 1000;
    expect(Math.abs(endSec - measuredDurationSec(fixture('dialogue.wav')))).toBeLessThan(0.5);
  });

  it('Long inline audio goes through the long-running API, and its operation is polled until done', async () => {
    const audio = fixtureBytes('dialogue.mp3');
    let segments = 0;
    const calls = await callsDuring('speech', sha256(audio), async () => {
      const transcript = await googleSpeechTranscriber(config, fastRetry).transcribe({ uri: null, content: audio, container: 'mp3', language: 'en-US', durationSec: 300 });
      segments = transcript.segments.length;
    });
    expect(segments).toBeGreaterThan(0);
    // The emulator's operations are not done when created: a synchronous call or an unpolled one fails here.
    expect(calls).toEqual([ok('longrunningrecognize'), ok('operations.get')]);
  });

  it('Cloud Storage audio is read by URI through the long-running API, however short', async () => {
    const uri = `gs://demo-charta.appspot.com/audio/${randomUUID()}.webm`;
    await control.registerTranscriptForUri(uri, DIALOGUE.map((d) => ({ speaker: d.speaker, text: d.text })));
    let texts: string[] = [];
    const calls = await callsDuring('speech', uri, async () => {
      const transcript = await googleSpeechTranscriber(config, fastRetry).transcribe({ uri, content: null, container: 'webm', language: 'en-US', durationSec: 12 });
      texts = transcript.segments.map((s) => s.text);
    });
    expect(texts).toEqual(DIALOGUE.map((d) => d.text));
    expect(calls).toEqual([ok('longrunningrecognize'), ok('operations.get')]);
  });

  it('Short inline audio goes through synchronous recognize, once', async () => {
    const audio = fixtureBytes('dialogue.ogg');
    const calls = await callsDuring('speech', sha256(audio), () =>
      googleSpeechTranscriber(config, fastRetry).transcribe({ uri: null, content: audio, container: 'ogg', language: 'en-US', durationSec: 12 }),
    );
    expect(calls).toEqual([ok('recognize')]);
  });

  it('A 503 is retried until it succeeds; failing every time, it is tried exactly AI_RETRY_ATTEMPTS times', async () => {
    const audio = fixtureBytes('dialogue.wav');
    const request = { uri: null, content: audio, container: 'wav' as const, language: 'en-US', durationSec: 12 };
    const { transcriber } = servicesWithAttempts(3);

    await control.injectFault({ service: 'speech', mode: 'error', status: 503, count: 1, match: sha256(audio) });
    expect(await callsDuring('speech', sha256(audio), () => transcriber.transcribe(request))).toEqual([{ method: 'recognize', outcome: 'error' }, ok('recognize')]);

    await control.injectFault({ service: 'speech', mode: 'error', status: 503, count: 3, match: sha256(audio) });
    let failure: unknown;
    const calls = await callsDuring('speech', sha256(audio), () => transcriber.transcribe(request).catch((e: unknown) => (failure = e)));
    expect(failure).toMatchObject({ code: 'unavailable', retryable: true });
    expect(calls).toEqual(Array(3).fill({ method: 'recognize', outcome: 'error' }));
  });

  it('A 400 is not retried: one call', async () => {
    const audio = fixtureBytes('dialogue.wav');
    await control.injectFault({ service: 'speech', mode: 'error', status: 400, count: 1, match: sha256(audio) });
    let failure: unknown;
    const calls = await callsDuring('speech', sha256(audio), () =>
      servicesWithAttempts(3).transcriber.transcribe({ uri: null, content: audio, container: 'wav', language: 'en-US', durationSec: 12 }).catch((e: unknown) => (failure = e)),
    );
    expect(failure).toMatchObject({ code: 'rejected', retryable: false });
    expect(calls).toEqual([{ method: 'recognize', outcome: 'error' }]);
    await control.clearFaults();
  });

  it('M4A is refused with a readable reason before any call', async () => {
    const audio = fixtureBytes('dialogue.m4a');
    let failure: unknown;
    const calls = await callsDuring('speech', sha256(audio), () =>
      googleSpeechTranscriber(config, fastRetry).transcribe({ uri: null, content: audio, container: 'mp4', language: 'en-US', durationSec: 12 }).catch((e: unknown) => (failure = e)),
    );
    expect(String(failure)).toMatch(/cannot read MP4/);
    expect(calls).toEqual([]);
  });
});

describe('Gemini adapter against the emulator', () => {
  const request = noteRequestMarked('Thank you.');

  it('Structured output built from the request, with evidence and token counts', async () => {
    const result = await geminiModel(config, fastRetry).generateJson(request);
    // Named as the emulator's, so what it writes is shown as simulated (the contract's engineQuality).
    expect(result.model).toBe(`ai-emulator/${config.geminiModel}`);
    expect(engineQuality(result.model)).toBe('simulated');
    expect(result.data.sections[0]?.id).toBe('subjective');
    expect(result.data.sections[0]?.content).toContain('dry cough');
    expect(result.data.sections[0]?.evidence.map((e) => e.segmentId)).toContain('seg-2');
    expect(result.usage.promptTokens).toBeGreaterThan(20);
    expect(result.usage.outputTokens).toBeGreaterThan(5);
  });

  itRetriesNotesLikeTheContract({ control: () => control, servicesWithAttempts, method: 'generateContent' });
});
