// The clinic library (docs/clinics.md "The clinic library"; docs/api.md "Clinics"): templates the members of
// the caller's clinic shared with it, apart from the community library (a list of its own, never mixed in).
import type { ClinicTemplate, ClinicTemplatesResponse, Template } from '@charta/contract';
import useSWR from 'swr';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';

export const CLINIC_TEMPLATES_KEY = '/clinic/templates/list';

export async function listClinicTemplates(): Promise<ClinicTemplate[]> {
  return (await api.post<ClinicTemplatesResponse>(CLINIC_TEMPLATES_KEY, {})).templates;
}

/** The clinic's library, newest first (one request: a clinic holds at most CLINIC_LIMITS.templates). */
export function useClinicTemplates(enabled: boolean) {
  return useSWR<ClinicTemplate[], unknown>(enabled ? CLINIC_TEMPLATES_KEY : null, listClinicTemplates);
}

/** A snapshot of one of the caller's templates in their clinic's library; again, it replaces the snapshot. */
export async function publishToClinic(templateId: string, description: string): Promise<ClinicTemplate> {
  return (await api.post<{ template: ClinicTemplate }>('/clinic/templates/publish', { templateId, ...(description ? { description } : {}) })).template;
}

export async function addClinicTemplate(clinicTemplateId: string): Promise<Template> {
  return (await api.post<{ template: Template }>('/clinic/templates/add', { clinicTemplateId })).template;
}

export async function removeClinicTemplate(clinicTemplateId: string): Promise<void> {
  await api.post('/clinic/templates/remove', { clinicTemplateId });
}

function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * A clinic library failure in words a clinician can act on. The API's own sentences are readable already
 * (403: the library is full, a built-in, not the author; 409: a conflict); a 404 and a 429 say here what
 * happened in the clinic and how long to wait.
 */
export function describeClinicLibraryFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404 && /not in a clinic/i.test(error.message)) return 'You are no longer in a clinic, so its library is closed to you. Reload the page to see where things stand.';
    if (error.status === 404) return 'That template is no longer in the clinic library: its author or an admin may have removed it.';
    if (error.status === 429) {
      return error.retryAfterSeconds ? `Too many requests to the clinic library. Please try again in ${describeWait(error.retryAfterSeconds)}.` : 'Too many requests to the clinic library. Please wait a moment and try again.';
    }
  }
  return describeError(error);
}
