// The spec loads a tag manager and product analytics; this clinical app builds them in only when
// VITE_ENABLE_ANALYTICS is "true" (see web/src/lib/analytics and docs/privacy.md "Analytics, off by default"). This builds the web app as a
// deployment does by default, flag unset, and checks that neither library is in what would be served:
// not loaded, not even lazily loadable.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const web = join(root, 'web');

/** Strings that stand in each library's own code (and our loader for the tag manager), never in ours otherwise. */
const SIGNATURES = {
  'posthog-js': ['$pageview', '__posthog', 'i.posthog.com', '$snapshot'],
  'Google Tag Manager': ['googletagmanager.com', 'gtm.start'],
};

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

let outDir: string;
let built: { path: string; text: string }[];

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'charta-web-no-analytics-'));
  // The build as a deployment runs it: no VITE_* variable from this shell, so every flag has its default;
  // nor vitest's NODE_ENV=test, with which Vite bundles React's development build (~80 KB more per route)
  // and the route budgets fail on a bundle nobody ships.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_') && name !== 'NODE_ENV'));
  // The web build reads the contract's compiled output, as `npm run build -w web` does.
  await run('npm', ['run', '--silent', 'build', '-w', '@charta/contract'], { cwd: root, env });
  await run('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: web, env });
  built = await Promise.all((await filesUnder(outDir)).map(async (path) => ({ path: relative(outDir, path), text: await readFile(path, 'utf8') })));
}, 180_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('The web app built with analytics off (the default)', () => {
  it('is a real build: an index page and its scripts', () => {
    expect(built.map((file) => file.path)).toContain('index.html');
    expect(built.filter((file) => file.path.endsWith('.js')).length).toBeGreaterThan(2);
  });

  it.each(Object.entries(SIGNATURES))('contains nothing of %s', (_library, signatures) => {
    const found = built.flatMap((file) => signatures.filter((signature) => file.text.includes(signature)).map((signature) => `${file.path}: ${signature}`));
    expect(found).toEqual([]);
  });

  it('has no analytics chunk to load later', () => {
    expect(built.map((file) => file.path).filter((path) => /analytics|tag-manager|posthog/i.test(path))).toEqual([]);
  });

  // Without this, a signature that no longer stands in the library would make the checks above pass vacuously.
  it('looks for signatures the libraries really carry', async () => {
    const posthog = await readFile(createRequire(join(web, 'package.json')).resolve('posthog-js'), 'utf8');
    expect(SIGNATURES['posthog-js'].filter((signature) => !posthog.includes(signature))).toEqual([]);
    const tagManagerLoader = await readFile(join(web, 'src/lib/analytics/tag-manager.ts'), 'utf8');
    expect(SIGNATURES['Google Tag Manager'].filter((signature) => !tagManagerLoader.includes(signature))).toEqual([]);
  });
});
