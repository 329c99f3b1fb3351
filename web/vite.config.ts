import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pureContractSchemas } from '../scripts/pure-contract-schemas.mjs';
import { routeBudgets } from '../scripts/route-budgets.mjs';

export default defineConfig({
  // pureContractSchemas: the contract's unused schemas (and zod, where none is used) are left out of a page.
  // routeBudgets: prints each route's JavaScript (gzip) and fails the build over budget.
  plugins: [react(), pureContractSchemas(), routeBudgets()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
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
            // zod's core (where its global config lives, imported by every schema type) and the module that
            // makes it interpret (never eval) schemas travel together: a chunk runs only after the chunks it
            // imports, so the setting is in place before any schema is built, in whatever chunk it lands (the
            // app's CSP forbids eval; see schemas-without-eval.ts). The rest of zod goes only where schemas are
            // used: all of it in this group put 24 KB (gzip) on every page, the sign-in page's too.
            { name: 'zod-config', test: /node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$|[\\/]src[\\/]config[\\/]schemas-without-eval\.ts$/, priority: 20 },
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
