// A Vite plugin for the web build (web/vite.config.ts): lets the bundler drop the contract's schemas a page
// does not use, and with them zod itself from pages that use none.
//
// The contract builds its zod schemas at module level (`export const createSessionSchema = z.object({...})`).
// A bundler keeps any call it cannot prove free of side effects, so every schema of every contract module a
// page touched was built on load, and all of zod came with them: the sign-in page and the Record tab, which
// use only constants and labels from the contract (ONE_TIME_CODE, isProcessing, SESSION_LIMITS), downloaded
// and ran zod and dozens of schemas. The contract's top-level values are pure (schemas, constants, tables;
// nothing registers itself), and package.json says so (`sideEffects: false`) for whole modules; this says it
// for each value: every top-level initialiser that calls anything becomes a `/* @__PURE__ */` arrow called
// at once, which a bundler may drop when nothing reads the name. Behaviour is unchanged where it is read.
//
// Hand-written because no plugin marks declarations pure: bundlers' `manualPureFunctions` matches callee
// names across every module (the contract's `z.` is a minified name elsewhere) and does not reach calls in
// the arguments of a pure call (`z.object({ id: z.string().min(1) })`), which keep the whole chain.
import { parseAst } from 'vite';

/** The contract's compiled modules, as the web build resolves them (node_modules/@charta/contract -> contract/dist). */
const CONTRACT_MODULE = /[\\/]contract[\\/]dist[\\/][^\\/]+\.js$/;

/** Whether evaluating this expression may call anything (a function or a class), so a bundler keeps it. */
function calls(node) {
  if (node === null || typeof node !== 'object') return false;
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return false;
  if (node.type === 'CallExpression' || node.type === 'NewExpression' || node.type === 'TaggedTemplateExpression') return true;
  return Object.entries(node).some(([key, value]) => key !== 'type' && (Array.isArray(value) ? value.some(calls) : typeof value === 'object' && calls(value)));
}

/**
 * The module with each top-level `const`/`let` initialiser that calls something wrapped as
 * `/* @__PURE__ *\/ (() => (<initialiser>))()`. Exported for its test.
 * @param {string} code
 */
export function markTopLevelValuesPure(code) {
  const program = parseAst(code);
  const edits = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) {
      if (declarator.init && calls(declarator.init)) edits.push(declarator.init);
    }
  }
  let result = code;
  for (const init of edits.sort((a, b) => b.start - a.start)) {
    result = `${result.slice(0, init.start)}/* @__PURE__ */ (() => (${result.slice(init.start, init.end)}))()${result.slice(init.end)}`;
  }
  return result;
}

export function pureContractSchemas() {
  return {
    name: 'charta-pure-contract-schemas',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT_MODULE.test(id)) return null;
      return { code: markTopLevelValuesPure(code), map: null };
    },
  };
}
