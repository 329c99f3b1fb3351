/** Templates decide what documentation looks like: named, ordered sections, each with a scribe's brief. */
import type { SectionFormat, Template, TemplateSection, TemplateSource } from '@charta/contract';

export type { SectionFormat, Template, TemplateSection, TemplateSource };

export const SECTION_FORMATS = ['paragraph', 'bullets'] as const satisfies readonly SectionFormat[];

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

/** The contract's limits, shared by validation, the AI helpers' output clean-up and the web form. */
export const TEMPLATE_LIMITS = {
  name: 120,
  description: 500,
  sections: 30,
  sectionTitle: 100,
  instructions: 2000,
  /** Templates one user may keep (their own and copies); keeps get_templates bounded. */
  ownTemplates: 200,
} as const;

/** A template the caller owns, as kept in Firestore (dates as ISO strings here, Timestamps at rest). */
export interface TemplateRecord extends Omit<Template, 'source'> {
  source: Exclude<TemplateSource, 'builtin'>;
  ownerUid: string;
  /** The share link's id while the template is shared (it goes when the template goes). */
  shareId: string | null;
  /** Where a copy came from (library entry or share link); null for templates made by the owner. */
  origin: { publishedTemplateId?: string; shareId?: string } | null;
}

/** What the documentation pipeline needs to write a note with a template (and snapshot into it). */
export interface TemplateDefinition {
  id: string;
  name: string;
  /** Built-ins: the code version of the template; own templates: when they were last edited. */
  version?: string;
  sections: TemplateSection[];
}

/** A template as a user writes it: what upsert_template takes and generate_template_from_note drafts. */
export interface TemplateDraft {
  name: string;
  description: string;
  category: TemplateCategory;
  sections: TemplateSection[];
}

export function toContract(record: TemplateRecord): Template {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    category: record.category,
    source: record.source,
    published: record.published,
    publishedTemplateId: record.publishedTemplateId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    sections: record.sections.map(copySection),
  };
}

export function copySection(section: TemplateSection): TemplateSection {
  return { id: section.id, title: section.title, instructions: section.instructions, format: section.format };
}

/** "Chief complaint & HPI" -> "chief-complaint-hpi": section ids that read well in URLs and prompts. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '');
  return slug || 'section';
}

/**
 * Gives every section an id: kept when the client sent one (so documentation written with the template
 * can still name its sections), derived from the title otherwise, unique within the template.
 */
export function withSectionIds(sections: readonly { id?: string | undefined; title: string; instructions: string; format: SectionFormat }[]): TemplateSection[] {
  const taken = new Set(sections.map((s) => s.id).filter((id): id is string => Boolean(id)));
  return sections.map((s) => {
    if (s.id) return { id: s.id, title: s.title, instructions: s.instructions, format: s.format };
    const base = slugify(s.title);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return { id, title: s.title, instructions: s.instructions, format: s.format };
  });
}

/** Titles compare without case, accents or surrounding space: "Plan" and " plan" are the same heading. */
export function titleKey(title: string): string {
  return title.normalize('NFKD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/\s+/g, ' ');
}
