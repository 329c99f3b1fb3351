// Builds the API for the emulator and for `firebase deploy`: one ES module, lib/index.js, holding our code
// and @charta/contract (its compiled dist/). Every other package stays an import, resolved at run time from
// the node_modules that `npm install` makes from this folder's package.json (the deploy uploads functions/
// alone, so a workspace package could not be installed there: it has to be inside lib/).
import { builtinModules } from 'node:module';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

const INLINED = new Set(['@charta/contract']);
const pkg = JSON.parse(await readFile(join(import.meta.dirname, 'package.json'), 'utf8'));
const installed = new Set(Object.keys(pkg.dependencies ?? {}));
const builtins = new Set(builtinModules);

/** "firebase-admin/app" -> "firebase-admin", "@google/genai" -> "@google/genai". */
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Packages stay imports; one that package.json does not list would be missing in the deploy, so it fails here. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, ({ path, importer }) => {
      const name = packageOf(path);
      if (INLINED.has(name)) return undefined;
      if (path.startsWith('node:') || builtins.has(name)) return { path, external: true };
      if (installed.has(name)) return { path, external: true };
      return { errors: [{ text: `${importer} imports "${path}", but functions/package.json does not list "${name}" in dependencies: the deploy would not install it` }] };
    });
  },
};

await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});

// The whisper.cpp child process (ai/local-speech/whisper-worker.ts) is its own file, started by path.
await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: ['src/ai/local-speech/whisper-worker.ts'],
  outfile: 'lib/whisper-worker.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  plugins: [externalPackages],
  logLevel: 'warning',
});
