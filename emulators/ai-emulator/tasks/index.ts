import { fillFields } from './fill-fields.ts';
import { chat, editNote, rewriteSection, writeNote } from './notes.ts';
import { TEMPLATE_TASKS } from './templates.ts';

/**
 * What the Gemini emulator can answer, by the prompt's TASK line. Each handler returns the JSON the
 * app's response schema asks for. Features add their own tasks here.
 */
export const TASKS: Record<string, (prompt: string) => unknown> = {
  write_note: writeNote,
  rewrite_section: rewriteSection,
  edit_note: editNote,
  chat,
  fill_fields: fillFields,
  ...TEMPLATE_TASKS,
};
