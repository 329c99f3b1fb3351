// The Template field's choices, remembered on this device so the Record tab can start a recording with no
// connection (the service worker keeps no API answers: docs/decisions.md "Installable, and working through a
// dropped connection"). Only each template's id, name and source (built-in or own), for the user who loaded
// them: a template's name says which note to write, nothing about a patient. The session (and its template)
// is made on the server once the connection returns.
import type { Template } from '@charta/contract';
import { TEMPLATES_ON_DEVICE_KEY as STORAGE_KEY } from './forget-templates';

export type TemplateChoice = Pick<Template, 'id' | 'name'> & Partial<Pick<Template, 'source'>>;

interface Remembered {
  uid: string;
  templates: TemplateChoice[];
}

/** Keeps the list the API gave `uid` (replacing any other user's). */
export function rememberTemplates(uid: string, templates: readonly TemplateChoice[]): void {
  const value: Remembered = { uid, templates: templates.map(({ id, name, source }) => ({ id, name, ...(source ? { source } : {}) })) };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage refused (a private window, full): offline, the field says the templates could not be loaded.
  }
}

/** The list last remembered for `uid`, or null (none, or another user's). */
export function rememberedTemplates(uid: string): TemplateChoice[] | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Remembered> | null;
    if (value?.uid !== uid || !Array.isArray(value.templates)) return null;
    return value.templates.filter((t): t is TemplateChoice => typeof t?.id === 'string' && typeof t.name === 'string');
  } catch {
    return null;
  }
}
