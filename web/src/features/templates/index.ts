// The templates feature's public surface.
export { TemplatesPage } from './components/TemplatesPage';
export { TemplateEditorPage } from './components/TemplateEditorPage';
export { FromNotePage } from './components/FromNotePage';
export { LibraryPage } from './components/LibraryPage';
export { SharedTemplatePage } from './components/SharedTemplatePage';
