// The API's fixed list of template categories (it refuses others), with the words the app shows.
export const TEMPLATE_CATEGORIES = [
  { id: 'general', label: 'General' },
  { id: 'primary-care', label: 'Primary care' },
  { id: 'mental-health', label: 'Mental health' },
  { id: 'pediatrics', label: 'Pediatrics' },
  { id: 'hospital', label: 'Hospital' },
  { id: 'emergency', label: 'Emergency' },
  { id: 'surgery', label: 'Surgery' },
  { id: 'specialty', label: 'Specialty clinics' },
  { id: 'letters', label: 'Letters' },
  { id: 'patient-facing', label: 'For patients' },
  { id: 'other', label: 'Other' },
] as const;

export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number]['id'];

export const DEFAULT_CATEGORY: TemplateCategory = 'general';

export function categoryLabel(id: string): string {
  return TEMPLATE_CATEGORIES.find((c) => c.id === id)?.label ?? id;
}
