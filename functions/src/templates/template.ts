/** Templates decide what documentation looks like: named, ordered sections, each with a scribe's brief. */
import type { SectionFormat, Template, TemplateCategory, TemplateSection, TemplateSource } from '@charta/contract';

export type { SectionFormat, Template, TemplateCategory, TemplateSection, TemplateSource };
// The enumerations, limits and title comparison both sides agree on are the contract's.
export { DEFAULT_CATEGORY, SECTION_FORMATS, TEMPLATE_CATEGORIES, TEMPLATE_LIMITS, titleKey } from '@charta/contract';

/** A template the caller owns, as kept in Firestore (dates as ISO strings here, Timestamps at rest). */
export interface TemplateRecord extends Omit<Template, 'source'> {
  source: Exclude<TemplateSource, 'builtin'>;
  ownerUid: string;
  /** The share link's id while the template is shared (it goes when the template goes). */
  shareId: string | null;
  /** Where a copy came from (library entry, share link or clinic library); null for templates made by the owner. */
  origin: { publishedTemplateId?: string; shareId?: string; clinicTemplateId?: string } | null;
  /**
   * Its library entry was taken out (by its author or an operator) while reports had it hidden: published
   * again, it stays hidden until an operator reviews it, so unpublishing is no way around a review.
   * Cleared when an operator keeps it (library-review.ts). Server-side only: never in the contract.
   */
  libraryHold?: boolean;
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
