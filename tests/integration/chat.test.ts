/**
 * Chat (docs/api.md "Chat"): answers from the transcript and from the note as the clinician has it now,
 * saying which; the conversation kept per session on the server, read back, limited, owned (another user's
 * session is 404) and deleted with its session. The AI emulator answers by what the prompt holds, so an
 * answer found only in an edited note proves the note reached the prompt.
 */
import { CHAT_LIMITS, type ChatMessage } from '@charta/contract';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer } from '../support/sessions.js';

const { app, db } = emulatorApi();
const post = (user: TestUser, path: string, body: object) => request(app).post(`/api/v1${path}`).set(bearer(user)).send(body);

const NOTES = `Clinician: What brings you in today?
Patient: I have had a dry cough for three days and a mild fever last night.
Clinician: Any shortness of breath?
Patient: A little breathless on the stairs. I am taking ibuprofen 400 mg.
Clinician: Your temperature is 37.4 and your lungs are clear when I listen.
Clinician: I think this is a viral infection. Plan: rest, fluids, and come back in one week if not better.`;

const PRESCRIPTION = 'Clarithromycin 500 mg twice daily for 5 days.';

let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([createTestUser(), createTestUser()]);
});

async function documentedSession(user: TestUser, patientName = 'Ana Patiño'): Promise<string> {
  const res = await post(user, '/creation', { patientName, templateId: 'soap', text: NOTES }).expect(201);
  return res.body.session.id as string;
}

const ask = (user: TestUser, sessionId: string, question: string) => post(user, '/session/chat_with_session', { sessionId, question });
const historyOf = async (user: TestUser, sessionId: string) => (await post(user, '/session/chat_history', { sessionId }).expect(200)).body as { messages: ChatMessage[]; limit: number };

describe('POST /session/chat_with_session', () => {
  it('Answers from the transcript, citing real segments, and keeps the question with its answer', async () => {
    const sessionId = await documentedSession(owner);
    const transcript = (await post(owner, '/session/transcription', { sessionId }).expect(200)).body.transcript;
    const res = await ask(owner, sessionId, 'What medication is the patient taking?').expect(200);
    expect(res.body.question).toMatchObject({ role: 'user', content: 'What medication is the patient taking?', evidence: [] });
    expect(res.body.message).toMatchObject({ role: 'assistant', source: 'transcript', noteSections: [], engine: expect.stringMatching(/^ai-emulator\/.* · chat-v1$/) });
    expect(res.body.message.content).toContain('ibuprofen 400 mg');
    const ids = new Set(transcript.segments.map((s: { id: string }) => s.id));
    expect(res.body.message.evidence.length).toBeGreaterThan(0);
    for (const e of res.body.message.evidence) expect(ids).toContain(e.segmentId);
    expect((await historyOf(owner, sessionId)).messages).toEqual([res.body.question, res.body.message]);
  });

  it('Answers from the note as the clinician edited it, saying it comes from the note', async () => {
    const sessionId = await documentedSession(owner);
    const before = (await ask(owner, sessionId, 'Which antibiotic was prescribed?').expect(200)).body.message;
    expect(before).toMatchObject({ source: 'none', evidence: [] });
    expect(before.content).not.toContain('Clarithromycin');

    // The clinician types the prescription into the Plan: the transcript never said it.
    const doc = (await post(owner, '/documentation/by_session', { sessionId }).expect(200)).body.documentation;
    const plan = doc.sections.find((s: { id: string }) => s.id === 'plan');
    await post(owner, '/session/documentation/section/update_value', { documentationId: doc.id, sectionId: 'plan', content: `${plan.content}\n${PRESCRIPTION}`, counter: doc.counter }).expect(200);

    const after = (await ask(owner, sessionId, 'Which antibiotic was prescribed?').expect(200)).body.message;
    expect(after.content).toContain(PRESCRIPTION);
    expect(after.content).toMatch(/comes from the note, not the transcript/);
    expect(after).toMatchObject({ source: 'note', noteSections: [{ id: 'plan', title: 'Plan' }], evidence: [] });
  });

  it('Bad questions, strangers and missing sessions', async () => {
    const sessionId = await documentedSession(owner);
    expect((await post(owner, '/session/chat_with_session', { sessionId }).expect(400)).body.error.field).toBe('question');
    expect((await ask(owner, sessionId, '   ').expect(400)).body.error.field).toBe('question');
    expect((await ask(owner, sessionId, 'x'.repeat(CHAT_LIMITS.question + 1)).expect(400)).body.error.field).toBe('question');
    // The old shape (the whole conversation from the client) is refused by name: the server has it.
    expect((await post(owner, '/session/chat_with_session', { sessionId, messages: [{ role: 'user', content: 'Hi' }] }).expect(400)).body.error.code).toBe('invalid_argument');
    await ask(stranger, sessionId, 'Name?').expect(404);
    await ask(owner, 'no-such-session', 'Name?').expect(404);
    expect((await historyOf(owner, sessionId)).messages).toEqual([]);
  });
});

describe('POST /session/chat_history', () => {
  it('Keeps each session’s conversation apart and in order; another user’s session is 404', async () => {
    const first = await documentedSession(owner, 'First Patient');
    const second = await documentedSession(owner, 'Second Patient');
    expect(await historyOf(owner, first)).toEqual({ messages: [], limit: CHAT_LIMITS.history });
    await ask(owner, first, 'Any fever?').expect(200);
    await ask(owner, first, 'What is the plan?').expect(200);
    await ask(owner, second, 'Any cough?').expect(200);

    const kept = await historyOf(owner, first);
    expect(kept.messages.map((m) => [m.role, m.role === 'user' ? m.content : m.source])).toEqual([
      ['user', 'Any fever?'],
      ['assistant', 'transcript'],
      ['user', 'What is the plan?'],
      ['assistant', 'transcript'],
    ]);
    expect((await historyOf(owner, second)).messages.map((m) => m.content)[0]).toBe('Any cough?');
    await post(stranger, '/session/chat_history', { sessionId: first }).expect(404);
    await post(owner, '/session/chat_history', { sessionId: 'no-such-session' }).expect(404);
    expect((await post(owner, '/session/chat_history', {}).expect(400)).body.error.field).toBe('sessionId');
  });

  it('Keeps the last CHAT_LIMITS.history messages: the oldest exchange goes first', async () => {
    const sessionId = await documentedSession(owner);
    const full: ChatMessage[] = Array.from({ length: CHAT_LIMITS.history }, (_, i) => ({
      id: `m${i}`,
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `Message ${i}`,
      createdAt: '2026-11-28T10:00:00.000Z',
      evidence: [],
    }));
    await db.collection('sessionChats').doc(sessionId).set({ sessionId, ownerUid: owner.uid, messages: full, updatedAt: '2026-11-28T10:00:00.000Z' });
    await ask(owner, sessionId, 'Any fever?').expect(200);
    const kept = (await historyOf(owner, sessionId)).messages;
    expect(kept).toHaveLength(CHAT_LIMITS.history);
    expect(kept[0]!.content).toBe('Message 2');
    expect(kept.at(-2)!.content).toBe('Any fever?');
  });

  it('Goes with its session', async () => {
    const sessionId = await documentedSession(owner);
    await ask(owner, sessionId, 'Any fever?').expect(200);
    expect((await db.collection('sessionChats').doc(sessionId).get()).data()).toMatchObject({ ownerUid: owner.uid, sessionId });
    await post(owner, '/session/delete', { sessionId }).expect(200);
    expect((await db.collection('sessionChats').doc(sessionId).get()).exists).toBe(false);
    await post(owner, '/session/chat_history', { sessionId }).expect(404);
  });
});
