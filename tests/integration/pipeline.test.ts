import { randomUUID } from 'node:crypto';
import { isSimulatedEngine } from '@charta/contract';
import request from 'supertest';
import { getFirestore } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { aiConfigFromEnv } from '../../functions/src/ai/ai-config.js';
import { NOTE_PROMPT_VERSION } from '../../functions/src/documentation/prompts/note-prompts.js';
import { adminApp } from '../support/api-app.js';
import { DIALOGUE, uniqueDialogueWav } from '../support/audio-fixtures.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { expectedToneTurns, TONE_CONSULTATION, toneSpeechAs, toneSpeechWav } from '../support/tone-speech.js';
import { api, sessionWithAudio as sessionWithAudioOn, sha256, stackAi, STACK_URL, waitForStatus } from '../support/stack.js';

const ai = stackAi();
// The Functions emulator runs the pipeline with the same AI_RETRY_ATTEMPTS as this process (scripts/lib/setup.sh).
const attempts = aiConfigFromEnv().retryAttempts;
const failedCalls = (method: string, outcome: string) => Array(attempts).fill({ method, outcome });
const methodsAndOutcomes = (calls: { method: string; outcome: string }[]) => calls.map(({ method, outcome }) => ({ method, outcome }));
const recognizedByUri = [{ method: 'longrunningrecognize', outcome: 'ok' }, { method: 'operations.get', outcome: 'ok' }];
const db = () => getFirestore(adminApp());
let user: TestUser;
beforeAll(async () => {
  user = await createTestUser();
});

/** Unique speech whose transcript is registered with the AI emulator; `marker` appears in the transcript. */
async function registeredAudio(marker = `Reference ${randomUUID().slice(0, 8)}.`) {
  const audio = uniqueDialogueWav();
  const segments = DIALOGUE.map((d, i) => ({ speaker: d.speaker, text: i === 1 ? `${d.text} ${marker}` : d.text }));
  await ai.registerTranscript(sha256(audio), segments);
  return { audio, marker, segments };
}

const sessionWithAudio = (audio: Buffer) => sessionWithAudioOn(user, audio);

describe('Pipeline on the emulated stack', () => {
  it('Complete audio becomes documentation by itself: the template\'s sections, evidence from the transcript', async () => {
    const { audio, segments } = await registeredAudio();
    const sessionId = await sessionWithAudio(audio);
    const ready = await waitForStatus(user, sessionId, ['ready', 'failed']);
    expect(ready['status']).toBe('ready');
    expect(ready['error']).toBeNull();

    const transcript = (await api(user, '/session/transcription', { sessionId }).expect(200)).body.transcript;
    expect(transcript.engine).toBe('ai-emulator/medical_conversation');
    expect(transcript.segments.map((s: { speaker: string; text: string }) => [s.speaker, s.text])).toEqual(segments.map((s) => [s.speaker, s.text]));

    const documentation = (await api(user, '/documentation/by_session', { sessionId }).expect(200)).body.documentation;
    expect(documentation).toMatchObject({ sessionId, templateId: 'soap', counter: 1, id: ready['documentationId'] });
    expect(documentation.engine).toContain(NOTE_PROMPT_VERSION);
    // What made them is on the session too (the list marks simulated output by it), and both are the emulator's.
    expect(ready['transcriptEngine']).toBe(transcript.engine);
    expect(ready['documentationEngine']).toBe(documentation.engine);
    expect(isSimulatedEngine(transcript.engine) && isSimulatedEngine(documentation.engine)).toBe(true);
    expect(documentation.sections.map((s: { id: string }) => s.id)).toEqual(['subjective', 'objective', 'assessment', 'plan']);
    const segmentIds = new Set(transcript.segments.map((s: { id: string }) => s.id));
    const cited = documentation.sections.flatMap((s: { evidence: { segmentId: string }[] }) => s.evidence.map((e) => e.segmentId));
    expect(cited.length).toBeGreaterThan(0);
    for (const id of cited) expect(segmentIds).toContain(id);
    expect(documentation.sections.find((s: { id: string }) => s.id === 'subjective').content).toContain('dry cough');
    // The audio is in Cloud Storage: Speech-to-Text reads it there by its gs:// URI (a long-running
    // recognition, polled once), as deployed; the AI emulator knows it by the SHA-256 of what it read.
    expect(methodsAndOutcomes(await ai.calls('speech', sha256(audio)))).toEqual(recognizedByUri);
  });

  it('Tone speech recorded in the browser is transcribed from the audio itself: its words, by its speakers', async () => {
    const audio = toneSpeechAs(toneSpeechWav(TONE_CONSULTATION), 'webm');
    const sessionId = await sessionWithAudioOn(user, audio, { filename: 'visit.webm' });
    expect((await waitForStatus(user, sessionId, ['ready', 'failed']))['status']).toBe('ready');
    const transcript = (await api(user, '/session/transcription', { sessionId }).expect(200)).body.transcript;
    expect(transcript.segments.map((s: { speaker: string; text: string }) => ({ speaker: s.speaker, text: s.text }))).toEqual(expectedToneTurns(TONE_CONSULTATION));
  });

  it('A duplicated event yields one documentation and one count', async () => {
    const counterBefore = (await request(STACK_URL).get('/api/v1/documentation/counter').set('Authorization', `Bearer ${user.idToken}`).expect(200)).body.count as number;
    const { audio } = await registeredAudio();
    const sessionId = await sessionWithAudio(audio);
    // A redelivery of the same event, and another copy arriving while the first run works.
    const events = db().collection('pipelineEvents');
    await Promise.all([
      events.doc(`dup-a-${sessionId}`).set({ type: 'audio_ready', sessionId, ownerUid: user.uid }),
      events.doc(`dup-b-${sessionId}`).set({ type: 'audio_ready', sessionId, ownerUid: user.uid }),
    ]);
    await waitForStatus(user, sessionId, ['ready']);
    const transcriptBefore = (await db().collection('transcripts').doc(sessionId).get()).get('createdAt') as string;
    await events.doc(`dup-c-${sessionId}`).set({ type: 'audio_ready', sessionId, ownerUid: user.uid });
    await new Promise((r) => setTimeout(r, 3000));

    const documentation = (await api(user, '/documentation/by_session', { sessionId }).expect(200)).body.documentation;
    expect(documentation.counter).toBe(1);
    expect((await db().collection('documentation').where('sessionId', '==', sessionId).get()).size).toBe(1);
    expect((await db().collection('transcripts').doc(sessionId).get()).get('createdAt')).toBe(transcriptBefore);
    const counterAfter = (await request(STACK_URL).get('/api/v1/documentation/counter').set('Authorization', `Bearer ${user.idToken}`).expect(200)).body.count as number;
    expect(counterAfter).toBe(counterBefore + 1);
  });

  it('Speech-to-Text failing: failed with a readable message; process then completes it', async () => {
    const { audio } = await registeredAudio();
    await ai.injectFault({ service: 'speech', mode: 'error', status: 503, count: attempts, match: sha256(audio) });
    const sessionId = await sessionWithAudio(audio);
    const failed = await waitForStatus(user, sessionId, ['failed', 'ready']);
    expect(failed['status']).toBe('failed');
    expect(failed['error']).toEqual({ code: 'transcription_unavailable', message: expect.stringMatching(/Transcription failed .* Press Retry/) });
    // A retryable failure is tried exactly AI_RETRY_ATTEMPTS times, then reported.
    expect(methodsAndOutcomes(await ai.calls('speech', sha256(audio)))).toEqual(failedCalls('longrunningrecognize', 'error'));
    await api(user, '/session/transcription', { sessionId }).expect(409);

    const restarted = await api(user, '/session/process', { sessionId }).expect(202);
    expect(['uploaded', 'transcribing', 'generating', 'ready']).toContain(restarted.body.session.status);
    const ready = await waitForStatus(user, sessionId, ['ready', 'failed']);
    expect(ready['status']).toBe('ready');
    // While it is done, process is a no-op.
    expect((await api(user, '/session/process', { sessionId }).expect(202)).body.session.status).toBe('ready');
  });

  it('Gemini timing out: failed with a readable message; process resumes without transcribing again', async () => {
    const { audio, marker } = await registeredAudio();
    await ai.injectFault({ service: 'gemini', mode: 'timeout', delayMs: 20_000, count: attempts, match: marker });
    const before = (await ai.stats()).speech.registered;
    const sessionId = await sessionWithAudio(audio);
    const failed = await waitForStatus(user, sessionId, ['failed', 'ready'], 90_000);
    expect(failed['status']).toBe('failed');
    expect(failed['error']).toEqual({ code: 'generation_timeout', message: expect.stringContaining('took too long') });
    expect(methodsAndOutcomes(await ai.calls('gemini', marker))).toEqual(failedCalls('generateContent', 'timeout'));
    const transcribedAt = (await db().collection('transcripts').doc(sessionId).get()).get('createdAt') as string;
    expect(transcribedAt).toBeTruthy();

    await api(user, '/session/process', { sessionId }).expect(202);
    const ready = await waitForStatus(user, sessionId, ['ready', 'failed'], 60_000);
    expect(ready['status']).toBe('ready');
    expect(ready['seenStatuses']).not.toContain('transcribing');
    expect((await db().collection('transcripts').doc(sessionId).get()).get('createdAt')).toBe(transcribedAt);
    expect((await ai.stats()).speech.registered).toBeGreaterThanOrEqual(before + 1);
    // The audio was recognised once, by the first run; the resumed run only wrote the note.
    expect(methodsAndOutcomes(await ai.calls('speech', sha256(audio)))).toEqual(recognizedByUri);
    expect(methodsAndOutcomes(await ai.calls('gemini', marker))).toEqual([...failedCalls('generateContent', 'timeout'), { method: 'generateContent', outcome: 'ok' }]);
  }, 150_000);

  it('process: 404 for a stranger, 409 for a session without audio', async () => {
    const { audio } = await registeredAudio();
    const sessionId = await sessionWithAudio(audio);
    const stranger = await createTestUser();
    await api(stranger, '/session/process', { sessionId }).expect(404);
    const draft = await request(STACK_URL).post('/api/v1/session/create_session').set('Authorization', `Bearer ${user.idToken}`).field('patientName', 'No Audio').field('templateId', 'soap').expect(201);
    expect((await api(user, '/session/process', { sessionId: draft.body.session.id }).expect(409)).body.error.code).toBe('conflict');
    await api(user, '/documentation/by_session', { sessionId: draft.body.session.id }).expect(409);
    await api(user, '/session/transcription', { sessionId: draft.body.session.id }).expect(409);
    await waitForStatus(user, sessionId, ['ready']);
  });
});
