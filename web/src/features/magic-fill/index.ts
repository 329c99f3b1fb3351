// Magic fill (extension builds only): the note put into the EHR page's own fields from the side panel.
export { MagicFillPanel } from './components/MagicFillPanel';
