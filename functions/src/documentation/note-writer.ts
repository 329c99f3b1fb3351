import { CHAT_ANSWER_SOURCES, NOT_DISCUSSED, type ChatAnswerSource } from '@charta/contract';
import { z } from 'zod';
import { malformedResponse, type GenerativeModel, type ModelUsage } from '../ai/generative-model.js';
import type { TranscriptSegment } from '../transcripts/transcript.js';
import { engineLabel, type Evidence, type SectionSpec } from './documentation.js';
import {
  CHAT_PROMPT_VERSION,
  CHAT_SCHEMA,
  chatPrompt,
  chatSystemInstruction,
  editNotePrompt,
  NOTE_PROMPT_VERSION,
  NOTE_SCHEMA,
  rewriteSectionPrompt,
  SECTION_SCHEMA,
  systemInstruction,
  writeNotePrompt,
  type NoteContext,
  type NoteSectionText,
} from './prompts/note-prompts.js';

const evidenceSchema = z.array(z.object({ segmentId: z.string(), quote: z.string() }));
const noteAnswer = z.object({ sections: z.array(z.object({ id: z.string(), content: z.string(), evidence: evidenceSchema })) });
const sectionAnswer = z.object({ content: z.string(), evidence: evidenceSchema });
const chatAnswer = z.object({
  answer: z.string(),
  evidence: evidenceSchema,
  source: z.enum(CHAT_ANSWER_SOURCES),
  noteSectionIds: z.array(z.string()),
});

function parseWith<T>(schema: z.ZodType<T>): (raw: unknown) => T {
  return (raw) => {
    const result = schema.safeParse(raw);
    if (!result.success) throw malformedResponse('gemini', `the answer does not fit the schema at ${result.error.issues[0]?.path.join('.') ?? '?'}`);
    return result.data;
  };
}

/** Evidence must point at real segments: ids the model made up are dropped, duplicates merged. */
export function keepKnownEvidence(evidence: readonly Evidence[], segments: readonly TranscriptSegment[]): Evidence[] {
  const known = new Set(segments.map((s) => s.id));
  const seen = new Set<string>();
  return evidence.filter((e) => known.has(e.segmentId) && !seen.has(e.segmentId) && seen.add(e.segmentId)).map((e) => ({ segmentId: e.segmentId, quote: e.quote.slice(0, 500) }));
}

export interface WrittenSection {
  id: string;
  content: string;
  evidence: Evidence[];
}

export interface WriteResult<T> {
  value: T;
  model: string;
  promptVersion: string;
  usage: ModelUsage;
}

/** Writes and edits documentation through the generative model: one call per note. */
export class NoteWriter {
  constructor(private readonly model: GenerativeModel) {}

  get modelName(): string {
    return this.model.model;
  }

  async writeNote(ctx: NoteContext, sections: readonly SectionSpec[]): Promise<WriteResult<WrittenSection[]>> {
    const result = await this.model.generateJson({
      task: 'write_note',
      systemInstruction: systemInstruction(ctx),
      prompt: writeNotePrompt(ctx, sections),
      responseSchema: NOTE_SCHEMA,
      parse: parseWith(noteAnswer),
    });
    const byId = new Map(result.data.sections.map((s) => [s.id, s]));
    const missing = sections.filter((s) => !byId.has(s.id));
    if (missing.length === sections.length) throw malformedResponse('gemini', 'the answer has none of the requested sections');
    // A section the model skipped is written as not discussed rather than failing the whole note.
    const value = sections.map((spec) => {
      const written = byId.get(spec.id);
      return written
        ? { id: spec.id, content: written.content.trim(), evidence: keepKnownEvidence(written.evidence, ctx.segments) }
        : { id: spec.id, content: NOT_DISCUSSED, evidence: [] };
    });
    return { value, model: result.model, promptVersion: NOTE_PROMPT_VERSION, usage: result.usage };
  }

  async rewriteSection(ctx: NoteContext, section: SectionSpec, edit?: { currentContent: string; instruction: string }): Promise<WriteResult<WrittenSection>> {
    const result = await this.model.generateJson({
      task: 'rewrite_section',
      systemInstruction: systemInstruction(ctx),
      prompt: rewriteSectionPrompt(ctx, section, edit),
      responseSchema: SECTION_SCHEMA,
      parse: parseWith(sectionAnswer),
    });
    return {
      value: { id: section.id, content: result.data.content.trim(), evidence: keepKnownEvidence(result.data.evidence, ctx.segments) },
      model: result.model,
      promptVersion: NOTE_PROMPT_VERSION,
      usage: result.usage,
    };
  }

  async editNote(ctx: NoteContext, note: readonly { id: string; title: string; content: string }[], instruction: string): Promise<WriteResult<WrittenSection[]>> {
    const result = await this.model.generateJson({
      task: 'edit_note',
      systemInstruction: systemInstruction(ctx),
      prompt: editNotePrompt(ctx, note, instruction),
      responseSchema: NOTE_SCHEMA,
      parse: parseWith(noteAnswer),
    });
    const byId = new Map(result.data.sections.map((s) => [s.id, s]));
    const value = note.map((section) => {
      const edited = byId.get(section.id);
      return edited
        ? { id: section.id, content: edited.content.trim(), evidence: keepKnownEvidence(edited.evidence, ctx.segments) }
        : { id: section.id, content: section.content, evidence: [] as Evidence[] };
    });
    return { value, model: result.model, promptVersion: NOTE_PROMPT_VERSION, usage: result.usage };
  }

  /**
   * An answer about the session from its transcript and its note as it is now. Citations of segments that do
   * not exist are dropped, and so are note sections the note does not have.
   */
  async chat(ctx: NoteContext, note: readonly NoteSectionText[], messages: readonly { role: 'user' | 'assistant'; content: string }[]): Promise<ChatAnswer> {
    const result = await this.model.generateJson({
      task: 'chat',
      systemInstruction: chatSystemInstruction(ctx),
      prompt: chatPrompt(ctx, note, messages),
      responseSchema: CHAT_SCHEMA,
      parse: parseWith(chatAnswer),
    });
    const used = new Set(result.data.noteSectionIds);
    return {
      content: result.data.answer.trim(),
      evidence: keepKnownEvidence(result.data.evidence, ctx.segments),
      source: result.data.source,
      noteSections: note.filter((s) => used.has(s.id)).map(({ id, title }) => ({ id, title })),
      engine: engineLabel(result.model, CHAT_PROMPT_VERSION),
    };
  }
}

export interface ChatAnswer {
  content: string;
  evidence: Evidence[];
  source: ChatAnswerSource;
  noteSections: { id: string; title: string }[];
  /** Which model and prompt wrote it (documentation's engineLabel). */
  engine: string;
}
