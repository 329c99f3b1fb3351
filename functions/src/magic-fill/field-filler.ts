import { z } from 'zod';
import { malformedResponse, type GenerativeModel } from '../ai/generative-model.js';
import { FILL_SCHEMA, FILL_TASK, fillPrompt, fillSystemInstruction, type FillSection } from './fill-prompt.js';
import type { PageField } from './page-fields.js';

const fillAnswer = z.object({ fields: z.array(z.object({ key: z.string(), value: z.string() })) });

export interface FieldAnswer {
  key: string;
  value: string;
}

/** Asks the writing model (Gemini, or the AI emulator) which fields the documentation fills, in one call. */
export class FieldFiller {
  constructor(private readonly model: GenerativeModel) {}

  async fill(fields: readonly PageField[], sections: readonly FillSection[], today: string): Promise<FieldAnswer[]> {
    const result = await this.model.generateJson({
      task: FILL_TASK,
      systemInstruction: fillSystemInstruction(),
      prompt: fillPrompt(fields, sections, today),
      responseSchema: FILL_SCHEMA,
      parse: (raw) => {
        const parsed = fillAnswer.safeParse(raw);
        if (!parsed.success) throw malformedResponse('gemini', `the answer does not fit the schema at ${parsed.error.issues[0]?.path.join('.') ?? '?'}`);
        return parsed.data.fields;
      },
      temperature: 0,
    });
    return result.data;
  }
}
