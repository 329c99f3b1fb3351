/**
 * Where the catalog type lived while templates were stubs. The built-ins are in builtin-templates.ts and
 * the catalog in template-catalog.ts; import from there. This module only keeps existing type imports
 * compiling and goes once nothing imports it.
 */
export type { TemplateCatalog, TemplateDefinition } from './template-catalog.js';
