// What every AI adapter pair (Google's, the OpenAI-compatible ones) must do against the AI emulator, written
// once: ai-adapters.contract.test.ts and ai-adapters-openai.contract.test.ts call these with their adapters.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { AiServiceError, type GenerativeModel } from '../../functions/src/ai/generative-model.js';
import { systemInstruction, writeNotePrompt } from '../../functions/src/documentation/prompts/note-prompts.js';
import type { AiEmulatorControl, ServedCall } from './ai-emulator.js';

export type ServedOutcome = Pick<ServedCall, 'method' | 'outcome'>;

export const ok = (method: ServedCall['method']): ServedOutcome => ({ method, outcome: 'ok' });

/** The calls the emulator served for `match` (an audio's SHA-256 or URI, or prompt text) while `run` ran. */
export async function callsDuring(control: AiEmulatorControl, service: ServedCall['service'], match: string, run: () => Promise<unknown>): Promise<ServedOutcome[]> {
  const before = (await control.calls(service, match)).length;
  await run();
  return (await control.calls(service, match)).slice(before).map(({ method, outcome }) => ({ method, outcome }));
}

// The app's own prompt builder, so this also shows the emulator reads the prompts the app sends.
const segments = [
  { id: 'seg-1', speaker: 'clinician', startMs: 0, endMs: 3000, text: 'What brings you in today?' },
  { id: 'seg-2', speaker: 'patient', startMs: 3000, endMs: 8000, text: 'I have had a dry cough and a fever for three days.' },
];
const sections = [{ id: 'subjective', title: 'Subjective', format: 'paragraph' as const, instructions: 'Symptoms the patient reports.' }];

/** A note request whose transcript carries `marker`, so faults and call counts apply to this test's calls only. */
export function noteRequestMarked(marker: string) {
  const ctx = { language: 'en-US', specialty: '', segments: [...segments, { id: 'seg-3', speaker: 'clinician', startMs: 8000, endMs: 9000, text: marker }] };
  return {
    task: 'write_note',
    systemInstruction: systemInstruction(ctx),
    prompt: writeNotePrompt(ctx, sections),
    responseSchema: { type: 'object' },
    parse: (raw: unknown) => raw as { sections: { id: string; content: string; evidence: { segmentId: string }[] }[] },
  };
}

export const newMarker = () => `Reference ${randomUUID().slice(0, 8)}.`;

/**
 * The note writer's retry contract, as the app wires it from configuration (AI_RETRY_ATTEMPTS): a 429 is
 * retried, a timeout is tried exactly that often, a malformed answer and a 400 are permanent. `method` is
 * the emulator's name for the adapter's call; call inside the adapter's describe.
 */
export function itRetriesNotesLikeTheContract(options: {
  control: () => AiEmulatorControl;
  servicesWithAttempts: (attempts: number, timeoutMs?: number) => { model: GenerativeModel };
  method: ServedCall['method'];
}): void {
  const { servicesWithAttempts, method } = options;
  const during = (match: string, run: () => Promise<unknown>) => callsDuring(options.control(), 'gemini', match, run);

  it('A 429 is retried once and then answered: two calls', async () => {
    const marker = newMarker();
    await options.control().injectFault({ service: 'gemini', mode: 'error', status: 429, count: 1, match: marker });
    let content = '';
    const calls = await during(marker, async () => {
      content = (await servicesWithAttempts(3).model.generateJson(noteRequestMarked(marker))).data.sections[0]?.content ?? '';
    });
    expect(content).toContain('dry cough');
    expect(calls).toEqual([{ method, outcome: 'error' }, ok(method)]);
  });

  it('A timeout every time is tried exactly AI_RETRY_ATTEMPTS times, then reported', async () => {
    const marker = newMarker();
    await options.control().injectFault({ service: 'gemini', mode: 'timeout', delayMs: 3000, count: 3, match: marker });
    let failure: unknown;
    const calls = await during(marker, () => servicesWithAttempts(3, 300).model.generateJson(noteRequestMarked(marker)).catch((e: unknown) => (failure = e)));
    expect(failure).toMatchObject({ code: 'timeout', retryable: true });
    expect(calls).toEqual(Array(3).fill({ method, outcome: 'timeout' }));
  });

  it('An answer that is not JSON, or not what was asked, is a permanent, typed error: one call, no retry', async () => {
    const marker = newMarker();
    await options.control().injectFault({ service: 'gemini', mode: 'malformed', count: 1, match: marker });
    let failure: unknown;
    const calls = await during(marker, () => servicesWithAttempts(3).model.generateJson(noteRequestMarked(marker)).catch((e: unknown) => (failure = e)));
    expect(failure).toBeInstanceOf(AiServiceError);
    expect(failure).toMatchObject({ code: 'malformed_response', retryable: false });
    expect(calls).toEqual([{ method, outcome: 'malformed' }]);
  });

  it('A 400 is not retried: one call', async () => {
    const marker = newMarker();
    await options.control().injectFault({ service: 'gemini', mode: 'error', status: 400, count: 1, match: marker });
    let failure: unknown;
    const calls = await during(marker, () => servicesWithAttempts(3).model.generateJson(noteRequestMarked(marker)).catch((e: unknown) => (failure = e)));
    expect(failure).toMatchObject({ code: 'rejected', retryable: false });
    expect(calls).toEqual([{ method, outcome: 'error' }]);
  });
}
