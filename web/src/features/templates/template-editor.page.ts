// Loaded lazily by the router (web/src/app/router.tsx): the editor's drag-and-drop (dnd-kit) comes only with it.
export { TemplateEditorPage } from './components/TemplateEditorPage';
