import { describe, expect, it } from 'vitest';
import { AiServiceError, type GenerateJsonRequest, type GenerativeModel } from '../ai/generative-model.js';
import { keepKnownEvidence, NoteWriter } from './note-writer.js';
import { CHAT_PROMPT_VERSION, NOTE_PROMPT_VERSION } from './prompts/note-prompts.js';

/** A model that answers with a fixed JSON value, run through the request's own parser as the adapter does. */
function modelAnswering(json: unknown): GenerativeModel {
  return {
    model: 'test-model',
    generateJson: <T>(request: GenerateJsonRequest<T>) => Promise.resolve({ data: request.parse(json), model: 'test-model', usage: { promptTokens: 10, outputTokens: 5 } }),
  };
}

const ctx = {
  language: 'en-US',
  specialty: '',
  segments: [
    { id: 'seg-1', speaker: 'patient', startMs: 0, endMs: 1000, text: 'Cough for three days.' },
    { id: 'seg-2', speaker: 'clinician', startMs: 1000, endMs: 2000, text: 'Lungs are clear.' },
  ],
};
const sections = [
  { id: 'subjective', title: 'Subjective', format: 'paragraph' as const, instructions: '' },
  { id: 'objective', title: 'Objective', format: 'bullets' as const, instructions: '' },
];

describe('NoteWriter', () => {
  it('Keeps the template order, drops evidence that cites no real segment, fills skipped sections', async () => {
    const writer = new NoteWriter(
      modelAnswering({
        sections: [{ id: 'subjective', content: ' Cough for three days. ', evidence: [{ segmentId: 'seg-1', quote: 'Cough' }, { segmentId: 'seg-99', quote: 'made up' }, { segmentId: 'seg-1', quote: 'again' }] }],
      }),
    );
    const result = await writer.writeNote(ctx, sections);
    expect(result.value).toEqual([
      { id: 'subjective', content: 'Cough for three days.', evidence: [{ segmentId: 'seg-1', quote: 'Cough' }] },
      { id: 'objective', content: 'Not discussed in this session.', evidence: [] },
    ]);
    // The note records which model and which prompt wrote it, whatever the current version is called.
    expect(result).toMatchObject({ model: 'test-model', promptVersion: NOTE_PROMPT_VERSION, usage: { promptTokens: 10, outputTokens: 5 } });
  });

  it.each([
    ['a wrong shape', { notes: [] }],
    ['evidence without ids', { sections: [{ id: 'subjective', content: 'x', evidence: [{ quote: 'x' }] }] }],
    ['none of the asked sections', { sections: [{ id: 'other', content: 'x', evidence: [] }] }],
  ])('Refuses %s with a typed error', async (_name, json) => {
    await expect(new NoteWriter(modelAnswering(json)).writeNote(ctx, sections)).rejects.toBeInstanceOf(AiServiceError);
  });

  it('Chat answers keep only real citations and note sections, and say where they come from', async () => {
    const note = [{ id: 'plan', title: 'Plan', content: 'Amoxicillin 500 mg.' }];
    const writer = new NoteWriter(
      modelAnswering({ answer: 'Three days.', evidence: [{ segmentId: 'seg-1', quote: 'Cough' }, { segmentId: 'x', quote: 'y' }], source: 'transcript_and_note', noteSectionIds: ['plan', 'nope'] }),
    );
    expect(await writer.chat(ctx, note, [{ role: 'user', content: 'How long?' }])).toEqual({
      content: 'Three days.',
      evidence: [{ segmentId: 'seg-1', quote: 'Cough' }],
      source: 'transcript_and_note',
      noteSections: [{ id: 'plan', title: 'Plan' }],
      engine: `test-model · ${CHAT_PROMPT_VERSION}`,
    });
  });

  it('keepKnownEvidence trims long quotes', () => {
    expect(keepKnownEvidence([{ segmentId: 'seg-2', quote: 'x'.repeat(900) }], ctx.segments)[0]?.quote).toHaveLength(500);
  });
});
