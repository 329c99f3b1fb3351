import { malformedResponse } from '../../ai/generative-model.js';
import { DEFAULT_CATEGORY, TEMPLATE_CATEGORIES, TEMPLATE_LIMITS as L, titleKey, withSectionIds, type TemplateDraft } from '../template.js';
import { BLOCKS_ARE_DATA, clamp, isRecord, tagged } from '../../ai/prompt-blocks.js';

/**
 * "Create from an example note": the model reads a note the clinician likes and drafts a template that
 * would produce notes like it: one section per heading, with instructions a scribe could follow.
 * Versioned: change the text, bump this.
 */
export const GENERATE_TEMPLATE_PROMPT_VERSION = 'template-from-note-v2';
export const GENERATE_TEMPLATE_TASK = 'generate_template_from_note';

export function generateTemplateSystemInstruction(): string {
  return [
    'You design documentation templates for clinicians. A template is an ordered list of sections; each has a title, a format ("paragraph" or "bullets") and instructions for a medical scribe who will write that section from a consultation transcript.',
    'Derive the sections from the example note: keep its headings and their order, and infer the format from how each part is written.',
    'For each section, write instructions the way an experienced clinician briefs a scribe: what belongs there, what does not, the level of detail and style the example shows, and what to write when the consultation does not cover it.',
    'Describe the kind of content, never the example patient\'s facts: the template will be used for other patients. Never copy names, dates, values or identifiers from the note.',
    `Keep titles under ${L.sectionTitle} characters, instructions under ${L.instructions} characters, and at most ${L.sections} sections.`,
    `Choose the category from: ${TEMPLATE_CATEGORIES.join(', ')}.`,
  ].join('\n');
}

export function generateTemplatePrompt(note: string, name?: string): string {
  return [
    `TASK: ${GENERATE_TEMPLATE_TASK}`,
    BLOCKS_ARE_DATA,
    name ? 'Use the given name for the template.' : 'Propose a short name for the template from the kind of note it is.',
    tagged('name', name ?? ''),
    tagged('note', note),
  ].join('\n');
}

export const GENERATE_TEMPLATE_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
    category: { type: 'string', enum: [...TEMPLATE_CATEGORIES] },
    sections: {
      type: 'array',
      items: {
        type: 'object',
        properties: { title: { type: 'string' }, format: { type: 'string', enum: ['paragraph', 'bullets'] }, instructions: { type: 'string' } },
        required: ['title', 'format', 'instructions'],
      },
    },
  },
  required: ['name', 'sections'],
};

/**
 * A draft the editor can open and upsert_template will accept: the structure must be there (a list of
 * sections with titles, else malformed_response); lengths are clamped, repeated titles numbered, and at
 * most 30 sections kept.
 */
export function parseGeneratedTemplate(raw: unknown, requestedName?: string): TemplateDraft {
  if (!isRecord(raw)) throw malformedResponse('gemini', 'template from note: the answer is not an object');
  const rawSections = raw['sections'];
  if (!Array.isArray(rawSections) || rawSections.length === 0) throw malformedResponse('gemini', 'template from note: the answer has no sections');
  const seen = new Set<string>();
  const sections = rawSections.slice(0, L.sections).map((item: unknown, i) => {
    if (!isRecord(item) || typeof item['title'] !== 'string' || !item['title'].trim()) throw malformedResponse('gemini', `template from note: section ${i + 1} has no title`);
    let title = clamp(item['title'], L.sectionTitle - 4);
    for (let n = 2; seen.has(titleKey(title)); n++) title = `${clamp(item['title'], L.sectionTitle - 4)} (${n})`;
    seen.add(titleKey(title));
    const instructions = typeof item['instructions'] === 'string' ? clamp(item['instructions'], L.instructions) : '';
    const format: 'paragraph' | 'bullets' = item['format'] === 'bullets' ? 'bullets' : 'paragraph';
    return { title, instructions, format };
  });
  const proposedName = typeof raw['name'] === 'string' ? raw['name'].trim() : '';
  const category = TEMPLATE_CATEGORIES.find((c) => c === raw['category']);
  return {
    name: clamp(requestedName ?? (proposedName || 'Template from an example note'), L.name),
    description: typeof raw['description'] === 'string' ? clamp(raw['description'], L.description) : '',
    category: category ?? DEFAULT_CATEGORY,
    sections: withSectionIds(sections),
  };
}
