// Types for check-docs.mjs (a plain Node script `npm run check` runs), for its test.
export const ARCHITECTURE: string;
export const FOLDER_ROOTS: string[];
export interface Citation {
  document: string;
  quoted: string;
}
export function unnamedFolders(folders: string[], architecture: string): string[];
export function citationsIn(source: string): Citation[];
export function brokenCitations(citations: Citation[], read: (path: string) => string | undefined): Citation[];
export function checkDocs(root: string): { findings: string[]; files: number };
