// The web build prints the JavaScript each route downloads on a first load (gzip) and fails over budget
// (scripts/route-budgets.mjs, a Vite plugin in web/vite.config.ts). The walk is tested on a made-up bundle;
// then a real build is made and its printed table read.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureRoutes, type BundleItem } from '../../scripts/route-budgets.mjs';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const web = join(root, 'web');

const chunk = (fileName: string, code: string, extra: Partial<BundleItem> = {}): BundleItem => ({ type: 'chunk', fileName, code, imports: [], ...extra });
/** Text gzip cannot shrink much (random base64: about three quarters of its length once gzipped). */
const incompressible = (length: number) => randomBytes(length).toString('base64').slice(0, length);

describe('measureRoutes', () => {
  const bundle: Record<string, BundleItem> = {
    'index.js': chunk('index.js', incompressible(30_000), { isEntry: true, imports: ['react.js'] }),
    'react.js': chunk('react.js', incompressible(30_000)),
    'shared.js': chunk('shared.js', incompressible(30_000)),
    'sign-in.page.js': chunk('sign-in.page.js', 'a', { facadeModuleId: '/app/web/src/features/auth/sign-in.page.ts', imports: ['shared.js'] }),
    'record.page.js': chunk('record.page.js', 'b', { facadeModuleId: '/app/web/src/features/record/record.page.ts' }),
    'index.html': { type: 'asset', fileName: 'index.html' },
  };

  it('counts the entry, the route’s lazy modules and everything they import, once each', () => {
    const { routes, problems } = measureRoutes(bundle, [
      { route: '/sign-in', modules: ['features/auth/sign-in.page.ts'], budgetKb: 200 },
      { route: '/', modules: ['features/record/record.page.ts'], budgetKb: 200 },
    ]);
    expect(problems).toEqual([]);
    expect(routes.map((r) => [r.route, r.files])).toEqual([
      ['/sign-in', ['index.js', 'react.js', 'shared.js', 'sign-in.page.js']],
      ['/', ['index.js', 'react.js', 'record.page.js']],
    ]);
    expect(routes[0]!.gzipBytes).toBeGreaterThan(routes[1]!.gzipBytes + 20_000);
  });

  it('reports a route over its budget, a lazy page no route budgets, and a module that is not in the bundle', () => {
    const { problems } = measureRoutes(bundle, [
      { route: '/sign-in', modules: ['features/auth/sign-in.page.ts'], budgetKb: 50 },
      { route: '/gone', modules: ['features/gone/gone.page.ts'], budgetKb: 500 },
    ]);
    expect(problems).toEqual([
      '/gone: no chunk for features/gone/gone.page.ts (renamed? update scripts/route-budgets.mjs)',
      'features/record/record.page.ts is loaded lazily but belongs to no route in scripts/route-budgets.mjs',
      expect.stringMatching(/^\/sign-in loads \d+\.\d KB of JavaScript \(gzip\), over its 50 KB budget$/),
    ]);
  });
});

describe('The web build', () => {
  let outDir: string;
  let printed: string;
  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'charta-web-routes-'));
    await run('npm', ['run', '--silent', 'build', '-w', '@charta/contract'], { cwd: root });
    // As `npm run build -w web` runs it: vitest sets NODE_ENV=test, which would build React's development code.
    const env = { ...process.env, NODE_ENV: 'production' };
    const { stdout } = await run('npx', ['vite', 'build', '--mode', 'emulator', '--outDir', outDir, '--emptyOutDir'], { cwd: web, env });
    printed = stdout;
  }, 180_000);
  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  /** The KB a route loads, as the build printed it. */
  const printedKb = (route: string) => {
    const line = printed.split('\n').find((l) => l.trimStart().startsWith(`${route} `));
    return Number(line?.match(/(\d+\.\d) KB \//)?.[1] ?? Number.NaN);
  };

  it('prints the JavaScript of every route, within budget', () => {
    expect(printed).toContain('JavaScript per route on a first load (gzip');
    for (const route of ['/sign-in', '/ (Record)', '/sessions/:id', '/templates/:id (editor)']) expect(printedKb(route)).toBeGreaterThan(50);
    expect(printed).not.toContain('OVER BUDGET');
  });

  it('splits by route: the sign-in page loads less than the Record tab, and the Record tab less than the editor', () => {
    // Everything was one bundle (355 KB for every page) before the routes were split.
    expect(printedKb('/sign-in')).toBeLessThan(printedKb('/ (Record)') - 20);
    expect(printedKb('/ (Record)')).toBeLessThan(printedKb('/templates/:id (editor)') - 10);
  });
});
