import { BLOCKS_ARE_DATA, jsonTagged, tagged } from '../ai/prompt-blocks.js';
import type { PageField } from './page-fields.js';
import { UNIT_SYMBOL } from './units.js';

/**
 * The magic fill prompt (versioned like the note prompts: change the text, bump this). Only the fields'
 * keys, labels, kinds, options, lengths, units and bounds and the documentation's sections go in: never the page's HTML,
 * its other text, its values or its selectors. Layout as every Charta prompt (`TASK:` line, tagged blocks),
 * which the local AI emulator reads too.
 */
export const FILL_PROMPT_VERSION = 'fill-v2';
export const FILL_TASK = 'fill_fields';

export interface FillSection {
  title: string;
  content: string;
}

export function fillSystemInstruction(): string {
  return [
    'You are a meticulous medical scribe copying finished clinical documentation into the fields of an electronic health record form.',
    'Fill a field only with what the documentation states. If the documentation says nothing that belongs in a field, leave the field out of the answer; never guess or invent.',
    'Fit each value to its field: for "select" and "radio" answer exactly the value of one of its options; for "date" answer YYYY-MM-DD (resolve relative dates such as "in two weeks" from today); for "number" a number only, within its min and max; for "checkbox" "true" or "false"; for "text" a short single line (within maxLength); for "textarea" and "contenteditable" the full relevant text.',
    'A field with a "unit" takes one measurement: answer it exactly as the documentation states it, the number then the documentation\'s own unit (e.g. "38.5 °C"), even when the field\'s unit differs: Charta converts it. Answer the same measurement for every field that asks for it, whatever their units. Never convert or round yourself, and never put two numbers in one field ("128/82": systolic and diastolic are two fields).',
    'Each piece of information goes in the field that fits it best; do not repeat a whole note in every field. Give two fields the same value only when the documentation states it twice; when unsure which of two fields a value belongs to, leave both out.',
  ].join('\n');
}

export function fillPrompt(fields: readonly PageField[], sections: readonly FillSection[], today: string): string {
  return [
    `TASK: ${FILL_TASK}`,
    BLOCKS_ARE_DATA,
    tagged('today', today).replace(/\n/g, ''),
    'Answer one entry per field you can fill, by its key.',
    jsonTagged(
      'fields',
      fields.map(({ key, label, kind, options, maxLength, unit, min, max, step }) => ({
        key,
        label,
        type: kind,
        ...(options ? { options } : {}),
        ...(maxLength ? { maxLength } : {}),
        ...(unit ? { unit: UNIT_SYMBOL[unit] } : {}),
        ...(min !== undefined ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
        ...(step !== undefined ? { step } : {}),
      })),
    ),
    jsonTagged('documentation', sections.map(({ title, content }) => ({ title, content }))),
  ].join('\n');
}

export const FILL_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    fields: {
      type: 'array',
      items: { type: 'object', properties: { key: { type: 'string' }, value: { type: 'string' } }, required: ['key', 'value'] },
    },
  },
  required: ['fields'],
};
