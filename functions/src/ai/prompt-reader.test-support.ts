import { decodeBlockText } from './prompt-blocks.js';

/**
 * For tests: reads a prompt as the model and the AI emulator do (the task line, tagged blocks), so prompt
 * tests check what a prompt carries and how it is laid out rather than copying its wording.
 */
export function promptBlock(prompt: string, tag: string): string | null {
  const raw = rawPromptBlock(prompt, tag);
  return raw === null ? null : decodeBlockText(raw);
}

function rawPromptBlock(prompt: string, tag: string): string | null {
  return new RegExp(`<${tag}>\\n?([\\s\\S]*?)\\n?</${tag}>`).exec(prompt)?.[1] ?? null;
}

export const promptJsonBlock = (prompt: string, tag: string): unknown => JSON.parse(rawPromptBlock(prompt, tag) ?? 'null');

export const promptTask = (prompt: string): string | undefined => /^TASK: (\w+)$/m.exec(prompt)?.[1];
