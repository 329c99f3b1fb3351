// A Vite plugin for the web build (web/vite.config.ts): prints the JavaScript each route downloads on a
// first load, gzipped, and fails the build when a route is over its budget.
//
// Hand-written because what a route downloads is a walk of the bundle's chunk graph (the entry's static
// imports, then the route's lazily loaded page modules and their static imports), which only the bundler
// knows: size-limit and bundlesize measure files or globs, and a glob cannot tell which chunks a route
// pulls in. The walk is about thirty lines over Rollup's documented output (chunk.imports, facadeModuleId).

import { gzipSync } from 'node:zlib';

/**
 * What every signed-in page loads besides its own modules: the shell, and Firebase Auth, which code loads on
 * demand (web/src/lib/firebase-on-demand.ts) so the sign-in page can paint without it, and without which the
 * signed-in pages show a loader in place of their content. The Record tab, on a browser that was signed in
 * last time (web/src/lib/signed-in-hint.ts), paints without it: Auth loads after that first paint, and is
 * printed apart (`afterPaint`); the route's budget is what comes before the paint.
 */
const FIREBASE_AUTH = 'features/auth/api/firebase-auth.ts';
const SHELL = 'app/shell/Shell.tsx';
export const SIGNED_IN = [FIREBASE_AUTH, SHELL];

/**
 * What web/src/main.tsx imports dynamically before any page renders: the app (start-app.tsx), which it evaluates
 * in stages (its BOOT_STAGES, React and the theme, are among the app's own imports). Not among the entry's
 * static imports, yet every page runs it before its first paint: counted on every route, and preloaded by
 * index.html and every route's page.
 */
export const BOOT_MODULES = ['app/start-app.tsx'];

/**
 * The routes and the modules each one loads lazily (the router's `lazy` imports, web/src/app/router.tsx),
 * with a ceiling a little above what each loads today (November 2026), so growth is a decision rather than
 * an accident. Issue 14 asks 200 KB for the sign-in page and the Record tab; splitting by route took them
 * from 355 KB (everything) to about 260 and 297 KB; building only the contract schemas a page uses
 * (scripts/pure-contract-schemas.mjs) and keeping request schemas out of the label modules every page
 * imports (a chunk holds a module whole: session-requests.ts) took zod off the sign-in page (244 KB); its
 * fields without TextField's Select (PlainTextField), Firebase Auth loaded after it paints and SWR with the
 * shell took it to 186 KB, within the 200. The Record tab (288 KB, once billing's schemas moved
 * apart too) is not: what is left there is what every signed-in page runs, react-dom (~63 KB), MUI with
 * emotion (~55 KB), Firebase Auth (~33 KB, needed before it renders) and React Router's data router (~28 KB,
 * whose useBlocker guarded unsaved edits; replaced since, see below), and the shell's and the page's MUI. Lower these as that shrinks;
 * docs/first-load.md "A fast first load". The audit trail's reports from the browser (a sign-out, a failed sign-in:
 * data/activity.ts, loaded with Firebase Auth) added about 0.9 KB to every signed-in page (the library's
 * ceiling went from 310 to 312); the Activity page itself is mostly MUI's Autocomplete (its session filter).
 * The session page's sentence evidence and fact flags (issue 21: each sentence linked to its segments, the
 * marks under a section's text, the flags' list and the question before copying) added about 5 KB to it
 * (310 to 315 KB; its ceiling went from 315 to 317). The automatic lock's idle timer (issue 22; its screen
 * is a chunk of its own) added about 0.4 KB to every signed-in page: the session page's ceiling went to 318.
 * Print (issue 22: the print layout and its button) took the session page to 318.1 KB (ceiling 319), and the
 * Download my data card took Settings from 285 to 288 KB (ceiling 287 to 290).
 * The first-run step (a card on the Record tab) and the publish dialog's name field (the profile's data module,
 * now read by the templates pages) took Record to 296.3 KB, /templates to 290.7, /templates/from-note to 300.0
 * and /templates/library to 314.4 (emulator build, 2026-11-28), each over its ceiling by at most 1.3 KB:
 * ceilings 295 to 298, 290 to 292, 300 to 302, 314 to 316. /auth/action (the account emails' page) measured
 * 218.1 KB: ceiling 221.
 * Issue 23's and 24's work of 2026-11-28 together (emulator build): the chat that knows the session (its kept
 * history, its answers' sources and quotes), AI edits as proposals (the diff dialog: loading it lazily saved
 * nothing, the loader cost every page 0.5 KB), a picked file's checksum (read by the shell's uploads), the
 * theme's 44 px tap targets on phones, and installable and offline (the service worker's registration store,
 * whose code loads after the load event; the update prompt in the shell; the Record tab's templates kept for
 * offline use: 0.4 KB on the sign-in page, 0.8-1.1 KB on the signed-in ones). Measured with all of it: Record
 * 298.6, /sessions 312.9, /sessions/:id 324.0, /templates/shared/:id 290.1, /settings 297.7, /settings/activity
 * 315.0 KB; ceilings 298 to 299, 312 to 314, 321 to 325, 290 to 292, 297 to 299, 315 to 316.
 * Issue 23's one vocabulary for where text came from (contract/src/provenance.ts, whose words the Record tab's
 * live transcript warning composes) and Regenerate note (emulator build, 2026-12-01): Record 299.5 KB,
 * /sessions 313.6, /sessions/:id 324.6; Record's ceiling 299 to 300.
 *
 * The Record tab painted before Firebase Auth answers (issue 24's decision; web/src/lib/signed-in-hint.ts):
 * before its first paint it loads 264.4 KB (the entry, the shell and the page; the same build before this
 * change loaded 298.7 KB, Auth included), and Auth's 35.0 KB come after (emulator build, 2026-12-01): its
 * budget is now that part, ceiling 299 to 265. Every other route grew by 0.5-0.7 KB (the hint in the entry,
 * the shell's wait for the user): /templates 291.8 to 292.5, the editor 339.3 to 340.0, /templates/library
 * 315.4 to 316.1 KB, over their ceilings by at most 0.5 KB: ceilings 292 to 293, 340 to 341, 316 to 317.
 *
 * Both together (merged 2026-12-01; the emulator build, which npm test makes, is 0.3 KB heavier than the
 * production one): Record 265.6 KB before its first paint, /sessions 315.2, /sessions/:id 326.2, /templates
 * 293.4, the editor 340.9, /templates/from-note 302.1, /templates/library 316.9, /settings 298.9,
 * /settings/activity 316.2 KB; ceilings 265 to 266, 314 to 316, 325 to 327, 293 to 294, 341 to 342, 302 to 303,
 * 317 to 318, 299 to 300, 316 to 317.
 * The clinic library (issue 25; docs/clinics.md "The clinic library"): the library page asks GET /clinic and
 * loads its clinic tab lazily (only a clinician in a clinic needs it; loaded with the page it was 8 KB more),
 * 316.9 to 318.5 KB; the editor's Share with my clinic (its dialog a chunk of its own, which the clinic tab
 * shares: loaded with the editor it measured 343.2) 340.9 to 342.7 KB (emulator build, 2026-12-02): ceilings
 * 318 to 319, 342 to 343.
 *
 * Issue 25's clinic screens (emulator build, 2026-12-01): the router's two routes add 0.3 KB to the entry,
 * the Account menu's Clinic item and a chunk the clinic pages share with the others 0.5 more to every
 * signed-in route: Record 266.0 KB, /sessions 316.0, /sessions/:id 327.0, /templates 294.2, the editor 341.7,
 * /templates/library 318.0, /templates/shared/:id 292.0, /settings 300.2, /settings/activity 317.0,
 * /billing 289.2; every signed-in ceiling +1 KB. /clinic 292.5 KB (ceiling 294), the invitation link 267.9
 * (ceiling 269).
 * Issue 25's policies (emulator build, 2026-12-02): the clinic page's Policies card is a chunk of its own
 * (loaded with the page it was 7 KB more); what stays is its loader and the shell's notice of a refused
 * sign-in method, about 0.5 KB on every signed-in route. Record 266.5 KB, /settings 301.0 (with its "Set by
 * your clinic" notice), /clinic 294.2 (ceiling 294 to 295).
 *
 * Sharing a session (issue 25; emulator build, 2026-12-02): the session page's Share and its dialog (with the
 * caller's clinic, read to list colleagues) 327.0 to 328.9 KB, ceiling 328 to 330; /sessions' Shared with me
 * 316.8 KB (ceiling 317 kept). The colleague's pages: /shared 266.2 KB (ceiling 268), /shared/:id 273.4 (275).
 *
 * Clinic policies (issue 25, the same day): the shell's notice for a sign-in the clinic refuses (shown on every
 * signed-in page) added about 0.4 KB to each: Record 266.7 KB, /sessions 317.2, /sessions/:id 329.6,
 * /templates 294.8, the editor 343.8, /templates/library 320.0, /settings 301.2, /settings/activity 318.0,
 * /billing 289.9, the invitation link 269.0; the ceilings at or within 0.5 KB of these went up 1 KB.
 *
 * Single sign-on by domain (issue 25, the same day): the clinic page's Single sign-on card, 294.4 to 295.3 KB
 * (ceiling 295 to 297); the sign-in page's detour to a clinic's provider, 189.7 to 190.6 KB (ceiling 195 kept).
 *
 * Tooltips in a chunk of their own (issue 24; production build, 2026-12-02): MUI's Tooltip, with Popper and
 * popper.js, came with the shell's theme toggle to every signed-in page; every tooltip now goes through
 * components/feedback/LazyTooltip.tsx, which loads it once a control under one has rendered. Record 266.2 to
 * 257.7 KB, /sessions 316.9 to 308.4, /sessions/:id 329.2 to 320.7, /templates 294.5 to 285.6, the editor 343.4
 * to 335.0, and every other signed-in route 8.5-10 KB less; ceilings down to match. The sign-in family grew
 * 1.1 KB (sign-in 190.1 to 191.2, sign-up 208.5 to 209.6, /auth/action 219.9 to 221.0, ceiling 221 to 223):
 * MUI's shared styling chunk now comes in two (the tooltip's chunk needs part of it), and two compress less
 * well than one. A codeSplitting group holding @mui/system, @mui/utils and emotion together was tried: sign-in
 * 193.4 KB, worse.
 *
 * Dialogs, menus and select fields off the first paint (issue 24; production build, 2026-12-03): every dialog
 * through components/feedback/LazyDialog.tsx (Dialog, Modal and Backdrop load once a page has rendered), the
 * account menu's popup in a module the shell loads after its paint (AccountMenuPopup.tsx), and the Record tab's
 * fields as PlainTextField and PlainSelectField (a native <select> without TextField's Select and Menu). Record
 * 257.9 to 243.5 KB, /shared 257.6 to 243.3, /shared/:id 265.1 to 250.8, /templates 285.9 to 273.8, the shared
 * template 283.7 to 269.5, the invitation link 260.2 to 245.9; ceilings down to match. Pages that still load
 * TextField (and with it Select, Menu and Modal) gained what splitting MUI into more, smaller chunks costs in
 * compression: sign-in 191.2 to 193.8 (ceiling 195 kept), sign-up 209.6 to 212.2, /auth/action 221.1 to 223.7,
 * /sessions 308.7 to 310.0, /sessions/:id 321.0 to 324.3, the editor 335.2 to 338.7, /templates/library 311.5
 * to 315.0, /settings 292.6 to 297.1, /clinic 288.3 to 291.8; ceilings up to match.
 *
 * React Router's declarative router in place of its data router, and what the Record tab never shows at its
 * first paint loaded after it (issue 24; production build, 2026-12-04; docs/first-load.md "The declarative
 * router, and the Record tab's later parts"): the data router's code (router.js, ~17 KB gzip) came with every
 * page; zod's core, set to interpret schemas in a module main.tsx imported first, came with every page too
 * (3.9 KB; web/vite.config.ts zodInterpretsSchemas now sets it in zod's own module); the snackbar, the confirm
 * dialog's parts, the Record tab's upload cards, first-run card, notices, consent step and paste-notes dialog
 * load once it has painted, and its level meter is a plain bar. Record 237.9 to 198.3 KB (the 200 KB
 * is its ceiling now), sign-in 190.4 to 166.8, sign-up 208.8 to 188.0, /auth/action 219.8 to 196.2, and every
 * signed-in route 14-33 KB less; ceilings down to a little above each. Issue 14's and 24's 200 KB on the sign-in
 * page and the Record tab are both met.
 *
 * `page`: the build also writes the route its own copy of index.html that preloads the route's chunks, and
 * Hosting serves it at the route's address (firebase.json rewrites; see routePage below).
 * `afterPaint`: modules the route loads only once it has painted, printed apart and outside the budget.
 * @type {{ route: string, modules: string[], budgetKb: number, page?: string, afterPaint?: string[] }[]}
 */
export const ROUTE_BUDGETS = [
  { route: '/sign-in', modules: ['features/auth/sign-in.page.ts'], budgetKb: 170, page: 'sign-in.html' },
  { route: '/sign-up', modules: ['features/auth/sign-up.page.ts'], budgetKb: 191, page: 'sign-up.html' },
  // The page account emails' links open (password reset, verification): the sign-in page's weight and Firebase's action calls.
  { route: '/auth/action', modules: ['features/auth/email-action.page.ts'], budgetKb: 199 },
  { route: '/ (Record)', modules: [SHELL, 'features/record/record.page.ts'], afterPaint: [FIREBASE_AUTH], budgetKb: 200 },
  { route: '/sessions', modules: [...SIGNED_IN, 'features/sessions/sessions.page.ts'], budgetKb: 290 },
  { route: '/sessions/:id', modules: [...SIGNED_IN, 'features/session-page/session.page.ts'], budgetKb: 303 },
  { route: '/shared', modules: [...SIGNED_IN, 'features/shared-sessions/shared-sessions.page.ts'], budgetKb: 219 },
  { route: '/shared/:id', modules: [...SIGNED_IN, 'features/shared-sessions/shared-session.page.ts'], budgetKb: 226 },
  { route: '/templates', modules: [...SIGNED_IN, 'features/templates/templates.page.ts'], budgetKb: 250 },
  { route: '/templates/:id (editor)', modules: [...SIGNED_IN, 'features/templates/template-editor.page.ts'], budgetKb: 319 },
  { route: '/templates/from-note', modules: [...SIGNED_IN, 'features/templates/from-note.page.ts'], budgetKb: 275 },
  { route: '/templates/library', modules: [...SIGNED_IN, 'features/templates/library.page.ts'], budgetKb: 295 },
  { route: '/templates/shared/:id', modules: [...SIGNED_IN, 'features/templates/shared-template.page.ts'], budgetKb: 248 },
  { route: '/settings', modules: [...SIGNED_IN, 'features/profile/settings.page.ts', 'features/auth/account-settings.page.ts'], budgetKb: 275 },
  { route: '/settings/activity', modules: [...SIGNED_IN, 'features/activity/activity.page.ts'], budgetKb: 298 },
  { route: '/billing', modules: [...SIGNED_IN, 'features/billing/billing.page.ts'], budgetKb: 259 },
  { route: '/clinic', modules: [...SIGNED_IN, 'features/clinic/clinic.page.ts'], budgetKb: 269 },
  // The invitation link: the shell (signed in) and its signed-out view come in one module.
  { route: '/clinic/invitations/:token', modules: [...SIGNED_IN, 'features/clinic/invitation.page.ts'], budgetKb: 221 },
];

/** A lazily loaded page module: every one must belong to a budgeted route, so a new page cannot skip the check. */
const PAGE_MODULE = /\.page\.tsx?$/;

const normalise = (path) => path.replaceAll('\\', '/');

/**
 * What each route downloads on a first load, from a Rollup/Rolldown output bundle.
 * @param {Record<string, { type: string, fileName: string, code?: string, isEntry?: boolean, facadeModuleId?: string | null, imports?: string[] }>} bundle
 * @param {{ route: string, modules: string[], budgetKb: number, afterPaint?: string[] }[]} routes
 * @param {string[]} [boot] modules the entry imports dynamically before any page renders (BOOT_MODULES)
 * @returns {{ routes: { route: string, files: string[], gzipBytes: number, budgetKb: number, over: boolean, afterPaintFiles: string[], afterPaintGzipBytes: number }[], bootFiles: string[], problems: string[] }}
 */
export function measureRoutes(bundle, routes, boot = []) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const gzipped = new Map();
  const gzipSize = (chunk) => {
    if (!gzipped.has(chunk.fileName)) gzipped.set(chunk.fileName, gzipSync(chunk.code ?? '').length);
    return gzipped.get(chunk.fileName);
  };
  /** The chunk and everything it imports statically (what the browser fetches before running it). */
  const closure = (start, into) => {
    const pending = [start];
    while (pending.length > 0) {
      const fileName = pending.pop();
      if (into.has(fileName)) continue;
      into.add(fileName);
      pending.push(...(byFile.get(fileName)?.imports ?? []));
    }
    return into;
  };
  const problems = [];
  const chunkOf = (module) => chunks.find((chunk) => chunk.facadeModuleId && normalise(chunk.facadeModuleId).endsWith(`/src/${module}`));
  const entries = chunks.filter((chunk) => chunk.isEntry);
  if (entries.length === 0) problems.push('the bundle has no entry chunk');

  const add = (route, modules, files) => {
    for (const module of modules) {
      const chunk = chunkOf(module);
      if (chunk) closure(chunk.fileName, files);
      else problems.push(`${route}: no chunk for ${module} (renamed? update scripts/route-budgets.mjs)`);
    }
  };
  const bytes = (files) => [...files].reduce((sum, fileName) => sum + gzipSize(byFile.get(fileName) ?? { fileName, code: '' }), 0);

  // What every page runs before its first paint: the entry, what it imports in stages, and their imports.
  const bootFiles = new Set();
  for (const entry of entries) closure(entry.fileName, bootFiles);
  add('every route', boot, bootFiles);

  const measured = routes.map(({ route, modules, budgetKb, afterPaint = [] }) => {
    const files = new Set(bootFiles);
    add(route, modules, files);
    // What the modules loaded after the first paint bring that the paint did not already have.
    const later = new Set(files);
    add(route, afterPaint, later);
    const afterPaintFiles = [...later].filter((file) => !files.has(file)).sort();
    const gzipBytes = bytes(files);
    return { route, files: [...files].sort(), gzipBytes, budgetKb, over: gzipBytes > budgetKb * 1024, afterPaintFiles, afterPaintGzipBytes: bytes(afterPaintFiles) };
  });

  const budgeted = new Set(routes.flatMap((route) => [...route.modules, ...(route.afterPaint ?? [])]));
  for (const chunk of chunks) {
    const id = chunk.facadeModuleId ? normalise(chunk.facadeModuleId) : '';
    const module = id.includes('/src/') ? id.slice(id.lastIndexOf('/src/') + 5) : '';
    if (PAGE_MODULE.test(module) && !budgeted.has(module)) problems.push(`${module} is loaded lazily but belongs to no route in scripts/route-budgets.mjs`);
  }
  for (const route of measured) {
    if (route.over) problems.push(`${route.route} loads ${(route.gzipBytes / 1024).toFixed(1)} KB of JavaScript (gzip), over its ${route.budgetKb} KB budget`);
  }
  return { routes: measured, bootFiles: [...bootFiles].sort(), problems };
}

/** One route's files before its first paint, largest first, with their gzip sizes (CHARTA_ROUTE_FILES). */
export function formatRouteFiles({ route, files }, bundle) {
  const sized = files.map((file) => ({ file, bytes: gzipSync(bundle[file]?.code ?? '').length })).sort((a, b) => b.bytes - a.bytes);
  return [`${route}: its files before the first paint (gzip)`, ...sized.map(({ file, bytes }) => `  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${file}`), ''].join('\n');
}

/** The table the build prints. */
export function formatRoutes(routes) {
  const width = Math.max(...routes.map((route) => route.route.length));
  const lines = routes.map(({ route, gzipBytes, budgetKb, files, over, afterPaintGzipBytes = 0 }) => {
    const later = afterPaintGzipBytes > 0 ? `  (+${(afterPaintGzipBytes / 1024).toFixed(1)} KB after first paint)` : '';
    return `  ${route.padEnd(width)}  ${(gzipBytes / 1024).toFixed(1).padStart(6)} KB / ${String(budgetKb).padStart(3)} KB  ${String(files.length).padStart(2)} files${over ? '  OVER BUDGET' : ''}${later}`;
  });
  return ['JavaScript per route before its first paint (gzip; budget from scripts/route-budgets.mjs):', ...lines].join('\n');
}

/**
 * index.html for one route: the same page, plus a modulepreload of each chunk the route loads lazily.
 *
 * Why: a first load otherwise fetches in two waves. The browser learns of the route's page chunk (and the
 * TextField, Card... it imports) only once the entry has downloaded and run and the router has matched the
 * address, and on Lighthouse's slow 4G each wave costs a full round trip. index.html cannot list them for
 * every route (a signed-in Record tab would then download the sign-in page, and every byte shares the same
 * slow link), and the CSP allows no inline script to choose at run time; so the routes a visitor can open
 * cold, signed out, get a page of their own. Measured (`npm run lighthouse`, November 2026): the sign-in
 * page's LCP went from 3.7 s to 3.1 s.
 * @param {string} indexHtml
 * @param {string[]} files the route's chunks (measureRoutes)
 */
export function routePage(indexHtml, files) {
  const listed = new Set([...indexHtml.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]));
  const preloads = files.filter((file) => !listed.has(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  // vite-plugin-pwa adds its manifest link right before </head>, on that line: </head> goes back to a line of
  // its own, indented as <head> is, so the preloads below land inside the head, one a line.
  indexHtml = indexHtml.replace(/(\n([ \t]*)<head>[\s\S]*?\S)[ \t]*<\/head>/, '$1\n$2</head>');
  const head = /\n(\s*)<\/head>/.exec(indexHtml);
  if (!head) throw new Error('index.html has no </head>');
  // Each preload on a line of its own, indented like the rest of the head.
  const lines = preloads.map((link) => `\n${head[1]}  ${link}`).join('');
  return `${indexHtml.slice(0, head.index)}${lines}${indexHtml.slice(head.index)}`;
}

/** @param {{ route: string, modules: string[], budgetKb: number, page?: string }[]} [routes] */
export function routeBudgets(routes = ROUTE_BUDGETS) {
  return {
    name: 'charta-route-budgets',
    apply: 'build',
    generateBundle: {
      // After Vite's own HTML plugin has put index.html (with the entry's script and preloads) in the bundle.
      order: 'post',
      handler(_options, bundle) {
        const { routes: measured, bootFiles, problems } = measureRoutes(bundle, routes, BOOT_MODULES);
        console.log(`\n${formatRoutes(measured)}\n`);
        // CHARTA_ROUTE_FILES='/ (Record)' (a route's name, or its start) lists what that route loads, largest first.
        const asked = process.env.CHARTA_ROUTE_FILES;
        const listed = asked ? (measured.find((item) => item.route === asked) ?? measured.find((item) => item.route.startsWith(asked))) : undefined;
        if (listed) console.log(formatRouteFiles(listed, bundle));
        if (problems.length > 0) this.error(`Route budgets: ${problems.join('; ')}`);
        const index = bundle['index.html'];
        if (index?.type !== 'asset') this.error('Route pages: the bundle has no index.html');
        const entryHtml = String(index.source);
        for (const { route, page } of routes) {
          if (!page) continue;
          const files = measured.find((item) => item.route === route)?.files ?? [];
          this.emitFile({ type: 'asset', fileName: page, source: routePage(entryHtml, files) });
        }
        // index.html serves the signed-in app. It preloads what every page runs (the chunks main.tsx imports
        // in stages), and nothing more: not the shell (its chunks would share the slow link with the entry's
        // and delay the first paint: measured, FCP 3.2 -> 4.1 s on the Record tab), and no longer Firebase Auth,
        // which the Record tab loads after its first paint on a browser signed in last time (a preload would
        // share the link with the tab's chunks just the same).
        index.source = routePage(entryHtml, bootFiles);
      },
    },
  };
}
