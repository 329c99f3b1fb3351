// `npm run check`: fails when the web app or the API restates something @charta/contract defines, so the
// contract stays the one place both sides agree on. It reads the contract's exported values (their names,
// enumerations and labels) from contract/src, then looks through web/src and functions/src (tests aside:
// they may list statuses as inputs) for
//   - a module-level declaration named like a contract export (`const TEMPLATE_LIMITS = ...`, `function isProcessing`),
//   - a `*_MAX` constant set to a number (the limits the API enforces are the contract's),
//   - an array or an object (keys or values) holding three or more members of a contract enumeration
//     (`['uploaded', 'transcribing', 'generating']`, `{ 400: 'invalid_argument', ... }`),
//   - a chain of three or more comparisons with members of one enumeration (`s === 'a' || s === 'b' || ...`),
//   - a contract label written out (`'Waiting for audio'`, `'Primary care'`; labels of two words or more).
// Each finding says what to import instead. Exit code 1 when there is any.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const CONTRACT_SRC = join(root, 'contract/src');
const SCANNED = ['web/src', 'functions/src'].map((dir) => join(root, dir));
const MIN_MEMBERS = 3;

const sourceFiles = (dir) =>
  readdirSync(dir, { recursive: true })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !/(^|\/)(testing|test)\//.test(f))
    .map((f) => join(dir, f));

const parse = (file) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

/** `x as const` and `x satisfies T` wrap the literal the contract wrote. */
function unwrap(node) {
  while (node && (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node))) node = node.expression;
  return node;
}

const stringOf = (node) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined);
const keyOf = (name) => (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : undefined);

// --- What the contract exports ------------------------------------------------------------------------------

const contractValues = new Set(); // names of exported consts and functions
const enumerations = []; // { name, members: Set<string> }
const labels = new Map(); // label text -> the export that holds it

for (const file of sourceFiles(CONTRACT_SRC)) {
  for (const statement of parse(file).statements) {
    const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) contractValues.add(statement.name.text);
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      if (!ts.isIdentifier(decl.name)) continue;
      const name = decl.name.text;
      contractValues.add(name);
      const init = unwrap(decl.initializer);
      if (init && ts.isArrayLiteralExpression(init)) {
        const members = init.elements.map(stringOf);
        if (members.length && members.every((m) => m !== undefined)) enumerations.push({ name, members: new Set(members) });
      }
      if (init && ts.isObjectLiteralExpression(init)) {
        for (const prop of init.properties) {
          const text = ts.isPropertyAssignment(prop) ? stringOf(unwrap(prop.initializer)) : undefined;
          if (text && /\s/.test(text.trim())) labels.set(text, name);
        }
      }
    }
  }
}

/** Helpers that read an enumeration, named in the advice so the fix is one import away. */
const HELPERS = {
  SESSION_STATUSES: 'isProcessing, isPipelineStep, acceptsNewAudio, mayHaveTranscript or sessionStatusLabel',
  TEMPLATE_CATEGORIES: 'TEMPLATE_CATEGORY_LABELS, categoryLabel or isTemplateCategory',
  ERROR_CODES: 'ERROR_STATUS or errorCodeForStatus',
};
const LIMITS_ADVICE = `use the contract's limit (${['TEMPLATE_LIMITS', 'SESSION_LIMITS', 'DOCUMENTATION_LIMITS', 'AUDIO_UPLOAD_LIMITS', 'PROFILE_LIMITS'].join(', ')} from '@charta/contract'), or add it there if the API enforces it`;
const adviceFor = (exportName) => `import { ${exportName} } from '@charta/contract'${HELPERS[exportName] ? ` (or ${HELPERS[exportName]})` : ''} instead of writing it again`;

/** The enumeration that holds at least MIN_MEMBERS of these strings, if one does. */
function enumerationOf(strings) {
  return enumerations.find(({ members }) => members.size >= MIN_MEMBERS && new Set(strings.filter((s) => members.has(s))).size >= MIN_MEMBERS);
}

// --- Looking for restatements -------------------------------------------------------------------------------

const findings = [];

function report(sourceFile, node, what, advice) {
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
  findings.push(`${relative(root, sourceFile.fileName)}:${line + 1}:${character + 1}  ${what}: ${advice}.`);
}

/** Declared at module level: a local that happens to share a contract name restates nothing. */
function isModuleLevel(node) {
  const statement = ts.isVariableDeclaration(node) ? node.parent?.parent : node;
  return statement?.parent !== undefined && ts.isSourceFile(statement.parent);
}

/** The string literals compared with `===` / `!==` in one `||` or `&&` chain. */
function comparedStrings(node, operator, out = []) {
  const e = unwrap(node);
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === operator) {
    comparedStrings(e.left, operator, out);
    comparedStrings(e.right, operator, out);
  } else if (ts.isBinaryExpression(e) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(e.operatorToken.kind)) {
    const text = stringOf(e.right) ?? stringOf(e.left);
    if (text !== undefined) out.push(text);
  }
  return out;
}

for (const file of SCANNED.flatMap(sourceFiles)) {
  const sourceFile = parse(file);
  const visit = (node) => {
    // A declaration with a contract export's name.
    if ((ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node) || ts.isEnumDeclaration(node) || ts.isClassDeclaration(node)) && node.name && ts.isIdentifier(node.name)) {
      const name = node.name.text;
      if (contractValues.has(name) && isModuleLevel(node)) report(sourceFile, node.name, `defines ${name}, which @charta/contract exports`, adviceFor(name));
      const init = ts.isVariableDeclaration(node) ? unwrap(node.initializer) : undefined;
      if (/_MAX$/.test(name) && init && (ts.isNumericLiteral(init) || (ts.isBinaryExpression(init) && [init.left, init.right].every((n) => ts.isNumericLiteral(unwrap(n)))))) {
        report(sourceFile, node.name, `restates a limit as ${name}`, LIMITS_ADVICE);
      }
    }
    // Three or more members of an enumeration in one array or object.
    if (ts.isArrayLiteralExpression(node)) {
      const found = enumerationOf(node.elements.map((e) => stringOf(unwrap(e))).filter((s) => s !== undefined));
      if (found) report(sourceFile, node, `lists ${found.name} members again`, adviceFor(found.name));
    }
    if (ts.isObjectLiteralExpression(node)) {
      const props = node.properties.filter(ts.isPropertyAssignment);
      const found = enumerationOf(props.map((p) => keyOf(p.name)).filter((k) => k !== undefined)) ?? enumerationOf(props.map((p) => stringOf(unwrap(p.initializer))).filter((v) => v !== undefined));
      if (found) report(sourceFile, node, `maps ${found.name} members again`, adviceFor(found.name));
    }
    // A hand-written predicate over an enumeration: s === 'a' || s === 'b' || s === 'c'.
    if (ts.isBinaryExpression(node) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(node.operatorToken.kind)) {
      const parent = unwrap(node.parent);
      const isTopOfChain = !(ts.isBinaryExpression(node.parent) && node.parent.operatorToken.kind === node.operatorToken.kind) && parent === node.parent;
      const found = isTopOfChain ? enumerationOf(comparedStrings(node, node.operatorToken.kind)) : undefined;
      if (found) report(sourceFile, node, `tests ${found.name} members by hand`, adviceFor(found.name));
    }
    // A contract label written out.
    const text = stringOf(node);
    if (text !== undefined && labels.has(text)) report(sourceFile, node, `writes the label "${text}" of ${labels.get(text)}`, adviceFor(labels.get(text)));
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
}

if (findings.length) {
  console.error(`check-contract-constants: ${findings.length} restated contract value(s); @charta/contract is the one definition:\n`);
  for (const finding of findings) console.error(`  ${finding}`);
  process.exit(1);
}
console.log(`check-contract-constants: web/src and functions/src restate nothing @charta/contract exports (${contractValues.size} exports, ${enumerations.length} enumerations, ${labels.size} labels).`);
