import { z } from 'zod';
import { resourceId } from '../http/common-schemas.js';
import { DEFAULT_CATEGORY, SECTION_FORMATS, TEMPLATE_CATEGORIES, TEMPLATE_LIMITS as L, titleKey } from './template.js';

const requiredText = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const limit = (max: number, fallback: number) => z.coerce.number().int().min(1, `must be between 1 and ${max}`).max(max, `must be between 1 and ${max}`).default(fallback);
const cursor = z.string().max(512).optional();

/** Section ids appear in documentation routes and prompts: short, lower-case, URL-safe. */
const sectionId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be 1 to 64 lower-case letters, digits or "-"');

export const category = z.enum(TEMPLATE_CATEGORIES, { error: `must be one of: ${TEMPLATE_CATEGORIES.join(', ')}` });

export const sectionInput = z.strictObject({
  id: sectionId.optional(),
  title: requiredText(L.sectionTitle),
  instructions: optionalText(L.instructions).default(''),
  format: z.enum(SECTION_FORMATS, { error: 'must be "paragraph" or "bullets"' }).default('paragraph'),
});

const templateFields = {
  name: requiredText(L.name),
  description: optionalText(L.description).default(''),
  category: category.default(DEFAULT_CATEGORY),
  sections: z.array(sectionInput).min(1, 'must have at least 1 section').max(L.sections, `may have at most ${L.sections} sections`),
};

/** Titles and ids are unique within a template; the issue names the later of the two sections. */
function uniqueSections(template: { sections: readonly { id?: string | undefined; title: string }[] }, ctx: z.RefinementCtx): void {
  const titles = new Set<string>();
  const ids = new Set<string>();
  template.sections.forEach((section, i) => {
    const key = titleKey(section.title);
    if (titles.has(key)) ctx.addIssue({ code: 'custom', path: ['sections', i, 'title'], message: `repeats the title "${section.title}" of an earlier section; section titles must be unique` });
    titles.add(key);
    if (section.id && ids.has(section.id)) ctx.addIssue({ code: 'custom', path: ['sections', i, 'id'], message: 'repeats the id of an earlier section' });
    if (section.id) ids.add(section.id);
  });
}

/** A template as a user writes it; every rule names the field it is about ("template.sections.2.title"). */
export const templateInput = z.strictObject(templateFields).superRefine(uniqueSections);

export const getTemplatesBody = z.strictObject({ limit: limit(100, 100), cursor });
export const templateIdBody = z.strictObject({ templateId: resourceId });
export const upsertTemplateBody = z.strictObject({ template: z.strictObject({ id: resourceId.optional(), ...templateFields }).superRefine(uniqueSections) });

/** A pasted transcript for previews: one utterance per line, "Speaker: text" where the speaker is known. */
const transcriptText = z.string().trim().min(1, 'must not be empty').max(50_000, 'must be at most 50000 characters');

export const previewSectionBody = z.strictObject({ section: sectionInput, transcript: transcriptText.optional() });

export const previewTemplateBody = z
  .strictObject({ templateId: resourceId.optional(), template: templateInput.optional(), transcript: transcriptText.optional() })
  .superRefine((body, ctx) => {
    if (body.templateId && body.template) ctx.addIssue({ code: 'custom', path: ['template'], message: 'cannot be sent together with templateId' });
    if (!body.templateId && !body.template) ctx.addIssue({ code: 'custom', path: ['templateId'], message: 'send a templateId or a template' });
  });

export const generateFromNoteBody = z.strictObject({
  note: z.string().trim().min(1, 'is required').max(20_000, 'must be at most 20000 characters'),
  name: requiredText(L.name).optional(),
});

export const helpMeWriteBody = z.strictObject({
  title: requiredText(L.sectionTitle),
  description: optionalText(1000).optional(),
});

export const listPublishedBody = z.strictObject({
  query: optionalText(200).optional(),
  category: category.optional(),
  limit: limit(100, 20),
  cursor,
});

export const publishedEntryBody = z
  .strictObject({ publishedTemplateId: resourceId.optional(), shareId: resourceId.optional() })
  .superRefine((body, ctx) => {
    if (body.publishedTemplateId && body.shareId) ctx.addIssue({ code: 'custom', path: ['shareId'], message: 'cannot be sent together with publishedTemplateId' });
    if (!body.publishedTemplateId && !body.shareId) ctx.addIssue({ code: 'custom', path: ['publishedTemplateId'], message: 'send a publishedTemplateId or a shareId' });
  });

export const publishBody = z.strictObject({
  templateId: resourceId,
  description: optionalText(L.description).optional(),
  category: category.optional(),
});

export const unpublishBody = z.strictObject({ publishedTemplateId: resourceId });
