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

/** What documentation is written from: a template's sections, in order. */
export interface TemplateDefinition {
  id: string;
  name: string;
  version?: string;
  sections: { id: string; title: string; instructions: string; format: 'paragraph' | 'bullets' }[];
}

/** Which templates a user may use, and what they contain. */
export interface TemplateCatalog {
  isUsableBy(uid: string, templateId: string): Promise<boolean>;
  /** A built-in or the caller's own template; null for anything else. */
  find(uid: string, templateId: string): Promise<TemplateDefinition | null>;
}

// Until the templates feature brings the real built-ins, every stub is a plain four-part note.
const STUB_SECTIONS: TemplateDefinition['sections'] = [
  { id: 'subjective', title: 'Subjective', format: 'paragraph', instructions: 'The reason for the visit and the symptoms and history the patient reports, in their own terms.' },
  { id: 'objective', title: 'Objective', format: 'bullets', instructions: 'Examination findings, vital signs and results stated in the session.' },
  { id: 'assessment', title: 'Assessment', format: 'paragraph', instructions: 'The clinician\'s stated impression or diagnosis.' },
  { id: 'plan', title: 'Plan', format: 'bullets', instructions: 'Treatment, prescriptions, tests, referrals, advice and follow-up agreed in the session.' },
];

export const builtinStubCatalog: TemplateCatalog = {
  isUsableBy: (_uid, templateId) => Promise.resolve(BUILTIN_TEMPLATE_STUBS.some((t) => t.id === templateId)),
  find: (_uid, templateId) => {
    const stub = BUILTIN_TEMPLATE_STUBS.find((t) => t.id === templateId);
    return Promise.resolve(stub ? { id: stub.id, name: stub.name, version: 'stub', sections: STUB_SECTIONS } : null);
  },
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
