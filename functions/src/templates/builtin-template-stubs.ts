/**
 * The built-in templates' ids and names, so that sessions can name a template before the templates
 * feature exists. The templates issue replaces these stubs with the real built-ins (sections and
 * clinician-written instructions) under the same ids.
 */
export const BUILTIN_TEMPLATE_STUBS = [
  { id: 'soap', name: 'SOAP note' },
  { id: 'history-and-physical', name: 'History and Physical' },
  { id: 'progress-note', name: 'Progress note' },
  { id: 'dap', name: 'Psychotherapy progress note (DAP)' },
  { id: 'birp', name: 'BIRP note' },
  { id: 'referral-letter', name: 'Referral letter' },
  { id: 'patient-summary', name: 'Patient summary' },
  { id: 'discharge-summary', name: 'Discharge summary' },
] as const;

/** Which templates a user may start a session with. */
export interface TemplateCatalog {
  isUsableBy(uid: string, templateId: string): Promise<boolean>;
}

export const builtinStubCatalog: TemplateCatalog = {
  isUsableBy: (_uid, templateId) => Promise.resolve(BUILTIN_TEMPLATE_STUBS.some((t) => t.id === templateId)),
};

/** The stubs in the contract's Template shape (no sections yet: the templates issue brings them). */
export function builtinStubTemplates() {
  const epoch = '2026-01-01T00:00:00.000Z';
  return BUILTIN_TEMPLATE_STUBS.map((t) => ({
    id: t.id,
    name: t.name,
    description: '',
    category: 'built-in',
    source: 'builtin' as const,
    published: false,
    publishedTemplateId: null,
    createdAt: epoch,
    updatedAt: epoch,
    sections: [],
  }));
}
