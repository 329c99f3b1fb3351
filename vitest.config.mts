import { defineConfig } from 'vitest/config';

// One runner for every kind of test; `npm test` runs them all with the Firebase emulators up
// (scripts/test.sh). Unit tests live beside the code in each workspace.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      'functions/vitest.config.mts',
      'web',
      {
        test: {
          name: 'integration',
          root: 'tests',
          include: ['integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Checks of what a build produces (it builds its own copy of the web app, so it runs on its own).
          name: 'build',
          root: 'tests',
          include: ['build/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'rules',
          root: 'tests',
          include: ['rules/**/*.test.ts'],
          environment: 'node',
          // Rules suites clear their own emulator project between tests: one file at a time.
          fileParallelism: false,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'tests',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // One browser at a time on a 2-core machine; each test drives the whole stack.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
