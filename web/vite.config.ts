import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { prerenderPages } from '../scripts/prerender-pages.mjs';
import { pureContractSchemas } from '../scripts/pure-contract-schemas.mjs';
import { routeBudgets } from '../scripts/route-budgets.mjs';

/** Charta's teal (web/public/favicon.svg), for the browser's and the installed app's frame. */
const THEME_COLOR = '#1f6e78';

const pwaOptions: Partial<VitePWAOptions> = {
  // A new version waits until the clinician chooses it or next moves to another page, and never while a
  // recording is under way: web/src/lib/service-worker.ts and web/src/app/shell/UpdatePrompt.tsx.
  registerType: 'prompt',
  // The extension's side panel (extension/build.mjs builds it with this config) has a service worker of its
  // own and is served from the extension's files: no manifest, no worker (the registration is a no-op there).
  disable: process.env['VITE_EXTENSION_MODE'] === 'true',
  // Registered from the app's code after the page has loaded (no script in index.html: the CSP allows no inline one).
  injectRegister: false,
  // The precache's glob below takes the icons already; listed again, each would be fetched twice at install.
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Charta · Clinical documentation',
    short_name: 'Charta',
    description: 'Charta turns recorded clinical sessions into documentation.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The app shell and every route's chunks, so a repeat visit (and one with no connection) renders from the device.
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    // An address of the app (no dot in it: Hosting's catch-all rewrite in firebase.json) opens index.html from
    // the precache. Never the API (network only: patient data is not kept by the service worker) nor Firebase's
    // reserved /__/ addresses (/__/auth/ signs in).
    navigateFallback: '/index.html',
    // (Workbox matches the path with its query, whose values may hold dots: /auth/action?continueUrl=https://...)
    navigateFallbackAllowlist: [/^[^.?]*(?:\?.*)?$/],
    navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/__\//],
    cleanupOutdatedCaches: true,
  },
};

export default defineConfig({
  // zodInterpretsSchemas: zod never evals (the CSP forbids it), set where zod keeps its settings.
  // pureContractSchemas: the contract's unused schemas (and zod, where none is used) are left out of a page.
  // routeBudgets: prints each route's JavaScript (gzip) and fails the build over budget, and writes the pages
  // a visitor opens signed out (sign-in.html); prerenderPages puts the sign-in page's first render in its page,
  // and the styles of the Record tab's first render in index.html (the signed-in app's page).
  // VitePWA: the web app manifest and a Workbox service worker (docs/decisions.md "Installable, and working
  // through a dropped connection"). Last, so the pages routeBudgets writes are in its precache.
  plugins: [
    react(),
    pureContractSchemas(),
    zodInterpretsSchemas(),
    routeBudgets(),
    prerenderPages([
      { page: 'sign-in.html', module: '/src/app/prerender/prerender-sign-in.tsx', render: 'prerenderSignIn' },
      { page: 'index.html', module: '/src/app/prerender/prerender-record-styles.tsx', render: 'prerenderRecordTabStyles', stylesOnly: true },
    ]),
    VitePWA(pwaOptions),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    // index.html keeps its <link rel="modulepreload"> tags (the first page's chunks fetched side by side), but
    // a lazy import no longer appends one to the document for each chunk it needs while the page renders: on
    // the Record tab (63 files) that took 227 ms of main thread at 4x CPU (a CPU profile of a signed-in
    // reload, in Vite's preload helper), and Lighthouse's Total Blocking Time fell from 1,488 to about 950 ms
    // (docs/first-load.md). The chunk's own imports are fetched as soon as it arrives (the bundler hoists
    // them into it), and on a repeat visit every chunk comes from the service worker's precache. No
    // polyfill: every browser Charta supports knows modulepreload.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, context) => (context.hostType === 'html' ? deps : []) },
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app; separate chunks stay in browsers' caches across
        // deploys (Hosting serves /assets/** as immutable).
        codeSplitting: {
          groups: [
            { name: 'firebase', test: /node_modules[\\/](@firebase|firebase)[\\/]/, priority: 30 },
            // Not SWR: only the signed-in shell reads data through it, so it travels with the shell.
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    // The Hosting emulator serves the API on :5000 (rewriting /api/** to the function), so the dev server
    // forwards there and the app keeps calling same-origin /api/v1 as it does when deployed.
    proxy: {
      '/api': { target: 'http://127.0.0.1:5000', changeOrigin: true },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Whole pages in jsdom, typed into with user-event, take seconds on a busy 2-core machine: at vitest's 5 s
    // default, 12 page tests timed out in one run while other suites shared the cores. A wrong answer still
    // fails at once; only a slow right one gets the time.
    testTimeout: 20_000,
    // A complete, fake build-time environment, so code that reads config/env.ts behaves as in a real build.
    env: {
      VITE_FIREBASE_API_KEY: 'test-api-key',
      VITE_FIREBASE_AUTH_DOMAIN: 'demo-charta.firebaseapp.com',
      VITE_FIREBASE_PROJECT_ID: 'demo-charta',
      VITE_FIREBASE_APP_ID: '1:000000000000:web:test',
    },
  },
});

/**
 * Schemas are interpreted, never compiled, in the browser: the app's Content-Security-Policy (firebase.json)
 * forbids eval, and zod otherwise probes `new Function` as it builds each object schema, a blocked call the
 * browser reports as a CSP violation on every load. Interpreting is fast enough for forms and API answers.
 * zod reads `jitless` from its global config when a schema is built, so the setting is made in the module that
 * holds that config (zod/v4/core/core.js), as its last statement: whatever chunk zod's core lands in, it is set
 * before any schema exists, and a page that builds no schema loads nothing of zod. (It was `config({ jitless:
 * true })` in a module main.tsx imported first, with zod's core forced into one chunk beside it: 3.9 KB gzip of
 * zod on every page's first paint, the sign-in page's and the Record tab's included, which build no schema.)
 * Production builds only: the dev server pre-bundles dependencies without plugins, and serves no CSP.
 */
function zodInterpretsSchemas(): Plugin {
  const ZOD_CORE = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;
  return {
    name: 'charta-zod-interprets-schemas',
    apply: 'build',
    transform(code, id) {
      if (!ZOD_CORE.test(id)) return null;
      if (!code.includes('export function config(')) this.error('zod/v4/core/core.js no longer defines config(): see zodInterpretsSchemas');
      return { code: `${code}\nconfig({ jitless: true });\n`, map: null };
    },
  };
}
