// The template routes (docs/api.md "Templates"): the user's templates and the built-ins, the editor's AI
// helpers, share links and the community library.
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { listTemplates } from '@/data/templates';
import { api } from '@/lib/api';
import { TEMPLATE_LIMITS, type LibraryPage, type LibraryReport, type LibraryReportReason, type PublishedTemplate, type SectionFormat, type Template, type TemplatesPage } from '@charta/contract';
import type { TemplateCategory } from './categories';

/** A template as the user writes it: what upsert_template takes (no id: a new one). */
export interface TemplateDraft {
  id?: string;
  name: string;
  description: string;
  category: TemplateCategory;
  sections: { id?: string; title: string; instructions: string; format: SectionFormat }[];
}

export type LibraryEntry = { publishedTemplateId: string } | { shareId: string };

const LIBRARY_PATH = '/template/published/list';

export async function upsertTemplate(draft: TemplateDraft): Promise<Template> {
  return (await api.post<{ template: Template }>('/template/upsert_template', { template: draft })).template;
}

export async function deleteTemplate(templateId: string): Promise<void> {
  await api.post('/template/delete_template', { templateId });
}

/** A new template of the user's with the same content ("SOAP note (copy)"). */
export function duplicateTemplate(template: Template): Promise<Template> {
  return upsertTemplate({
    name: `${template.name} (copy)`.slice(0, TEMPLATE_LIMITS.name),
    description: template.description,
    category: template.category as TemplateCategory,
    sections: template.sections.map(({ id, title, instructions, format }) => ({ id, title, instructions, format })),
  });
}

export async function previewSection(section: Omit<TemplateDraft['sections'][number], 'id'>, transcript?: string): Promise<string> {
  return (await api.post<{ content: string }>('/template/preview_section', { section, ...(transcript ? { transcript } : {}) })).content;
}

export interface PreviewedSection {
  id: string;
  title: string;
  content: string;
}

export async function previewTemplate(source: { templateId: string } | { template: Omit<TemplateDraft, 'id'> }, transcript?: string): Promise<PreviewedSection[]> {
  return (await api.post<{ sections: PreviewedSection[] }>('/template/preview_template', { ...source, ...(transcript ? { transcript } : {}) })).sections;
}

export async function generateTemplateFromNote(note: string, name?: string): Promise<TemplateDraft> {
  return (await api.post<{ template: TemplateDraft }>('/template/generate_template_from_note', { note, ...(name ? { name } : {}) })).template;
}

export async function helpMeWriteSection(title: string, description?: string): Promise<string> {
  return (await api.post<{ instructions: string }>('/template/help_me_write_section', { title, ...(description ? { description } : {}) })).instructions;
}

export function shareTemplate(templateId: string): Promise<{ shareId: string; url: string }> {
  return api.post('/template/share_template', { templateId });
}

export function listLibrary(filter: { query?: string; category?: string }, cursor: string | null, limit = 20): Promise<LibraryPage> {
  return api.post<LibraryPage>(LIBRARY_PATH, {
    limit,
    ...(filter.query ? { query: filter.query } : {}),
    ...(filter.category ? { category: filter.category } : {}),
    ...(cursor ? { cursor } : {}),
  });
}

export async function getLibraryEntry(entry: LibraryEntry): Promise<PublishedTemplate> {
  return (await api.post<{ template: PublishedTemplate }>('/template/published/get', entry)).template;
}

export async function publishTemplate(templateId: string, options: { description?: string; category?: string } = {}): Promise<PublishedTemplate> {
  return (await api.post<{ template: PublishedTemplate }>('/template/published/publish', { templateId, ...options })).template;
}

export async function unpublishTemplate(publishedTemplateId: string): Promise<void> {
  await api.post('/template/published/unpublish', { publishedTemplateId });
}

/** The caller's report of someone else's library entry; sent again, it answers the first report. */
export async function reportLibraryEntry(publishedTemplateId: string, reason: LibraryReportReason, note: string): Promise<LibraryReport> {
  return (await api.post<{ report: LibraryReport }>('/template/published/report', { publishedTemplateId, reason, ...(note ? { note } : {}) })).report;
}

export async function addToMyTemplates(entry: LibraryEntry): Promise<Template> {
  return (await api.post<{ template: Template }>('/template/published/add_to_library', entry)).template;
}

type TemplatesPageKey = readonly ['templates-page', string | null];

/** The user's templates (newest first) and then the built-ins; more pages only past 100 own templates. */
export function useTemplatePages() {
  return useSWRInfinite<TemplatesPage, unknown>(
    (index: number, previous: TemplatesPage | null): TemplatesPageKey | null => {
      if (previous && !previous.nextCursor) return null;
      return ['templates-page', index === 0 ? null : (previous?.nextCursor ?? null)];
    },
    ([, cursor]: TemplatesPageKey) => listTemplates(cursor),
  );
}

export function useLibraryEntry(entry: LibraryEntry | null) {
  const key = entry ? ['/template/published/get', 'shareId' in entry ? `share:${entry.shareId}` : `entry:${entry.publishedTemplateId}`] : null;
  return useSWR<PublishedTemplate, unknown>(key, () => getLibraryEntry(entry as LibraryEntry), { shouldRetryOnError: false });
}

type LibraryKey = readonly [typeof LIBRARY_PATH, string, string, string | null];

/** The community library, the most added first (then the newest), filtered; `setSize(size + 1)` asks for the next page. */
export function useLibraryPages(filter: { query: string; category: string }) {
  return useSWRInfinite<LibraryPage, unknown>(
    (index: number, previous: LibraryPage | null): LibraryKey | null => {
      if (previous && !previous.nextCursor) return null;
      return [LIBRARY_PATH, filter.query, filter.category, index === 0 ? null : (previous?.nextCursor ?? null)];
    },
    ([, query, category, cursor]: LibraryKey) => listLibrary({ query, category }, cursor),
    { keepPreviousData: true },
  );
}
