// `npm run check`: fails when a file other than functions/src/sessions/session-lifecycle.ts writes a session's
// state. SessionRepo.save() leaves the status and the pipeline's claim as they are stored; only
// SessionRepo.saveTransition() writes them, and only the lifecycle module may call it, so every change of a
// session's state is one of the named transitions there (each in a transaction). Tests are not scanned: they
// set up states through the emulator directly. Uses TypeScript's parser, so comments and strings never match.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const SCANNED = join(root, 'functions/src');
const LIFECYCLE = 'functions/src/sessions/session-lifecycle.ts';

const files = readdirSync(SCANNED, { recursive: true })
  .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f))
  .map((f) => join(SCANNED, f));

const findings = [];
for (const file of files) {
  const path = relative(root, file);
  if (path === LIFECYCLE) continue;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'saveTransition') {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      findings.push(`${path}:${line + 1}: writes a session's state (saveTransition); move the change into a named transition of ${LIFECYCLE}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (findings.length > 0) {
  console.error(findings.join('\n'));
  console.error(`\n${findings.length} place(s) write a session's state outside its lifecycle module.`);
  process.exit(1);
}
console.log(`check:session-lifecycle: only ${LIFECYCLE} writes a session's state (${files.length} files read)`);
