import { builtinDefinition } from './builtin-templates.js';
import type { TemplateDefinition } from './template.js';
import type { TemplateRepo } from './template-repo.js';

export type { TemplateDefinition } from './template.js';

/**
 * Which templates a user may use, and what they contain: what sessions check a templateId against and
 * what the documentation pipeline writes notes from (it snapshots the sections into each documentation,
 * so later template edits never change a note already written).
 */
export interface TemplateCatalog {
  isUsableBy(uid: string, templateId: string): Promise<boolean>;
  /** A built-in or the caller's own template; null for anything else (someone else's included). */
  find(uid: string, templateId: string): Promise<TemplateDefinition | null>;
}

/** The built-ins (from code) and each user's own templates (Firestore). */
export function templateCatalog(repo: TemplateRepo): TemplateCatalog {
  const find = async (uid: string, templateId: string): Promise<TemplateDefinition | null> => {
    const builtin = builtinDefinition(templateId);
    if (builtin) return builtin;
    const own = await repo.findOwned(uid, templateId);
    return own ? { id: own.id, name: own.name, version: own.updatedAt, sections: own.sections.map((s) => ({ ...s })) } : null;
  };
  return {
    find,
    isUsableBy: async (uid, templateId) => (await find(uid, templateId)) !== null,
  };
}

/** Only the built-ins: for code paths and tests that have no Firestore. */
export const builtinCatalog: TemplateCatalog = {
  find: (_uid, templateId) => Promise.resolve(builtinDefinition(templateId)),
  isUsableBy: (_uid, templateId) => Promise.resolve(builtinDefinition(templateId) !== null),
};
