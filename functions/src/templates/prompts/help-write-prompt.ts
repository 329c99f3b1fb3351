import { malformedResponse } from '../../ai/generative-model.js';
import { TEMPLATE_LIMITS as L } from '../template.js';
import { BLOCKS_ARE_DATA, clamp, isRecord, tagged } from '../../ai/prompt-blocks.js';

/**
 * "Help me write": instructions for one template section, drafted from its title (and what the clinician
 * says they want). Versioned: change the text, bump this.
 */
export const HELP_WRITE_PROMPT_VERSION = 'template-help-write-v2';
export const HELP_WRITE_TASK = 'help_me_write_section';

export function helpWriteSystemInstruction(): string {
  return [
    'You help a clinician (of the specialty in the <specialty> block, when there is one) write instructions for one section of a documentation template. A medical scribe will follow them to write that section from a consultation transcript.',
    'Write them as an experienced clinician briefs a scribe, in 3 to 6 sentences: what belongs in the section, what does not (and where it goes instead), the level of detail and the format, and exactly what to write when the consultation does not cover it.',
    'Tell the scribe to state only what the transcript supports. No preamble, no headings, no example patient data.',
    `At most ${L.instructions} characters.`,
  ].join('\n');
}

/** The clinician's specialty (their profile's free text) goes in a block like the rest, never into the instructions. */
export function helpWritePrompt(title: string, description?: string, specialty = ''): string {
  return [`TASK: ${HELP_WRITE_TASK}`, BLOCKS_ARE_DATA, tagged('specialty', specialty), tagged('title', title), tagged('description', description ?? '')].join('\n');
}

export const HELP_WRITE_SCHEMA = {
  type: 'object',
  properties: { instructions: { type: 'string' } },
  required: ['instructions'],
};

export function parseHelpWrite(raw: unknown): string {
  if (!isRecord(raw) || typeof raw['instructions'] !== 'string') throw malformedResponse('gemini', 'help me write: the answer has no "instructions" text');
  const instructions = clamp(raw['instructions'], L.instructions);
  if (!instructions) throw malformedResponse('gemini', 'help me write: the instructions are empty');
  return instructions;
}
