import { malformedResponse } from '../../ai/generative-model.js';
import type { TranscriptSegment } from '../sample-transcript.js';
import type { TemplateSection } from '../template.js';
import { isRecord, jsonTagged, transcriptTagged } from './blocks.js';

/**
 * Template previews: the template's sections written over a transcript, exactly as the note writer
 * would (same task, `write_note`, and answer shape), so a preview shows what a real note would look like.
 * Versioned: change the text, bump this.
 */
export const PREVIEW_PROMPT_VERSION = 'template-preview-v1';
export const PREVIEW_TASK = 'write_note';

export interface PreviewContext {
  /** BCP-47 tag of the note language. */
  language: string;
  /** The clinician's specialty ("" when unknown). */
  specialty: string;
  segments: readonly TranscriptSegment[];
}

export function previewSystemInstruction(ctx: Pick<PreviewContext, 'language' | 'specialty'>): string {
  return [
    `You are a meticulous medical scribe writing clinical documentation for a ${ctx.specialty || 'clinician'}.`,
    `Write in the language with BCP-47 tag ${ctx.language}.`,
    'Follow each section\'s instructions. State only what the transcript supports; never guess or invent values, diagnoses or plans.',
    'If nothing in the transcript belongs in a section, say so briefly as its instructions ask, with no evidence.',
    'For every section, list as evidence the transcript segment ids that support it, with a short verbatim quote from each.',
    'Follow each section\'s format: "paragraph" is prose; "bullets" is one "- " line per item. No headings inside a section.',
  ].join('\n');
}

export function previewPrompt(ctx: PreviewContext, sections: readonly TemplateSection[]): string {
  return [
    `TASK: ${PREVIEW_TASK}`,
    `<language>${ctx.language}</language>`,
    `<specialty>${ctx.specialty.replace(/[<>]/g, '')}</specialty>`,
    'Write one entry per section below, in the given order, following each section\'s instructions.',
    jsonTagged('sections', sections.map(({ id, title, format, instructions }) => ({ id, title, format, instructions }))),
    transcriptTagged(ctx.segments),
  ].join('\n');
}

const evidence = { type: 'array', items: { type: 'object', properties: { segmentId: { type: 'string' }, quote: { type: 'string' } }, required: ['segmentId', 'quote'] } };

export const PREVIEW_SCHEMA = {
  type: 'object',
  properties: {
    sections: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, content: { type: 'string' }, evidence }, required: ['id', 'content', 'evidence'] } },
  },
  required: ['sections'],
};

/** The content written for each requested section, by id; a malformed_response error names what is wrong. */
export function parsePreview(raw: unknown, sectionIds: readonly string[]): Map<string, string> {
  if (!isRecord(raw) || !Array.isArray(raw['sections'])) throw malformedResponse('gemini', 'preview: the answer has no "sections" list');
  const written = new Map<string, string>();
  for (const item of raw['sections'] as unknown[]) {
    if (!isRecord(item) || typeof item['id'] !== 'string' || typeof item['content'] !== 'string') {
      throw malformedResponse('gemini', 'preview: a section in the answer lacks a string "id" or "content"');
    }
    written.set(item['id'], item['content'].trim());
  }
  const missing = sectionIds.filter((id) => !written.has(id));
  if (missing.length > 0) throw malformedResponse('gemini', `preview: the answer has no content for ${missing.length} of ${sectionIds.length} sections`);
  return written;
}
