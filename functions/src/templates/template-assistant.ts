import { DEFAULT_LANGUAGE } from '@charta/contract';
import { AiServiceError, type GenerateJsonRequest, type GenerativeModel } from '../ai/generative-model.js';
import { ApiError, unavailable } from '../http/errors.js';
import { GENERATE_TEMPLATE_SCHEMA, GENERATE_TEMPLATE_TASK, generateTemplatePrompt, generateTemplateSystemInstruction, parseGeneratedTemplate } from './prompts/generate-template-prompt.js';
import { HELP_WRITE_SCHEMA, HELP_WRITE_TASK, helpWritePrompt, helpWriteSystemInstruction, parseHelpWrite } from './prompts/help-write-prompt.js';
import type { TranscriptSegment } from '../transcripts/transcript.js';
import { SAMPLE_TRANSCRIPT, transcriptFromText } from './sample-transcript.js';
import type { TemplateDraft, TemplateSection } from './template.js';

/** What the assistant reads from the caller's profile to brief the model. */
export interface ClinicianContext {
  contextOf(uid: string): Promise<{ specialty: string; defaultLanguage: string } | null>;
}

/**
 * Writes a note over a transcript, section by section: the documentation's own note writer (prompt, model
 * call, parsing), so a preview shows exactly what a note from this template would look like.
 */
export interface NoteDrafter {
  writeNote(
    ctx: { language: string; specialty: string; segments: readonly TranscriptSegment[] },
    sections: readonly TemplateSection[],
  ): Promise<{ value: readonly { content: string }[] }>;
}

/**
 * The AI helpers of the template editor, through the writing-model port: previews over the bundled
 * sample consultation (or a pasted transcript), a draft template from an example note, and
 * instructions for a section title. Nothing is saved.
 */
export class TemplateAssistant {
  constructor(
    private readonly model: GenerativeModel,
    private readonly writer: NoteDrafter,
    private readonly clinicians: ClinicianContext,
  ) {}

  async previewSections(uid: string, sections: readonly TemplateSection[], transcript?: string): Promise<{ id: string; title: string; content: string }[]> {
    const profile = await this.clinicians.contextOf(uid);
    const segments: readonly TranscriptSegment[] = transcript ? transcriptFromText(transcript) : SAMPLE_TRANSCRIPT;
    // A pasted transcript is written up in the clinician's language; the bundled sample is in English.
    const ctx = { language: transcript ? (profile?.defaultLanguage ?? DEFAULT_LANGUAGE) : 'en-US', specialty: profile?.specialty ?? '', segments };
    const written = await this.assist(() => this.writer.writeNote(ctx, sections));
    return sections.map((s, i) => ({ id: s.id, title: s.title, content: written.value[i]?.content ?? '' }));
  }

  async draftFromNote(note: string, name?: string): Promise<TemplateDraft> {
    return this.generate({
      task: GENERATE_TEMPLATE_TASK,
      systemInstruction: generateTemplateSystemInstruction(),
      prompt: generateTemplatePrompt(note, name),
      responseSchema: GENERATE_TEMPLATE_SCHEMA,
      parse: (raw) => parseGeneratedTemplate(raw, name),
      temperature: 0.3,
    });
  }

  async instructionsFor(uid: string, title: string, description?: string): Promise<string> {
    const profile = await this.clinicians.contextOf(uid);
    return this.generate({
      task: HELP_WRITE_TASK,
      systemInstruction: helpWriteSystemInstruction(),
      prompt: helpWritePrompt(title, description, profile?.specialty ?? ''),
      responseSchema: HELP_WRITE_SCHEMA,
      parse: parseHelpWrite,
      temperature: 0.4,
    });
  }

  /** Outside-service failures become the contract's 503, with a message a clinician can act on. */
  private async generate<T>(request: GenerateJsonRequest<T>): Promise<T> {
    return (await this.assist(() => this.model.generateJson(request))).data;
  }

  private async assist<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof ApiError) throw err;
      if (err instanceof AiServiceError) {
        throw unavailable(
          err.code === 'malformed_response'
            ? 'The writing assistant gave an answer Charta could not use. Please try again.'
            : 'The writing assistant is unavailable right now. Please try again in a moment.',
        );
      }
      throw err;
    }
  }
}
