// `npm run check`: the documentation keeps up with the code.
//   - Every folder directly under functions/src, web/src/features and contract/src is named in
//     docs/architecture.md (as `name/`), so the layout cannot go stale again (issue 24 found six folders of
//     functions/src, the features and most contract modules missing from it).
//   - Every citation of a document in the sources (docs/<file>.md or README, then a section's name in double
//     quotes, as in comments that cite the pipeline's section) names a file that exists and text that is in
//     it, so a moved section leaves no comment pointing at nothing.
// Exit code 1 with each finding; `node scripts/check-docs.mjs` runs it. tests/build/check-docs.test.ts tests it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ARCHITECTURE = 'docs/architecture.md';
export const FOLDER_ROOTS = ['functions/src', 'web/src/features', 'contract/src'];
const SOURCE_ROOTS = ['functions/src', 'web/src', 'contract/src', 'tests', 'scripts', 'emulators', 'extension'];
const SKIPPED = new Set(['node_modules', 'dist', 'lib', '.artifacts']);
/** Its test, whose made-up citations are meant to be broken. */
const OWN_TEST = 'tests/build/check-docs.test.ts';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The folders of `folders` that `architecture` does not name as `name/`. */
export function unnamedFolders(folders, architecture) {
  return folders.filter((name) => !new RegExp(`(^|[^A-Za-z0-9_-])${escape(name)}/`).test(architecture));
}

/** Comment lines joined into running text: prefixes (` * `, `// `, `# `) and line breaks become one space. */
function asProse(text) {
  return text.replace(/\n[ \t]*(?:\*(?!\/)|\/\/|#)?[ \t]*/g, ' ');
}

const collapse = (text) => text.replace(/\s+/g, ' ');

/**
 * Citations in `source` of a document and the quoted parts of it after its name (one or more, separated by
 * commas; a comma, colon or parenthesis may come between), also across comment lines.
 * @returns {{ document: string, quoted: string }[]}
 */
export function citationsIn(source) {
  const prose = asProse(source);
  const found = [];
  for (const match of prose.matchAll(/\b(README|docs\/[a-z0-9-]+\.md)(?:'s)?[ ,:(]*((?:"[^"]+"(?:, )?)+)/g)) {
    for (const quoted of match[2].matchAll(/"([^"]+)"/g)) found.push({ document: match[1] === 'README' ? 'README.md' : match[1], quoted: quoted[1] });
  }
  return found;
}

/**
 * The citations whose document is missing or does not hold the quoted text (compared with whitespace
 * collapsed, so a quote may wrap where the document does not).
 * @param {{ document: string, quoted: string }[]} citations
 * @param {(path: string) => string | undefined} read the document's text, or undefined when there is none
 */
export function brokenCitations(citations, read) {
  return citations.filter(({ document, quoted }) => {
    const text = read(document);
    return text === undefined || !collapse(text).includes(collapse(quoted));
  });
}

function sourceFiles(root, dir) {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, path);
    return /\.(ts|tsx|mjs|js|sh|md)$/.test(entry.name) ? [path] : [];
  });
}

export function checkDocs(root) {
  const findings = [];
  const architecture = existsSync(join(root, ARCHITECTURE)) ? readFileSync(join(root, ARCHITECTURE), 'utf8') : '';
  for (const folderRoot of FOLDER_ROOTS) {
    const folders = readdirSync(join(root, folderRoot)).filter((name) => statSync(join(root, folderRoot, name)).isDirectory());
    for (const name of unnamedFolders(folders, architecture)) findings.push(`${folderRoot}/${name}/ is not named in ${ARCHITECTURE}: add it to the Layout, with what it holds`);
  }
  const read = (path) => (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined);
  const files = SOURCE_ROOTS.flatMap((dir) => sourceFiles(root, dir)).filter((file) => file.replaceAll('\\', '/') !== OWN_TEST);
  for (const file of files) {
    for (const { document, quoted } of brokenCitations(citationsIn(readFileSync(join(root, file), 'utf8')), read)) {
      findings.push(`${file}: cites ${document} "${quoted}", which ${read(document) === undefined ? 'does not exist' : 'it does not hold'}`);
    }
  }
  return { findings, files: files.length };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = join(import.meta.dirname, '..');
  const { findings, files } = checkDocs(root);
  if (findings.length > 0) {
    console.error(findings.join('\n'));
    console.error(`\n${findings.length} problem(s) between the code and its documents.`);
    process.exit(1);
  }
  console.log(`check:docs: every folder is in ${ARCHITECTURE}; every citation of a document in ${files} files holds (${relative(process.cwd(), root) || '.'})`);
}
