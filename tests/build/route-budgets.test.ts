// The web build prints the JavaScript each route downloads on a first load (gzip) and fails over budget
// (scripts/route-budgets.mjs, a Vite plugin in web/vite.config.ts). The walk is tested on a made-up bundle;
// then a real build is made and its printed table read.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRouteFiles, measureRoutes, ROUTE_BUDGETS, routePage, type BundleItem } from '../../scripts/route-budgets.mjs';

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

  it('counts apart what a route loads only after its first paint, outside its budget', () => {
    const withAuth: Record<string, BundleItem> = {
      ...bundle,
      'auth.js': chunk('auth.js', incompressible(30_000), { facadeModuleId: '/app/web/src/features/auth/api/firebase-auth.ts', imports: ['react.js', 'sdk.js'] }),
      'sdk.js': chunk('sdk.js', incompressible(30_000)),
    };
    const { routes, problems } = measureRoutes(withAuth, [
      { route: '/sign-in', modules: ['features/auth/sign-in.page.ts'], budgetKb: 200 },
      { route: '/', modules: ['features/record/record.page.ts'], afterPaint: ['features/auth/api/firebase-auth.ts'], budgetKb: 50 },
    ]);
    expect(problems).toEqual([]);
    expect(routes[1]!.files).toEqual(['index.js', 'react.js', 'record.page.js']);
    // Only what the paint did not already have (react.js it had).
    expect(routes[1]!.afterPaintFiles).toEqual(['auth.js', 'sdk.js']);
    expect(routes[1]!.afterPaintGzipBytes).toBeGreaterThan(40_000);
    expect(routes[1]!.over).toBe(false);
  });

  it('counts on every route what the entry imports before any page renders (BOOT_MODULES), and lists it for index.html', () => {
    const staged: Record<string, BundleItem> = {
      ...bundle,
      'index.js': chunk('index.js', 'e', { isEntry: true }),
      'start-app.js': chunk('start-app.js', incompressible(30_000), { facadeModuleId: '/app/web/src/app/start-app.tsx', imports: ['react.js'] }),
    };
    const { routes, bootFiles, problems } = measureRoutes(
      staged,
      [
        { route: '/sign-in', modules: ['features/auth/sign-in.page.ts'], budgetKb: 200 },
        { route: '/', modules: ['features/record/record.page.ts'], budgetKb: 200 },
      ],
      ['app/start-app.tsx'],
    );
    expect(problems).toEqual([]);
    expect(bootFiles).toEqual(['index.js', 'react.js', 'start-app.js']);
    expect(routes.map((r) => [r.route, r.files])).toEqual([
      ['/sign-in', ['index.js', 'react.js', 'shared.js', 'sign-in.page.js', 'start-app.js']],
      ['/', ['index.js', 'react.js', 'record.page.js', 'start-app.js']],
    ]);
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

describe('formatRouteFiles (CHARTA_ROUTE_FILES)', () => {
  it('lists a route’s files before its first paint, largest first, with their gzip sizes', () => {
    const bundle: Record<string, BundleItem> = {
      'small.js': chunk('small.js', 'x'),
      'large.js': chunk('large.js', incompressible(4_000)),
    };
    const lines = formatRouteFiles({ route: '/sign-in', files: ['small.js', 'large.js'] }, bundle).trim().split('\n');
    expect(lines[0]).toBe('/sign-in: its files before the first paint (gzip)');
    expect(lines.slice(1).map((line) => line.trim().split(/\s+/).at(-1))).toEqual(['large.js', 'small.js']);
    expect(lines[1]).toMatch(/^\s+3\.\d KB {2}large\.js$/);
  });
});

describe('routePage', () => {
  const index = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/react-1.js">',
    '  </head>',
    '  <body><div id="root"></div></body>',
    '</html>',
  ].join('\n');

  it('adds a modulepreload of each of the route’s chunks that index.html does not already load, in the head', () => {
    const page = routePage(index, ['assets/index-1.js', 'assets/react-1.js', 'assets/sign-in.page-1.js', 'assets/TextField-1.js']);
    expect(page).toBe(
      index.replace(
        '  </head>',
        ['    <link rel="modulepreload" crossorigin href="/assets/sign-in.page-1.js">', '    <link rel="modulepreload" crossorigin href="/assets/TextField-1.js">', '  </head>'].join('\n'),
      ),
    );
  });

  it('puts </head> back on a line of its own when a plugin wrote a tag right before it (vite-plugin-pwa’s manifest link)', () => {
    const withManifest = index.replace('\n  </head>', '\n  <link rel="manifest" href="/manifest.webmanifest"></head>');
    const page = routePage(withManifest, ['assets/sign-in.page-1.js']);
    expect(page).toContain(
      ['  <link rel="manifest" href="/manifest.webmanifest">', '    <link rel="modulepreload" crossorigin href="/assets/sign-in.page-1.js">', '  </head>', '  <body>'].join('\n'),
    );
  });

  it('refuses a page without a head', () => {
    expect(() => routePage('<html><body></body></html>', ['assets/a.js'])).toThrow(/no <\/head>/);
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
    expect(printed).toContain('JavaScript per route before its first paint (gzip');
    for (const route of ['/sign-in', '/ (Record)', '/sessions/:id', '/templates/:id (editor)']) expect(printedKb(route)).toBeGreaterThan(50);
    expect(printed).not.toContain('OVER BUDGET');
  });

  /** The chunks a first load runs: the page's script and preloads, the route's chunks (by name) and their static imports. */
  async function readRouteScripts(htmlFile: string, chunkPrefixes: string[]): Promise<Map<string, string>> {
    const html = await readFile(join(outDir, htmlFile), 'utf8');
    const pending = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    const assets = await readdir(join(outDir, 'assets'));
    for (const prefix of chunkPrefixes) {
      const chunk = assets.find((name) => name.startsWith(prefix) && name.endsWith('.js'));
      if (chunk) pending.push(`assets/${chunk}`);
    }
    const scripts = new Map<string, string>();
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (scripts.has(file)) continue;
      const text = await readFile(join(outDir, file), 'utf8');
      scripts.set(file, text);
      // Static imports only (`from"./x.js"`); `import("./x.js")` is loaded later, if ever.
      for (const match of text.matchAll(/from\s*"\.\/([^"]+\.js)"/g)) pending.push(`assets/${match[1]}`);
    }
    return scripts;
  }
  /** Whether a script defines an MUI component: its styled root (`styled(..., { name: 'MuiSelect', slot: 'Root' })`), not its class names. */
  const defines = (text: string, component: string) => new RegExp(`name:\\s*[\`'"]${component}[\`'"]`).test(text);
  let signInRead: Promise<Map<string, string>> | undefined;
  /** Read once for the tests that search them. */
  const signInScripts = () => (signInRead ??= readRouteScripts('sign-in.html', ['sign-in.page-']));

  it('builds none of the contract’s request schemas that no page of the first load uses, on the sign-in page', async () => {
    // The sign-in page uses constants from the contract (ONE_TIME_CODE); every schema of the modules it
    // touched (and so all of zod) came along and ran on every first load until scripts/pure-contract-schemas.mjs
    // let the bundler drop unused ones. (zod itself comes back when a module every page imports holds a
    // schema some page uses: a chunk holds a module whole; see scripts/route-budgets.mjs.)
    const scripts = await signInScripts();
    expect([...scripts.keys()].some((file) => file.includes('sign-in.page-'))).toBe(true);
    // The session id field (used only inside request schemas) and the bulk delete request.
    const signatures = ['must be an id of letters, digits', 'must name at least one session'];
    const found = [...scripts].flatMap(([file, text]) => signatures.filter((signature) => text.includes(signature)).map((signature) => `${file}: ${signature}`));
    expect(found).toEqual([]);
  });

  it('loads no zod on the sign-in page: the session forms’ schemas live apart from the labels every page imports', async () => {
    // A chunk holds a module whole: with the patient name and title fields in sessions.ts (beside the status
    // labels every page reads), zod's core came to the sign-in page (~24 KB gzip). 'invalid_type' is a
    // code of zod's core that no Charta module writes.
    const withZod = [...(await signInScripts())].filter(([, text]) => text.includes('invalid_type')).map(([file]) => file);
    expect(withZod).toEqual([]);
  });

  it('writes the sign-in and sign-up pages their own index.html, preloading their chunks, and Hosting serves each at its route', async () => {
    const index = await readFile(join(outDir, 'index.html'), 'utf8');
    const signIn = await readFile(join(outDir, 'sign-in.html'), 'utf8');
    const assets = await readdir(join(outDir, 'assets'));
    const chunk = (prefix: string) => assets.find((name) => name.startsWith(prefix) && name.endsWith('.js'));
    // The page's chunk and one it imports: before, the browser learnt of them only after the entry had run.
    for (const prefix of ['sign-in.page-', 'ProviderButtons-']) {
      expect(signIn).toContain(`<link rel="modulepreload" crossorigin href="/assets/${chunk(prefix)}">`);
      expect(index).not.toContain(`/assets/${chunk(prefix)}`);
    }
    expect(signIn).not.toContain(chunk('record.page-'));
    // Otherwise the same page: the entry and the rest, but the splash (the page's first render is there instead)
    // and the theme's styles (there with the page's own: the next test).
    const samePage = (item: string) => !item.includes('modulepreload') && !item.includes('class="splash"') && !item.includes('data-emotion');
    for (const line of index.split('\n').filter(samePage)) expect(signIn).toContain(line);
    expect(index).toContain('class="splash"');
    expect(signIn).not.toContain('class="splash"');

    const hosting = JSON.parse(await readFile(join(root, 'firebase.json'), 'utf8')) as { hosting: { rewrites: { source?: string; regex?: string; destination?: string }[] } };
    const rewrites = hosting.hosting.rewrites;
    // The app's own addresses (no dot in them) go to index.html: the rewrite that catches them all.
    const catchAll = rewrites.findIndex((rewrite) => rewrite.destination === '/index.html');
    expect(catchAll).toBeGreaterThan(0);
    for (const { route, page } of ROUTE_BUDGETS.filter((budget) => budget.page)) {
      await expect(readFile(join(outDir, page!), 'utf8')).resolves.toContain('<div id="root">');
      const rewrite = rewrites.findIndex((item) => item.source === route && item.destination === `/${page}`);
      expect(rewrite, `firebase.json rewrites ${route} to /${page} before the app's catch-all`).toBeGreaterThanOrEqual(0);
      expect(rewrite).toBeLessThan(catchAll);
    }
  });

  it('writes the sign-in page’s first render into sign-in.html (scripts/prerender-pages.mjs): the form, inert, its styles in the head', async () => {
    const signIn = await readFile(join(outDir, 'sign-in.html'), 'utf8');
    const [head = '', body = ''] = signIn.split('</head>');
    const root = body.slice(body.indexOf('<div id="root">'));
    expect(root).toMatch(/^<div id="root"><div inert aria-busy="true"><main /);
    for (const text of ['>Sign in</h1>', '>Email</label>', '>Password</label>', 'Forgot your password?', 'Sign up']) expect(root).toContain(text);
    expect(body).not.toContain('<style');
    // The production build's class names (no component labels), which the app's emotion makes the same.
    expect(head.match(/<style data-emotion="css [^"]+">/g)?.length).toBeGreaterThan(10);
    expect(root).not.toMatch(/css-[a-z0-9]+-Mui/);
  });

  it('writes the styles of the Record tab’s first render into index.html’s head (scripts/prerender-pages.mjs), its splash kept', async () => {
    const index = await readFile(join(outDir, 'index.html'), 'utf8');
    const [head = '', body = ''] = index.split('</head>');
    // Both schemes' CSS variables and the baseline, as elements the app's emotion adopts (Global's `css-global <name>`).
    const globals = head.match(/<style data-emotion="css-global [^"]+">[^<]*<\/style>/g) ?? [];
    expect(globals.join('')).toContain('--mui-palette-primary-main:#1f6e78');
    expect(globals.join('')).toMatch(/\[data-dark\]\{[^}]*--mui-palette-primary-main:/);
    expect(globals.join('')).toContain('box-sizing:border-box');
    // The shell's and the Record tab's class styles (web/src/app/prerender/prerender-record-styles.tsx), each once.
    const classIds = [...head.matchAll(/<style data-emotion="css ([^"]+)">/g)].flatMap((match) => (match[1] ?? '').split(' '));
    expect(classIds.length).toBeGreaterThan(50);
    expect(new Set(classIds).size).toBe(classIds.length);
    expect(body).toContain('class="splash"');
    expect(body).not.toContain('<style');
  });

  it('loads no Select, Menu, Popover or Modal on the sign-in page: its fields are PlainTextField, not TextField', async () => {
    // MUI's TextField imports Select for its `select` prop, and Select brings the menu stack with it (about
    // 16 KB gzip on the sign-in page before web/src/components/inputs/PlainTextField.tsx).
    const scripts = [...(await signInScripts())];
    for (const component of ['MuiSelect', 'MuiMenu', 'MuiPopover', 'MuiModal']) {
      expect(scripts.filter(([, text]) => defines(text, component)).map(([file]) => `${file}: ${component}`)).toEqual([]);
    }
    expect(scripts.some(([, text]) => defines(text, 'MuiOutlinedInput'))).toBe(true);
  });

  it('loads no Select, Menu, Popover, Modal or Dialog before the Record tab paints: its dialogs and the account menu come after', async () => {
    // Five dialogs on the Record tab, the account menu and the Microphone, Template and Language selects
    // brought Dialog, Modal and the menu stack to its first paint (about 14 KB gzip before LazyDialog,
    // AccountMenuPopup and PlainSelectField).
    const scripts = [...(await readRouteScripts('index.html', ['Shell-', 'record.page-']))];
    expect(scripts.some(([file]) => file.includes('record.page-'))).toBe(true);
    for (const component of ['MuiSelect', 'MuiMenu', 'MuiPopover', 'MuiModal', 'MuiDialog']) {
      expect(scripts.filter(([, text]) => defines(text, component)).map(([file]) => `${file}: ${component}`)).toEqual([]);
    }
    expect(scripts.some(([, text]) => defines(text, 'MuiNativeSelect'))).toBe(true);
  });

  it('loads Firebase Auth after the first paint, on the sign-in page and on the Record tab (index.html preloads none of it)', async () => {
    // The Auth REST API's host: only the Firebase Auth SDK names it.
    const sdk = (text: string) => text.includes('identitytoolkit.googleapis.com');
    expect([...(await signInScripts())].filter(([, text]) => sdk(text)).map(([file]) => file)).toEqual([]);
    // The Record tab paints on a browser signed in last time before Auth has answered (web/src/lib/signed-in-hint.ts):
    // nothing it runs before that paint (index.html's scripts and preloads, the shell, the page) holds the SDK.
    const record = await readRouteScripts('index.html', ['Shell-', 'record.page-']);
    expect([...record.keys()].some((file) => file.includes('record.page-'))).toBe(true);
    expect([...record].filter(([, text]) => sdk(text)).map(([file]) => file)).toEqual([]);
    expect(printedKb('/sign-in')).toBeLessThan(200);
    // The build prints what it loads after the paint apart.
    expect(printed.split('\n').find((line) => line.trimStart().startsWith('/ (Record) '))).toMatch(/\(\+\d+\.\d KB after first paint\)/);
  });

  it('appends no modulepreload links while a page renders: index.html keeps its own, lazy imports list none', async () => {
    // Vite's preload helper took 227 ms of the Record tab's main thread at 4x CPU appending them (docs/first-load.md):
    // a lazy import with chunks to preload passes their list (`__vite__mapDeps`), and the polyfill scans for them.
    const assets = await readdir(join(outDir, 'assets'));
    const withLists: string[] = [];
    for (const name of assets.filter((item) => item.endsWith('.js'))) {
      const text = await readFile(join(outDir, 'assets', name), 'utf8');
      if (text.includes('__vite__mapDeps') || text.includes('relList.supports')) withLists.push(name);
    }
    expect(withLists).toEqual([]);
    const index = await readFile(join(outDir, 'index.html'), 'utf8');
    expect(index.match(/<link rel="modulepreload"/g)?.length ?? 0).toBeGreaterThan(5);
  });

  it('evaluates the app in stages: the entry imports nothing of React, MUI or the app, and every page preloads what it then imports', async () => {
    // One task evaluated every module of the first page's graph (about 600 ms at 4x CPU, all of it Total Blocking
    // Time); web/src/main.tsx now imports React, the theme and the app one after another, a task each
    // (docs/first-load.md "The app evaluated in stages"). A static import of any of them from the entry would
    // bring their evaluation back into its task.
    const index = await readFile(join(outDir, 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"/.exec(index)?.[1];
    expect(entry).toBeDefined();
    const entryCode = await readFile(join(outDir, entry!), 'utf8');
    // The bundler writes `from"./x.js"` and `import(`./x.js`)` (a template literal).
    const staticImports = [...entryCode.matchAll(/(?:from|import)\s*["`]\.\/([^"`]+\.js)["`]/g)].map((match) => match[1]!);
    const dynamicImports = [...entryCode.matchAll(/import\(\s*["`]\.\/([^"`]+\.js)["`]\s*\)/g)].map((match) => match[1]!);
    const assets = await readdir(join(outDir, 'assets'));
    const chunk = (prefix: string) => assets.find((name) => name.startsWith(prefix) && name.endsWith('.js'))!;
    for (const prefix of ['react-', 'theme-', 'start-app-']) {
      expect(staticImports, prefix).not.toContain(chunk(prefix));
      expect(dynamicImports, prefix).toContain(chunk(prefix));
      // Fetched side by side with the entry, as when they were its static imports.
      for (const page of ['index.html', 'sign-in.html']) {
        expect(await readFile(join(outDir, page), 'utf8'), `${page} preloads ${prefix}`).toContain(`<link rel="modulepreload" crossorigin href="/assets/${chunk(prefix)}">`);
      }
    }
  });

  it('loads no SWR on the sign-in page: the data cache is the signed-in shell’s', async () => {
    // SWR's defaults (dedupingInterval, focusThrottleInterval) are spelled only in its own code. It was in
    // the react vendor chunk, with its provider around the whole app.
    const withSwr = [...(await signInScripts())].filter(([, text]) => text.includes('focusThrottleInterval')).map(([file]) => file);
    expect(withSwr).toEqual([]);
  });

  it('loads no zod on the Record tab: the billing schemas live apart from the constants the shell reads', async () => {
    // The shell sends a kept referral code (data/referral-code.ts) and reads the plan's constants
    // (contract billing.ts); with the referral code's schema beside them, zod came to every signed-in page
    // (Record 308 -> 288 KB without it).
    const scripts = await readRouteScripts('index.html', ['Shell-', 'record.page-']);
    expect([...scripts.keys()].some((file) => file.includes('record.page-'))).toBe(true);
    expect([...scripts].filter(([, text]) => text.includes('invalid_type')).map(([file]) => file)).toEqual([]);
  });

  it('meets issue 24’s 200 KB (gzip) before the first paint on the sign-in page and the Record tab', () => {
    // Record 237.9 and sign-in 190.4 KB before the declarative router and the Record tab's later parts
    // (docs/first-load.md "The declarative router, and the Record tab's later parts").
    expect(printedKb('/sign-in')).toBeLessThanOrEqual(200);
    expect(printedKb('/ (Record)')).toBeLessThanOrEqual(200);
  });

  it('holds no React Router data router: pages hold a navigation through lib/router/guarded-history.ts', async () => {
    // An invariant of the data router's createRouter (react-router's lib/router/router.js), ~17 KB gzip on
    // every page while the app used it for useBlocker alone.
    const assets = (await readdir(join(outDir, 'assets'))).filter((name) => name.endsWith('.js'));
    const withDataRouter: string[] = [];
    for (const name of assets) if ((await readFile(join(outDir, 'assets', name), 'utf8')).includes('non-empty routes array to createRouter')) withDataRouter.push(name);
    expect(withDataRouter).toEqual([]);
  });

  it('loads nothing of zod before the sign-in page’s or the Record tab’s paint, and zod interprets schemas wherever it loads', async () => {
    // zod keeps its settings on globalThis.__zod_globalConfig (zod/v4/core/core.js). Its module was on every
    // first paint while a module of main.tsx set them (3.9 KB gzip); web/vite.config.ts zodInterpretsSchemas
    // sets `jitless` in zod's own module instead, so it is in force before any schema is built (the CSP forbids eval).
    const firstPaint = [...(await signInScripts()), ...(await readRouteScripts('index.html', ['Shell-', 'record.page-']))];
    expect(firstPaint.filter(([, text]) => text.includes('__zod_globalConfig')).map(([file]) => file)).toEqual([]);
    const assets = (await readdir(join(outDir, 'assets'))).filter((name) => name.endsWith('.js'));
    const zodCore: string[] = [];
    for (const name of assets) {
      const text = await readFile(join(outDir, 'assets', name), 'utf8');
      if (text.includes('__zod_globalConfig')) zodCore.push(`${name}: ${/jitless:\s*(?:!0|true)/.test(text) ? 'jitless' : 'compiles'}`);
    }
    expect(zodCore.length).toBe(1);
    expect(zodCore[0]).toMatch(/: jitless$/);
  });

  it('splits by route: the sign-in page loads less than the Record tab, and the Record tab less than the editor', () => {
    // Everything was one bundle (355 KB for every page) before the routes were split.
    expect(printedKb('/sign-in')).toBeLessThan(printedKb('/ (Record)') - 20);
    expect(printedKb('/ (Record)')).toBeLessThan(printedKb('/templates/:id (editor)') - 10);
  });
  describe('installable and working offline (web/vite.config.ts: vite-plugin-pwa)', () => {
    /** The URLs of the service worker's precache, as Workbox's generated sw.js lists them. */
    const precached = async () => {
      const sw = await readFile(join(outDir, 'sw.js'), 'utf8');
      return { sw, urls: [...sw.matchAll(/\burl:\s*"([^"]+)"/g)].map((match) => match[1]!) };
    };

    it('writes a web app manifest with icons at 192 and 512 px, maskable too, that every page links', async () => {
      const manifest = JSON.parse(await readFile(join(outDir, 'manifest.webmanifest'), 'utf8')) as {
        name: string;
        short_name: string;
        start_url: string;
        display: string;
        icons: { src: string; sizes: string; type: string; purpose?: string }[];
      };
      expect(manifest).toMatchObject({ short_name: 'Charta', start_url: '/', display: 'standalone' });
      for (const size of ['192x192', '512x512']) {
        for (const purpose of ['any', 'maskable']) {
          const icon = manifest.icons.find((item) => item.sizes === size && item.purpose === purpose);
          expect(icon, `${purpose} icon ${size}`).toBeDefined();
          // A real PNG of that size: its IHDR chunk holds width and height.
          const png = await readFile(join(outDir, icon!.src));
          expect(png.subarray(1, 4).toString()).toBe('PNG');
          expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(size);
        }
      }
      for (const page of ['index.html', 'sign-in.html', 'sign-up.html']) {
        expect(await readFile(join(outDir, page), 'utf8')).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      }
    });

    it('precaches the app shell and every route’s chunks, and nothing of the API', async () => {
      const { urls } = await precached();
      const assets = await readdir(join(outDir, 'assets'));
      // Every chunk and stylesheet the build made, so any page opens with no connection.
      const built = assets.filter((name) => /\.(js|css)$/.test(name)).map((name) => `assets/${name}`);
      expect(built.filter((file) => !urls.includes(file))).toEqual([]);
      for (const prefix of ['record.page-', 'sign-in.page-', 'sessions.page-', 'session.page-', 'template-editor.page-', 'settings.page-']) {
        expect(urls.some((url) => url.startsWith(`assets/${prefix}`)), prefix).toBe(true);
      }
      expect(urls).toEqual(expect.arrayContaining(['index.html', 'sign-in.html', 'sign-up.html', 'favicon.svg', 'icons/icon-192.png']));
      expect(urls.filter((url) => /(^|\/)api(\/|$)|^__\//.test(url))).toEqual([]);
      // Each once (a file listed twice is fetched twice at install).
      expect(urls.length).toBe(new Set(urls).size);
    });

    it('opens index.html for the app’s addresses offline, never for /api/ or /__/, and caches no API answer', async () => {
      const { sw } = await precached();
      expect(sw).toMatch(/createHandlerBoundToURL\("\/index\.html"\)/);
      // The denylist as web/vite.config.ts writes it (serialised into the worker).
      expect(sw).toContain('/^\\/api(?:\\/|$)/');
      expect(sw).toContain('/^\\/__\\//');
      // No runtime caching at all: a request the precache does not hold goes to the network as if there were no worker.
      expect(sw).not.toMatch(/NetworkFirst|CacheFirst|StaleWhileRevalidate|registerRoute\([^)]*api/);
    });

    it('registers the worker after the first load: its code is in none of the sign-in page’s or the Record tab’s first scripts', async () => {
      // workbox-window's own words; the registration chunk is loaded only after the load event (web/src/main.tsx).
      const workboxWindow = (text: string) => text.includes('messageSkipWaiting') || text.includes('SKIP_WAITING');
      const firstLoad = [...(await signInScripts()), ...(await readRouteScripts('index.html', ['Shell-', 'record.page-']))];
      expect(firstLoad.filter(([, text]) => workboxWindow(text)).map(([file]) => file)).toEqual([]);
      const assets = await readdir(join(outDir, 'assets'));
      const texts = await Promise.all(assets.filter((name) => name.endsWith('.js')).map((name) => readFile(join(outDir, 'assets', name), 'utf8')));
      expect(texts.some(workboxWindow)).toBe(true);
    });
  });
});
