// The template list and a single template (docs/api.md "Templates"): the Record tab picks from the list,
// the template pages change it. One key each, so a change made in one place refreshes the other.
import type { Template, TemplatesPage } from '@charta/contract';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api';

/** The first page of the list: the user's templates, newest first, then the built-ins. */
export const TEMPLATES_KEY = '/template/get_templates';

export const templateKey = (templateId: string) => ['/template/get_template', templateId] as const;

export function listTemplates(cursor: string | null): Promise<TemplatesPage> {
  return api.post<TemplatesPage>(TEMPLATES_KEY, cursor ? { cursor } : {});
}

export async function getTemplate(templateId: string): Promise<Template> {
  return (await api.post<{ template: Template }>('/template/get_template', { templateId })).template;
}

/** The first page of the list (more pages only past 100 own templates): enough to pick from. */
export function useTemplateList() {
  return useSWR<TemplatesPage, unknown>(TEMPLATES_KEY, () => listTemplates(null));
}

export function useTemplate(templateId: string | undefined) {
  return useSWR<Template, unknown>(templateId ? templateKey(templateId) : null, ([, id]: readonly [string, string]) => getTemplate(id));
}

/**
 * After a change: refreshes the list (the Record tab's picker) and, when given, the changed template.
 * Bound to this user's cache through useSWRConfig(): swr's global `mutate` is bound to swr's default
 * cache, which nothing here reads, so refreshing through it did nothing.
 */
export function useRefreshTemplates(): (templateId?: string) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (templateId?: string) => {
      await Promise.all([mutate(TEMPLATES_KEY), templateId ? mutate(templateKey(templateId)) : Promise.resolve()]);
    },
    [mutate],
  );
}
