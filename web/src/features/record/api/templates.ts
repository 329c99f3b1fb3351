// POST /template/get_templates: the choices of the Record tab's Template field.
import useSWR from 'swr';
import { api } from '@/lib/api';

export interface TemplateSummary {
  id: string;
  name: string;
  description?: string;
  category?: string;
  source?: string;
}

export interface TemplatesResponse {
  templates: TemplateSummary[];
}

export const templatesKey = '/template/get_templates';

export function getTemplates(): Promise<TemplatesResponse> {
  return api.post<TemplatesResponse>(templatesKey, {});
}

export function useTemplates() {
  return useSWR<TemplatesResponse, unknown>(templatesKey, getTemplates);
}
