/**
 * Where the catalog types lived while templates were stubs. The real built-ins are in
 * builtin-templates.ts and the catalog in template-catalog.ts; import from there. This module only keeps
 * existing imports compiling and goes once nothing imports it.
 */
export type { TemplateCatalog, TemplateDefinition } from './template-catalog.js';
export { builtinCatalog as builtinStubCatalog } from './template-catalog.js';
