// Templates (docs/api.md "Templates"): the resource, its categories and section formats, the limits both
// the API and the editor enforce, and the request bodies of the template routes.
import { z } from 'zod';
import { cursorField, nameText, pageLimit, requiredText, resourceId, shortText, visibleCharacterCount } from './fields.js';

// --- Enumerations -----------------------------------------------------------------------------------------

export const SECTION_FORMATS = ['paragraph', 'bullets'] as const;

export type SectionFormat = (typeof SECTION_FORMATS)[number];

/**
 * Categories are a fixed list so that the community library can be filtered meaningfully
 * (free text would split "Mental health", "mental-health" and "Psych" into three shelves).
 */
export const TEMPLATE_CATEGORIES = [
  'general',
  'primary-care',
  'mental-health',
  'pediatrics',
  'hospital',
  'emergency',
  'surgery',
  'specialty',
  'letters',
  'patient-facing',
  'other',
] as const;

export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const DEFAULT_CATEGORY: TemplateCategory = 'general';

/** Each category in the words the app shows. */
export const TEMPLATE_CATEGORY_LABELS = {
  general: 'General',
  'primary-care': 'Primary care',
  'mental-health': 'Mental health',
  pediatrics: 'Pediatrics',
  hospital: 'Hospital',
  emergency: 'Emergency',
  surgery: 'Surgery',
  specialty: 'Specialty clinics',
  letters: 'Letters',
  'patient-facing': 'For patients',
  other: 'Other',
} as const satisfies Record<TemplateCategory, string>;

export function isTemplateCategory(value: string): value is TemplateCategory {
  return (TEMPLATE_CATEGORIES as readonly string[]).includes(value);
}

/** A category's label; a category this version does not know (a newer API's) shows as it is. */
export function categoryLabel(category: string): string {
  return isTemplateCategory(category) ? TEMPLATE_CATEGORY_LABELS[category] : category;
}

export type TemplateSource = 'builtin' | 'own' | 'library' | 'shared';

// --- Resources --------------------------------------------------------------------------------------------

export interface TemplateSection {
  id: string;
  title: string;
  instructions: string;
  format: SectionFormat;
}

export interface Template {
  id: string;
  name: string;
  description: string;
  category: string;
  source: TemplateSource;
  published: boolean;
  publishedTemplateId: string | null;
  createdAt: string;
  updatedAt: string;
  sections: TemplateSection[];
}

/** `POST /template/get_templates`: the caller's templates (and, on the first page, the built-ins). */
export interface TemplatesPage {
  templates: Template[];
  nextCursor: string | null;
}

/** A snapshot in the community library. */
export interface PublishedTemplate {
  id: string;
  templateId: string;
  name: string;
  description: string;
  category: string;
  sections: TemplateSection[];
  authorName: string;
  addCount: number;
  publishedAt: string;
  /**
   * Reported by `LIBRARY_REPORTS_TO_HIDE` different users (3 by default) and not yet reviewed: listed, found
   * and added by nobody but its author, who sees it with this flag. Always false in others' answers.
   */
  hiddenUntilReviewed: boolean;
}

/**
 * Why a user reports a library entry. Patient data comes first: a template is a snapshot anyone signed in
 * can read, so one written from a real note can leak PHI.
 */
export const LIBRARY_REPORT_REASONS = ['patient-data', 'offensive', 'misleading', 'spam', 'junk', 'other'] as const;

export type LibraryReportReason = (typeof LIBRARY_REPORT_REASONS)[number];

/** Each reason in the words the report dialog shows. */
export const LIBRARY_REPORT_REASON_LABELS = {
  'patient-data': 'It contains patient information',
  offensive: 'It is offensive or inappropriate',
  misleading: 'It is clinically misleading or unsafe',
  spam: 'It is advertising or spam',
  junk: 'It is empty, a test or not a real template',
  other: 'Something else',
} as const satisfies Record<LibraryReportReason, string>;

/** `POST /template/published/report` → `{ report }`: the caller's report of an entry (the first one stands). */
export interface LibraryReport {
  publishedTemplateId: string;
  reason: LibraryReportReason;
  note: string;
  reportedAt: string;
}

/** `POST /template/published/list`. */
export interface LibraryPage {
  templates: PublishedTemplate[];
  nextCursor: string | null;
}

// --- Limits -----------------------------------------------------------------------------------------------

/** Shared by validation, the AI helpers' output clean-up and the web editor. */
export const TEMPLATE_LIMITS = {
  name: 120,
  description: 500,
  sections: 30,
  sectionTitle: 100,
  instructions: 2000,
  /** Templates one user may keep (their own and copies); keeps get_templates bounded. */
  ownTemplates: 200,
  /** A note pasted into generate_template_from_note. */
  note: 20_000,
  /** What help_me_write is told about a section besides its title. */
  helpDescription: 1000,
  /** A pasted transcript for previews. */
  previewTranscript: 50_000,
  libraryQuery: 200,
  pageSize: 100,
  /** A library entry's name, in characters a reader sees: one letter (or "A" padded with zero-width spaces) is junk. */
  libraryNameMinVisible: 3,
  /** A library entry's description, in visible characters: readers choose by it, so "" or "x" is refused. */
  libraryDescriptionMinVisible: 10,
  /** The optional note with a report of a library entry. */
  reportNote: 500,
} as const;

/** Why a template's name may not go to the community library, or null when it may. */
export function libraryNameProblem(name: string): string | null {
  const min = TEMPLATE_LIMITS.libraryNameMinVisible;
  return visibleCharacterCount(name) >= min ? null : `A template in the library needs a name of at least ${min} visible characters; rename it first`;
}

/** Why a description may not go to the community library with an entry, or null when it may. */
export function libraryDescriptionProblem(description: string): string | null {
  const min = TEMPLATE_LIMITS.libraryDescriptionMinVisible;
  if (visibleCharacterCount(description) === 0) return 'A template in the library needs a description: who it is for and what makes it useful';
  return visibleCharacterCount(description) >= min ? null : `A template in the library needs a description of at least ${min} visible characters`;
}

/** Titles compare without case, accents or surrounding space: "Plan" and " plan" are the same heading. */
export function titleKey(title: string): string {
  return title.normalize('NFKD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/\s+/g, ' ');
}

// --- Requests ---------------------------------------------------------------------------------------------

const L = TEMPLATE_LIMITS;

/** Section ids appear in documentation routes and prompts: short, lower-case, URL-safe. */
const sectionId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be 1 to 64 lower-case letters, digits or "-"');

export const templateCategoryField = z.enum(TEMPLATE_CATEGORIES, { error: `must be one of: ${TEMPLATE_CATEGORIES.join(', ')}` });

export const sectionInput = z.strictObject({
  id: sectionId.optional(),
  title: requiredText(L.sectionTitle),
  instructions: shortText(L.instructions).default(''),
  format: z.enum(SECTION_FORMATS, { error: 'must be "paragraph" or "bullets"' }).default('paragraph'),
});

const templateFields = {
  name: nameText(L.name),
  description: shortText(L.description).default(''),
  category: templateCategoryField.default(DEFAULT_CATEGORY),
  sections: z.array(sectionInput).min(1, 'must have at least 1 section').max(L.sections, `may have at most ${L.sections} sections`),
};

/** The positions of sections whose title repeats an earlier section's (compared by titleKey). */
export function repeatedTitleIndexes(sections: readonly { title: string }[]): number[] {
  const seen = new Set<string>();
  return sections.flatMap((section, i) => {
    const key = titleKey(section.title);
    if (seen.has(key)) return [i];
    seen.add(key);
    return [];
  });
}

/** Titles and ids are unique within a template; the issue names the later of the two sections. */
function uniqueSections(template: { sections: readonly { id?: string | undefined; title: string }[] }, ctx: z.RefinementCtx): void {
  for (const i of repeatedTitleIndexes(template.sections)) {
    const title = template.sections[i]?.title ?? '';
    ctx.addIssue({ code: 'custom', path: ['sections', i, 'title'], message: `repeats the title "${title}" of an earlier section; section titles must be unique` });
  }
  const ids = new Set<string>();
  template.sections.forEach((section, i) => {
    if (section.id && ids.has(section.id)) ctx.addIssue({ code: 'custom', path: ['sections', i, 'id'], message: 'repeats the id of an earlier section' });
    if (section.id) ids.add(section.id);
  });
}

/** A template as a user writes it; every rule names the field it is about ("template.sections.2.title"). */
export const templateInput = z.strictObject(templateFields).superRefine(uniqueSections);

export type TemplateInput = z.input<typeof templateInput>;

const templatePageLimit = pageLimit(L.pageSize, 100);

export const getTemplatesBody = z.strictObject({ limit: templatePageLimit, cursor: cursorField });
export const templateIdBody = z.strictObject({ templateId: resourceId });
export const upsertTemplateBody = z.strictObject({ template: z.strictObject({ id: resourceId.optional(), ...templateFields }).superRefine(uniqueSections) });

/** A pasted transcript for previews: one utterance per line, "Speaker: text" where the speaker is known. */
const transcriptText = z.string().trim().min(1, 'must not be empty').max(L.previewTranscript, `must be at most ${L.previewTranscript} characters`);

export const previewSectionBody = z.strictObject({ section: sectionInput, transcript: transcriptText.optional() });

export const previewTemplateBody = z
  .strictObject({ templateId: resourceId.optional(), template: templateInput.optional(), transcript: transcriptText.optional() })
  .superRefine((body, ctx) => {
    if (body.templateId && body.template) ctx.addIssue({ code: 'custom', path: ['template'], message: 'cannot be sent together with templateId' });
    if (!body.templateId && !body.template) ctx.addIssue({ code: 'custom', path: ['templateId'], message: 'send a templateId or a template' });
  });

export const generateFromNoteBody = z.strictObject({
  note: requiredText(L.note),
  name: requiredText(L.name).optional(),
});

export const helpMeWriteBody = z.strictObject({
  title: requiredText(L.sectionTitle),
  description: shortText(L.helpDescription).optional(),
});

export const listPublishedBody = z.strictObject({
  query: shortText(L.libraryQuery).optional(),
  category: templateCategoryField.optional(),
  limit: pageLimit(L.pageSize, 20),
  cursor: cursorField,
});

export const publishedEntryBody = z
  .strictObject({ publishedTemplateId: resourceId.optional(), shareId: resourceId.optional() })
  .superRefine((body, ctx) => {
    if (body.publishedTemplateId && body.shareId) ctx.addIssue({ code: 'custom', path: ['shareId'], message: 'cannot be sent together with publishedTemplateId' });
    if (!body.publishedTemplateId && !body.shareId) ctx.addIssue({ code: 'custom', path: ['publishedTemplateId'], message: 'send a publishedTemplateId or a shareId' });
  });

export const publishBody = z.strictObject({
  templateId: resourceId,
  description: shortText(L.description).optional(),
  category: templateCategoryField.optional(),
});

export const unpublishBody = z.strictObject({ publishedTemplateId: resourceId });

export const reportPublishedBody = z.strictObject({
  publishedTemplateId: resourceId,
  reason: z.enum(LIBRARY_REPORT_REASONS, { error: `must be one of: ${LIBRARY_REPORT_REASONS.join(', ')}` }),
  note: shortText(L.reportNote).optional(),
});
