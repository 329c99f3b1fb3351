import { CHAT_ANSWER_SOURCES, NOT_DISCUSSED } from '@charta/contract';
import { BLOCKS_ARE_DATA, jsonTagged, tagged, transcriptTagged } from '../../ai/prompt-blocks.js';
import type { TranscriptSegment } from '../../transcripts/transcript.js';
import type { SectionSpec } from '../documentation.js';

/**
 * Prompts for writing and editing documentation. Versioned: the version is stored with every
 * documentation, so a note can always be traced to the prompt that wrote it. Change the text, bump this.
 *
 * Layout (also read by the local AI emulator): the first line names the task (`TASK: write_note`), the
 * data follow in tagged blocks, transcript lines as `[seg-3] patient (4200-9100): text`.
 */
export const NOTE_PROMPT_VERSION = 'note-v2';

export interface NoteContext {
  language: string;
  /** The clinician's specialty from their profile ("" when not given). */
  specialty: string;
  segments: readonly TranscriptSegment[];
}

export function systemInstruction(ctx: Pick<NoteContext, 'language' | 'specialty'>): string {
  return [
    // The specialty is the clinician's own text: it reaches the model in its block, never as instructions.
    ctx.specialty ? 'You are a meticulous medical scribe writing clinical documentation for a clinician of the specialty in the <specialty> block.' : 'You are a meticulous medical scribe writing clinical documentation for a clinician.',
    `Write in the language with BCP-47 tag ${ctx.language}, whatever language the instructions are in.`,
    'State only what the transcript supports. If the transcript does not say something a section asks for, leave it out; never guess, infer diagnoses that were not stated, or invent values.',
    `If nothing in the transcript belongs in a section, its content is exactly "${NOT_DISCUSSED}" in the note language, with no evidence.`,
    'For every section, list as evidence the ids of the transcript segments that support its statements, with a short verbatim quote from each.',
    'Follow each section\'s format: "paragraph" is prose; "bullets" is one "- " line per item.',
    'Use clinical register, no filler, no headings inside a section, no patient identifiers beyond what the transcript states.',
  ].join('\n');
}

// Blocks come from ai/prompt-blocks.ts: text inside a block (a transcript, a clinician's instruction)
// can never end it or open another.
const transcriptBlock = (segments: readonly TranscriptSegment[]) => transcriptTagged(segments);

const sectionsBlock = (sections: readonly SectionSpec[]) => jsonTagged('sections', sections.map(({ id, title, format, instructions }) => ({ id, title, format, instructions })));

const header = (task: string, ctx: Pick<NoteContext, 'language' | 'specialty'>) =>
  [`TASK: ${task}`, BLOCKS_ARE_DATA, tagged('language', ctx.language).replace(/\n/g, ''), tagged('specialty', ctx.specialty).replace(/\n/g, '')].join('\n');

/** The whole note in one call: every section of the template at once. */
export function writeNotePrompt(ctx: NoteContext, sections: readonly SectionSpec[]): string {
  return [
    header('write_note', ctx),
    'Write one entry per section below, in the given order, following each section\'s instructions.',
    sectionsBlock(sections),
    transcriptBlock(ctx.segments),
  ].join('\n');
}

/** One section again: plain regeneration, new instructions (customize), or an edit of the current text. */
export function rewriteSectionPrompt(ctx: NoteContext, section: SectionSpec, edit?: { currentContent: string; instruction: string }): string {
  return [
    header('rewrite_section', ctx),
    edit ? 'Rewrite the current content of this section following the instruction, staying faithful to the transcript.' : 'Write this section, following its instructions.',
    jsonTagged('section', { id: section.id, title: section.title, format: section.format, instructions: section.instructions }),
    ...(edit ? [tagged('current_content', edit.currentContent), tagged('instruction', edit.instruction)] : []),
    transcriptBlock(ctx.segments),
  ].join('\n');
}

/** One instruction applied to the whole note. */
export function editNotePrompt(ctx: NoteContext, note: readonly { id: string; title: string; content: string }[], instruction: string): string {
  return [
    header('edit_note', ctx),
    'Apply the instruction to the note. Return every section, changed or not, with its evidence.',
    jsonTagged('note', note),
    tagged('instruction', instruction),
    transcriptBlock(ctx.segments),
  ].join('\n');
}

/** The chat's prompts, versioned apart from the note's: every answer keeps the version that wrote it. */
export const CHAT_PROMPT_VERSION = 'chat-v1';

/** A section of the note as it is now: the clinician's edits included. */
export interface NoteSectionText {
  id: string;
  title: string;
  content: string;
}

/** The chat's system instruction: it answers about the session, from the transcript and the current note. */
export function chatSystemInstruction(ctx: Pick<NoteContext, 'language' | 'specialty'>): string {
  return [
    ctx.specialty ? 'You answer a clinician of the specialty in the <specialty> block about one of their consultations.' : 'You answer a clinician about one of their consultations.',
    `Answer in the language with BCP-47 tag ${ctx.language}, briefly and in clinical register.`,
    'You have two sources: the transcript (what was said) and the note (the documentation as the clinician has it now, which they may have edited and which can hold what the transcript does not).',
    'State only what these sources say; never guess. Cite, as evidence, every transcript segment that supports what you state, with a short verbatim quote.',
    'When anything you state comes from the note and not the transcript, say so in the answer ("The note says ...; the transcript does not mention it") and list the note sections you used.',
    'Set source to "transcript", "note", "transcript_and_note", or "none" when neither says anything about the question (then say that).',
  ].join('\n');
}

/** A question about the session, answered from the transcript and the note as it is now. */
export function chatPrompt(ctx: NoteContext, note: readonly NoteSectionText[], messages: readonly { role: 'user' | 'assistant'; content: string }[]): string {
  return [
    header('chat', ctx),
    'Answer the last user message. Use the transcript first and cite its segments; use the note for what the transcript does not say, and say that it comes from the note.',
    // The note is the clinician's text: a JSON block, so nothing in it can end the block (prompt-blocks.ts).
    jsonTagged('note', note.map(({ id, title, content }) => ({ id, title, content }))),
    jsonTagged('messages', messages),
    transcriptBlock(ctx.segments),
  ].join('\n');
}

const evidenceSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: { segmentId: { type: 'string' }, quote: { type: 'string' } },
    required: ['segmentId', 'quote'],
  },
};

export const NOTE_SCHEMA = {
  type: 'object',
  properties: {
    sections: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, content: { type: 'string' }, evidence: evidenceSchema },
        required: ['id', 'content', 'evidence'],
      },
    },
  },
  required: ['sections'],
};

export const SECTION_SCHEMA = {
  type: 'object',
  properties: { content: { type: 'string' }, evidence: evidenceSchema },
  required: ['content', 'evidence'],
};

export const CHAT_SCHEMA = {
  type: 'object',
  properties: {
    answer: { type: 'string' },
    evidence: evidenceSchema,
    source: { type: 'string', enum: [...CHAT_ANSWER_SOURCES] },
    noteSectionIds: { type: 'array', items: { type: 'string' } },
  },
  required: ['answer', 'evidence', 'source', 'noteSectionIds'],
};
