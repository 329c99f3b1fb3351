import { taskOf } from './prompt.ts';
import { TASKS } from './tasks/index.ts';
import { tokens, type EmulatorState } from './state.ts';

/**
 * The subset of Vertex AI's generateContent the app uses: one user turn, a system instruction, JSON output
 * with a response schema. The answer is built from the request by the handler for the prompt's TASK line.
 */
export interface GenerateContentBody {
  contents?: { role?: string; parts?: { text?: string }[] }[];
  systemInstruction?: { parts?: { text?: string }[] } | string;
  generationConfig?: { responseMimeType?: string; responseJsonSchema?: unknown; responseSchema?: unknown };
}

export function generateContent(state: EmulatorState, model: string, body: GenerateContentBody) {
  const prompt = (body.contents ?? []).flatMap((c) => c.parts ?? []).map((p) => p.text ?? '').join('\n');
  const system = typeof body.systemInstruction === 'string' ? body.systemInstruction : (body.systemInstruction?.parts ?? []).map((p) => p.text ?? '').join('\n');
  const task = taskOf(prompt);
  const handler = TASKS[task];
  if (!handler) throw Object.assign(new Error(`the AI emulator has no handler for TASK: ${task}`), { status: 400 });
  const text = JSON.stringify(handler(prompt));
  const promptTokenCount = tokens(prompt) + tokens(system);
  const candidatesTokenCount = tokens(text);
  state.stats.gemini.calls++;
  state.stats.gemini.promptTokens += promptTokenCount;
  state.stats.gemini.outputTokens += candidatesTokenCount;
  state.stats.gemini.byTask[task] = (state.stats.gemini.byTask[task] ?? 0) + 1;
  return {
    candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount, candidatesTokenCount, totalTokenCount: promptTokenCount + candidatesTokenCount },
    modelVersion: `${model}-emulated`,
  };
}
